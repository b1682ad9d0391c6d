/**
 * How the large seed writes: buffered rows of one table, written as value arrays through the
 * fastest path each engine offers (prepared multi-row statements on a bulk SQLite connection,
 * COPY on PostgreSQL, Kysely for an in-memory database).
 */
import { finished } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import { postgresClient, type Db } from '../connection.ts';
import type { Database } from '../schema.ts';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Writes rows given as value arrays in column order; the fastest path each engine offers. */
export interface Writer {
  insert(table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void>;
  /**
   * Points records at their pending change: `[recordId, pendingRequestId]`. Written after the
   * rows exist, since a record is inserted before the later line it points at and a batch may
   * split between them.
   */
  setPending(pairs: readonly (readonly [number, number])[]): Promise<void>;
  /** Makes everything written so far durable (one transaction per flush on SQLite). */
  commit(): Promise<void>;
  close(): Promise<void>;
}

/** The database file (null in memory). */
export async function sqliteFile(db: Kysely<Database>): Promise<string | null> {
  const list = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  return list.rows.find((r) => r.name === 'main')?.file || null;
}

/**
 * How much of the file the bulk connection maps into memory: better-sqlite3's SQLite maps at
 * most 2 GB (SQLITE_MAX_MMAP_SIZE), which holds the large seed's tables while their indexes
 * are rebuilt (they are written before them).
 */
const BULK_MMAP_BYTES = 2 * 1024 ** 3;

/**
 * The settings of a SQLite connection for bulk work: no fsync, a 1 GB page cache, temporary
 * data (index sorts) in memory and up to two helper threads for sorting, foreign keys off. The
 * file is read through a memory map: building an index of `requests` (1,000,000 lines) scans
 * the table from the mapped pages instead of copying each into the page cache, where it
 * competed with the index's own pages (bench/README.md).
 */
export const BULK_PRAGMAS = [
  'busy_timeout = 10000',
  'synchronous = OFF',
  'cache_size = -1000000',
  'temp_store = MEMORY',
  'threads = 2',
  `mmap_size = ${BULK_MMAP_BYTES}`,
  'foreign_keys = OFF',
];

/** A second connection on the SQLite file for bulk work (BULK_PRAGMAS). */
export async function sqliteBulkConnection(db: Kysely<Database>): Promise<SQLite.Database | null> {
  const file = await sqliteFile(db);
  if (!file) {
    return null;
  }
  const raw = new SQLite(file);
  BULK_PRAGMAS.forEach((pragma) => raw.pragma(pragma));
  return raw;
}

/**
 * SQLite: a worker thread with its own bulk connection on the file (write-worker.mjs) writes
 * the batches with prepared multi-row statements, in the order given, committing every flush,
 * while the generator builds the next batch on the main thread (both cores busy: the inserts
 * had been about half of the load's time). `commit` waits for the flush before the last one,
 * so at most two flushes are held in memory. Foreign keys are not checked on the bulk
 * connection (the generator builds consistent rows); the tests check the result.
 */
export async function sqliteWriter(db: Kysely<Database>): Promise<Writer | null> {
  const file = await sqliteFile(db);
  if (!file) {
    return null;
  }
  const worker = new Worker(new URL('./write-worker.mjs', import.meta.url), {
    workerData: { file, pragmas: BULK_PRAGMAS },
  });
  let failure: Error | null = null;
  let seq = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const fail = (error: Error) => {
    failure ??= error;
    waiting.forEach((w) => w.reject(error));
    waiting.clear();
  };
  worker.on('message', ({ done }: { done: number }) => {
    waiting.get(done)?.resolve();
    waiting.delete(done);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the seed's SQLite writer stopped (exit code ${code})`)));
  const post = (message: object) => {
    if (failure) {
      throw failure;
    }
    worker.postMessage(message);
  };
  /** Posts `op` and returns the promise of its acknowledgement. */
  const acknowledged = (op: 'commit' | 'close') => {
    seq += 1;
    const done = new Promise<void>((resolve, reject) => waiting.set(seq, { resolve, reject }));
    post({ op, seq });
    return done;
  };
  let previousCommit: Promise<void> = Promise.resolve();
  return {
    setPending(pairs) {
      post({ op: 'pending', pairs });
      return Promise.resolve();
    },
    insert(table, columns, rows) {
      post({ op: 'insert', table, columns, rows });
      return Promise.resolve();
    },
    async commit() {
      const previous = previousCommit;
      previousCommit = acknowledged('commit');
      // Handled when awaited (the next commit or close), not an unhandled rejection.
      previousCommit.catch(() => undefined);
      await previous;
    },
    async close() {
      try {
        await previousCommit;
        await acknowledged('close');
      } finally {
        worker.removeAllListeners('exit');
        await worker.terminate();
      }
    },
  };
}

/** The characters COPY's text format escapes with a backslash. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format (`\N` for NULL; backslash, tab, newline and return escaped). */
function copyValue(value: unknown): string | number {
  if (value === null || value === undefined) {
    return '\\N';
  }
  if (typeof value === 'string') {
    return COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] ?? c) : value;
  }
  if (typeof value === 'number') {
    return value;
  }
  if (typeof value === 'boolean') {
    return value ? 't' : 'f';
  }
  throw new Error(`unexpected value in a seeded row: ${JSON.stringify(value)}`);
}

/**
 * Rows as the text COPY reads: one line per row, tab between values. Each line is one `join`
 * of its values (string concatenation value by value took twice as long).
 */
function copyText(rows: readonly unknown[][]): string {
  const lines = new Array<string>(rows.length);
  const values: (string | number)[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] ?? [];
    values.length = row.length;
    for (let c = 0; c < row.length; c++) {
      values[c] = copyValue(row[c]);
    }
    lines[i] = values.join('\t');
  }
  return lines.join('\n') + '\n';
}

