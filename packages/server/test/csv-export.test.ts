import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, messages, type TrackerRow } from '@uap/domain';
import { pgCsvWorkerOf } from '../src/db/connection.ts';
import { csvExport, type BatchSource } from '../src/db/csv-export.ts';
import crypto from 'node:crypto';
import { sendCsv } from '../src/http/csv-reply.ts';
import { createExportSigner } from '../src/modules/audit/signing.ts';
import { unsignedCsv } from './signed-body.ts';
import { registerErrorHandler } from '../src/http/error-handler.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';

/** What a client that reads the whole response sees. */
interface Received {
  status: number;
  contentType: string;
  body: string;
  /** The response ended with its terminating chunk (a whole file), not a cut connection. */
  isComplete: boolean;
}

/** The cells of a CSV file (RFC 4180 quoting), without the byte order mark. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  const pattern = /("(?:[^"]|"")*"|[^,\n]*)(,|\n|$)/g;
  let record: string[] = [];
  for (const match of text.replace(/^\uFEFF/, '').matchAll(pattern)) {
    const [, cell = '', end] = match;
    record.push(cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
    if (end !== ',') {
      records.push(record);
      record = [];
      if (end === '') {
        break;
      }
    }
  }
  return records.filter((r) => r.length > 1 || r[0] !== '');
}

function fetchOverHttp(port: number, path: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'PUT' }, (res) => {
      let body = '';
      let isComplete = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => (isComplete = res.complete));
      res.on('error', () => {});
      res.on('close', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type']),
          body,
          isComplete,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

// SQLite: with read workers, each batch's lines are written on the worker that read it
// (db/csv-read.ts); without, on the main thread. PostgreSQL ignores the setting: its CSV worker
// writes them (db/pg-csv-thread.ts).
describe.each(['0', '2'])('the CSV export through the API (%s SQLite read workers)', (readWorkers) => {
  let ctx: TestContext;
  let token = '';
  beforeAll(async () => {
    ctx = await createTestContext({ SQLITE_READ_WORKERS: readWorkers });
    token = await ctx.tokenFor(demo.superAdmin);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const exportOf = (url: string) =>
    ctx.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload: {} });

  it('writes exactly the rows of the Request Tracker, dates in the caller’s zone', async () => {
    const localTimeZone = 'America/New_York';
    const pgJobs = () => pgCsvWorkerOf(ctx.db)?.stats.jobs ?? 0;
    const jobsBefore = pgJobs();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Request/AllRequests/Export',
      headers: { authorization: `Bearer ${token}` },
      payload: { localTimeZone },
    });
    expect(res.statusCode).toBe(200);
    // On PostgreSQL the lines came from the CSV worker, a job per batch.
    const jobs = pgJobs() - jobsBefore;
    expect(ctx.db.dialect === 'postgres' ? jobs > 0 : jobs === 0).toBe(true);
    const [header, ...lines] = parseCsv(unsignedCsv(res.body));
    const rows: TrackerRow[] = [];
    for (let page = 1; ; page += 1) {
      const pageRes = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Request/AllRequests',
        headers: { authorization: `Bearer ${token}` },
        payload: { page, pageSize: 100, orderBy: 'requestId', orderAsc: false, localTimeZone },
      });
      const data = pageRes.json<{ data: { requests: TrackerRow[]; totalCount: number } }>().data;
      rows.push(...data.requests);
      if (rows.length >= data.totalCount || data.requests.length === 0) {
        break;
      }
    }
    expect(rows.length).toBeGreaterThan(10);
    const column = (name: string) => header!.indexOf(name);
    expect(
      lines.map((l) => [l[column('Request ID')], l[column('Access Date')], l[column('Created Date')]]),
    ).toEqual(
      rows.map((r) => [String(r.requestId), r.accessDate, formatDateTime(r.createdDate, localTimeZone)]),
    );
  });

  it('answers a first batch that fails with an error envelope, not a 200 file', async () => {
    for (const url of ['/api/Request/AllRequests/Export', '/api/Request/UserRecords/Export']) {
      expect((await exportOf(url)).statusCode, url).toBe(200);
    }
    // Every batch query of both exports joins the platform names: make that table disappear.
    await sql`alter table platforms rename to platforms_gone`.execute(ctx.db.kysely);
    try {
      for (const url of ['/api/Request/AllRequests/Export', '/api/Request/UserRecords/Export']) {
        const res = await exportOf(url);
        expect(res.statusCode, url).toBe(500);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ succeeded: false, message: messages.serverError, data: null });
      }
    } finally {
      await sql`alter table platforms_gone rename to platforms`.execute(ctx.db.kysely);
    }
  });
});

describe('csvExport served by Fastify', () => {
  interface Row {
    id: number;
    name: string;
  }
  const columns = [
    { header: 'ID', value: (row: Row) => row.id },
    { header: 'Name', value: (row: Row) => row.name },
  ];
  /** Rows 10 down to 1 in keyset batches; the `failingCall`-th batch query fails. */
  function source(failingCall: number | null): BatchSource<Row> {
    let calls = 0;
    return (beforeId, limit) => {
      calls += 1;
      if (calls === failingCall) {
        return Promise.reject(new Error('the database went away'));
      }
      const ids = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].filter((id) => beforeId === null || id < beforeId);
      return Promise.resolve(ids.slice(0, limit).map((id) => ({ id, name: `row ${id}` })));
    };
  }

  let app: FastifyInstance;
  let port = 0;
  const logged: { msg: string; level: number }[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as { msg: string; level: number });
        done();
      },
    });
    app = Fastify({ logger: { level: 'warn', stream } });
    registerErrorHandler(app);
    const { privateKey } = crypto.generateKeyPairSync('ed25519');
    app.decorate(
      'exportSigner',
      await createExportSigner(privateKey, () => Promise.resolve({ seq: 0, link: Buffer.alloc(32) })),
    );
    const batchSize = 4;
    app.put('/whole', async (_req, reply) =>
      sendCsv(reply, 'whole.csv', await csvExport(source(null), (r) => r.id, columns, batchSize)),
    );
    app.put('/first-fails', async (_req, reply) =>
      sendCsv(reply, 'x.csv', await csvExport(source(1), (r) => r.id, columns, batchSize)),
    );
    app.put('/later-fails', async (_req, reply) =>
      sendCsv(reply, 'x.csv', await csvExport(source(2), (r) => r.id, columns, batchSize)),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends every batch and ends the file cleanly', async () => {
    const res = await fetchOverHttp(port, '/whole');
    expect(res.status).toBe(200);
    expect(res.isComplete).toBe(true);
    const lines = unsignedCsv(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toEqual(['ID,Name', ...[10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((id) => `${id},row ${id}`)]);
  });

  it('answers a failing first batch with an error status and the envelope', async () => {
    const res = await fetchOverHttp(port, '/first-fails');
    expect(res.status).toBe(500);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ succeeded: false, message: messages.serverError, data: null });
  });

  it('aborts the transfer when a later batch fails, and logs it', async () => {
    logged.length = 0;
    const res = await fetchOverHttp(port, '/later-fails');
    expect(res.status).toBe(200);
    // The client saw the first batch and then a cut connection, never the end of a file.
    expect(res.body).toContain('10,row 10');
    expect(res.body).not.toContain('6,row 6');
    expect(res.isComplete).toBe(false);
    expect(logged.map((l) => l.msg)).toContain('CSV export failed part-way; the transfer was aborted');
  });
});
