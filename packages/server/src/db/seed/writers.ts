/**
 * How the large seed writes: buffered rows of one table, written as value arrays through the
 * fastest path each engine offers (prepared multi-row statements on a bulk SQLite connection,
 * array literals on PostgreSQL, Kysely for an in-memory database).
 */
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
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
      let i = 0;
      for (; i + per <= rows.length; i += per) {
        statement(table, columns, per).run(rows.slice(i, i + per).flat());
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

/**
 * Column `column` of `rows` as a PostgreSQL array literal (`{1,NULL,"text"}`), the parameter
 * sent for `$n::type[]`. The same text node-pg makes of a JavaScript array, built here without
 * its per-element conversions: with forty columns of a million lines that conversion was most
 * of the loader's CPU time.
 */
function arrayLiteral(rows: readonly unknown[][], column: number): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const value = rows[i]?.[column];
    if (value === null || value === undefined) {
      parts[i] = 'NULL';
    } else if (typeof value === 'number') {
      parts[i] = String(value);
    } else if (typeof value === 'string') {
      parts[i] = /["\\]/.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : `"${value}"`;
    } else if (typeof value === 'boolean') {
      parts[i] = value ? 'true' : 'false';
    } else {
      throw new Error(`unexpected value in a seeded row: ${JSON.stringify(value)}`);
    }
  }
  return `{${parts.join(',')}}`;
}

/**
 * PostgreSQL: `insert … select * from unnest($1::int4[], $2::text[], …)`, one array per column.
 * Statements run one after the other in the order given, but the writer does not wait for one
 * to finish before returning: the generator builds the next batch while the server writes this
 * one (at most one statement waits behind the running one). `commit` waits for them all.
 */
export async function postgresWriter(db: Kysely<Database>): Promise<Writer> {
  const columnTypes = new Map<string, string>();
  const info = await sql<{ tableName: string; columnName: string; udtName: string }>`
    select table_name, column_name, udt_name from information_schema.columns where table_schema = current_schema()`.execute(
    db,
  );
  for (const c of info.rows) {
    columnTypes.set(`${c.tableName}.${c.columnName}`, c.udtName);
  }
  let tail: Promise<unknown> = Promise.resolve();
  const enqueue = async (statement: { execute(db: Kysely<Database>): Promise<unknown> }) => {
    const previous = tail;
    tail = previous.then(() => statement.execute(db));
    // Handled where `tail` is awaited (the next enqueue or commit), not an unhandled rejection.
    tail.catch(() => undefined);
    await previous;
  };
  return {
    async setPending(pairs) {
      if (pairs.length > 0) {
        await enqueue(sql`update requests set pending_change_request_id = v.pending_id
          from unnest(${pairs.map((p) => p[0])}::int4[], ${pairs.map((p) => p[1])}::int4[]) as v(record_id, pending_id)
          where requests.request_id = v.record_id`);
      }
    },
    async insert(table, columns, rows) {
      for (let start = 0; start < rows.length; start += 10_000) {
        const chunk = rows.slice(start, start + 10_000);
        const arrays = columns.map((column, i) => {
          const type = columnTypes.get(`${table}.${column}`);
          if (!type) {
            throw new Error(`unknown column ${table}.${column}`);
          }
          return sql`${arrayLiteral(chunk, i)}::${sql.raw(type)}[]`;
        });
        await enqueue(
          sql`insert into ${sql.raw(table)} (${sql.raw(columns.join(', '))}) select * from unnest(${sql.join(arrays)})`,
        );
      }
    },
    commit: () => tail.then(() => undefined),
    close: () => tail.then(() => undefined),
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
