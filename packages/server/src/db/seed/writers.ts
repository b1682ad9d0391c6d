/**
 * How the large seed writes: buffered rows of one table, written as value arrays through the
 * fastest path each engine offers (prepared multi-row statements on a bulk SQLite connection,
 * COPY on PostgreSQL, Kysely for an in-memory database).
 */
import { finished } from 'node:stream/promises';
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
async function sqliteFile(db: Kysely<Database>): Promise<string | null> {
  const list = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  return list.rows.find((r) => r.name === 'main')?.file || null;
}

/**
 * A second connection on the SQLite file for bulk work: no fsync, a 1 GB page cache, temporary
 * data (index sorts) in memory and up to two helper threads for sorting, foreign keys off.
 */
export async function sqliteBulkConnection(db: Kysely<Database>): Promise<SQLite.Database | null> {
  const file = await sqliteFile(db);
  if (!file) {
    return null;
  }
  const raw = new SQLite(file);
  raw.pragma('busy_timeout = 10000');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -1000000');
  raw.pragma('temp_store = MEMORY');
  raw.pragma('threads = 2');
  raw.pragma('foreign_keys = OFF');
  return raw;
}

/**
 * SQLite: a second better-sqlite3 connection on the same file with prepared multi-row
 * statements, big cache and no fsync, committing every flush. Foreign keys are not checked on
 * this connection (the generator builds consistent rows); the tests check the result.
 */
export async function sqliteWriter(db: Kysely<Database>): Promise<Writer | null> {
  const raw = await sqliteBulkConnection(db);
  if (!raw) {
    return null;
  }
  const statements = new Map<string, SQLite.Statement>();
  const statement = (table: string, columns: readonly string[], rows: number) => {
    const key = `${table}:${columns.length}:${rows}`;
    let s = statements.get(key);
    if (!s) {
      const tuple = `(${columns.map(() => '?').join(',')})`;
      s = raw.prepare(
        `insert into ${table} (${columns.join(',')}) values ${Array.from({ length: rows }, () => tuple).join(',')}`,
      );
      statements.set(key, s);
    }
    return s;
  };
  const pending = raw.prepare('update requests set pending_change_request_id = ? where request_id = ?');
  raw.exec('begin');
  return {
    setPending(pairs) {
      for (const [recordId, pendingId] of pairs) {
        pending.run(pendingId, recordId);
      }
      return Promise.resolve();
    },
    insert(table, columns, rows) {
      const per = Math.max(1, Math.min(100, Math.floor(30_000 / columns.length)));
      // The parameters of `per` rows, copied into one array by hand: `rows.slice().flat()` cost
      // about 30 times more (0.5 s per 20,000 lines of forty columns).
      const values = new Array<unknown>(per * columns.length);
      let i = 0;
      for (; i + per <= rows.length; i += per) {
        let k = 0;
        for (let r = i; r < i + per; r++) {
          const row = rows[r] ?? [];
          for (let c = 0; c < columns.length; c++) {
            values[k++] = row[c];
          }
        }
        statement(table, columns, per).run(values);
      }
      for (; i < rows.length; i++) {
        statement(table, columns, 1).run(rows[i] ?? []);
      }
      return Promise.resolve();
    },
    commit() {
      raw.exec('commit');
      raw.exec('begin');
      return Promise.resolve();
    },
    close() {
      raw.exec('commit');
      raw.close();
      return Promise.resolve();
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
