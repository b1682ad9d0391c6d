import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOfTodayUtc } from '@uap/domain';
import { serviceLevelsFrom } from '../src/config.ts';
import type { CsvJob } from '../src/db/csv-formats.ts';
import { PgCsvWorker } from '../src/db/pg-csv-thread.ts';
import { trackerRowsQuery } from '../src/modules/tracker/line-queries.ts';
import { createTestContext, type TestContext } from './harness.ts';

/** The PostgreSQL exports' CSV worker (PostgreSQL only: SQLite's exports use its read workers). */
describe.runIf(process.env.TEST_PG_URL !== undefined)('The PostgreSQL CSV worker', () => {
  let ctx: TestContext;
  let job: () => CsvJob;
  beforeAll(async () => {
    ctx = await createTestContext();
    const ids = (
      await ctx.db.kysely.selectFrom('requests').select('requestId').orderBy('requestId').limit(5).execute()
    ).map((r) => r.requestId);
    const clock = { now: new Date(), levels: serviceLevelsFrom({}) };
    job = () => {
      const query = trackerRowsQuery(ctx.db, ids, startOfTodayUtc().toISOString(), clock);
      return {
        sql: query.sql,
        parameters: query.parameters,
        format: { name: 'tracker', options: { timeZone: 'UTC' } },
        order: { key: 'requestId', ids },
      };
    };
  });
  afterAll(async () => {
    await ctx.close();
  });

  const linesOf = async (worker: PgCsvWorker) => (await worker.csvLines(job())).toString('utf8');

  it('stops once idle, and a new one writes the next batch the same', async () => {
    const worker = new PgCsvWorker(ctx.config.databaseUrl, 200);
    try {
      const first = await linesOf(worker);
      expect(first.split(/\r?\n/).filter(Boolean)).toHaveLength(5);
      expect(worker.stats).toMatchObject({ started: 1, stopped: 0 });
      await vi.waitFor(() => expect(worker.stats.stopped).toBe(1), { timeout: 10_000, interval: 50 });
      expect(await linesOf(worker)).toBe(first);
      expect(worker.stats).toMatchObject({ started: 2, stopped: 1, jobs: 2 });
    } finally {
      await worker.close();
    }
    expect(worker.stats.stopped).toBe(2);
  });

  it('keeps its worker while batches keep coming', async () => {
    const worker = new PgCsvWorker(ctx.config.databaseUrl, 400);
    try {
      for (let i = 0; i < 8; i += 1) {
        await linesOf(worker);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(worker.stats).toMatchObject({ started: 1, stopped: 0, jobs: 8 });
    } finally {
      await worker.close();
    }
  });
});