/**
 * PostgreSQL: `COPY table (columns) FROM STDIN` in text format (pg-copy-streams) on a client of
 * its own, one COPY per flush of a table: the server parses plain text rows, with none of an
 * INSERT's per-statement planning or array unpacking. Statements run one after the other in
 * the order given, but the writer does not wait for one to finish before returning: the
 * generator builds the next batch while the server writes this one (at most one statement
 * waits behind the running one). `commit` waits for them all.
 */
export async function postgresWriter(db: Db): Promise<Writer> {
  const client = await postgresClient(db);
  if (!client) {
    throw new Error('postgresWriter needs a PostgreSQL database');
  }
  let tail: Promise<unknown> = Promise.resolve();
  const enqueue = async (statement: () => Promise<unknown>) => {
    const previous = tail;
    tail = previous.then(statement);
    // Handled where `tail` is awaited (the next enqueue or commit), not an unhandled rejection.
    tail.catch(() => undefined);
    await previous;
  };
  return {
    async setPending(pairs) {
      if (pairs.length > 0) {
        const records = `{${pairs.map((p) => p[0]).join(',')}}`;
        const pendings = `{${pairs.map((p) => p[1]).join(',')}}`;
        await enqueue(() =>
          client.query(
            `update requests set pending_change_request_id = v.pending_id
             from unnest($1::int4[], $2::int4[]) as v(record_id, pending_id)
             where requests.request_id = v.record_id`,
            [records, pendings],
          ),
        );
      }
    },
    async insert(table, columns, rows) {
      const text = copyText(rows);
      await enqueue(async () => {
        const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
        stream.end(text);
        await finished(stream);
      });
    },
    commit: () => tail.then(() => undefined),
    close: () =>
      tail.then(
        () => client.release(),
        (error: unknown) => {
          client.release(true);
          throw error;
        },
      ),
  };
}

/** Fallback (in-memory SQLite): plain multi-row inserts through Kysely. */
export function kyselyWriter(db: Kysely<Database>): Writer {
  return {
    async setPending(pairs) {
      for (const [recordId, pendingId] of pairs) {
        await db
          .updateTable('requests')
          .set({ pendingChangeRequestId: pendingId })
          .where('requestId', '=', recordId)
          .execute();
      }
    },
    async insert(table, columns, rows) {
      const per = Math.max(1, Math.floor(30_000 / columns.length));
      for (let start = 0; start < rows.length; start += per) {
        const tuples = rows.slice(start, start + per).map((r) => sql`(${sql.join(r.map((v) => v ?? null))})`);
        await sql`insert into ${sql.raw(table)} (${sql.raw(columns.join(', '))}) values ${sql.join(tuples)}`.execute(
          db,
        );
      }
    },
    commit: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** Buffers objects of one table and writes them as value arrays. */
export class TableBuffer<T extends object> {
  private rows: unknown[][] = [];
  private keys: string[] | null = null;
  private columns: string[] = [];

  constructor(
    private readonly writer: Writer,
    private readonly table: string,
  ) {}

  push(row: T) {
    if (!this.keys) {
      this.keys = Object.keys(row);
      this.columns = this.keys.map(snake);
    }
    const record = row as Record<string, unknown>;
    this.rows.push(this.keys.map((k) => record[k]));
  }

  get size() {
    return this.rows.length;
  }

  async flush() {
    if (this.rows.length > 0) {
      await this.writer.insert(this.table, this.columns, this.rows);
      this.rows = [];
    }
  }
}
