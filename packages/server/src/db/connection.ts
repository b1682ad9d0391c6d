import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type KyselyConfig,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PluginTransformResultArgs,
  type PostgresQueryResult,
  type QueryResult,
  type SqliteDatabase,
  type UnknownRow,
} from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { ReadPool, ReadPoolDialect, type ReadPoolStats } from './read-pool.ts';
import {
  CONNECTION_OPTIONS,
  KEPT_PLAN_OPTIONS,
  KEPT_PLAN_SUFFIX,
  keptPlanName,
  withLimits,
  type StatementLimits,
} from './pg-settings.ts';
import { PgCsvWorker } from './pg-csv-thread.ts';
import type { CsvLinesWriter } from './csv-formats.ts';
import { sealTransaction, type PendingChain } from './chain/seal.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** SQLite's pool of read-only worker connections (read-pool.ts); null: one connection does all. */
  readPool: ReadPoolStats | null;
}

export interface OpenOptions {
  /**
   * SQLite: worker threads for the SELECTs outside transactions (SQLITE_READ_WORKERS); 0, the
   * default, runs every query on the one main connection, as `:memory:` always does.
   */
  readWorkers?: number;
  /**
   * SQLite: MB of the file each connection reads through a memory map (SQLITE_MMAP_MB; 0, the
   * default: none). Writes still go through system calls (read-worker.mjs says why it pays).
   */
  mmapMb?: number;
  /** Kysely's query log (the benches capture the statements a request ran). */
  log?: KyselyConfig['log'];
  /** PostgreSQL: the serving connections' statement and lock timeouts (unset: none). */
  limits?: StatementLimits;
}

/** What a query runs on: the database itself or a transaction opened by `inTransaction`. */
export type Executor = Kysely<Database>;

/**
 * The one way a service opens a unit of work: `work` gets the transaction and passes it to its
 * queries; everything it writes commits together or not at all.
 */
export function inTransaction<T>(db: Db, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    const pending: PendingChain = new Map();
    pendingChains.set(trx, pending);
    const result = await work(trx);
    // The last step before the commit: what the work wrote to the history is chained with it.
    await sealTransaction(trx, db.dialect, pending);
    return result;
  });
}

const pendingChains = new WeakMap<Executor, PendingChain>();

/**
 * The history rows `trx` wrote so far, to chain before it commits (db/chain/pending.ts adds to
 * it). Throws when `trx` is not a transaction opened by `inTransaction`.
 */
export function pendingChainOf(trx: Executor): PendingChain {
  const pending = pendingChains.get(trx);
  if (!pending) {
    throw new Error('History rows are written inside inTransaction, so they commit with their chain entries');
  }
  return pending;
}

/** A value whose own keys the camelCase plugin renames (a JSON object or an array). */
const isNested = (value: unknown) =>
  Array.isArray(value) ||
  (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype);

/**
 * Kysely's camelCase mapping with the result's names found once: the rows of one result share
 * their columns, so each column's camelCase name is looked up once per result rather than once
 * per value (a tracker page: 50 rows of 45 columns). A row holding an object (a JSON value) is
 * mapped by the plugin itself, nested keys included. Rows whose names are already camelCase are
 * kept as they came.
 */
class CamelCaseResults extends CamelCasePlugin {
  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result;
    if (!Array.isArray(rows) || rows.length === 0) {
      return args.result;
    }
    const columns = Object.keys(rows[0]!);
    const names = columns.map((column) => this.camelCase(column));
    const first = rows[0]!;
    if (names.every((name, i) => name === columns[i] && !isNested(first[name]))) {
      // Already the app's names (the SQLite read workers make them so, or one-word columns), and
      // no nested keys to rename (a JSON value).
      return args.result;
    }
    return { ...args.result, rows: rows.map((row) => this.mapColumns(row, columns, names)) };
  }

  private mapColumns(row: UnknownRow, columns: string[], names: string[]): UnknownRow {
    const mapped: UnknownRow = {};
    for (let i = 0; i < columns.length; i++) {
      const value = row[columns[i]!];
      if (typeof value === 'object' && value !== null) {
        return this.mapRow(row);
      }
      mapped[names[i]!] = value;
    }
    return mapped;
  }
}

/**
 * The database of a configuration, opened as the server opens it: on a SQLite file, the reads on
 * the read workers (SQLITE_READ_WORKERS) and the file read through a memory map (SQLITE_MMAP_MB).
 */
export function openConfiguredDb(
  config: Pick<
    Config,
    'databaseUrl' | 'sqliteReadWorkers' | 'sqliteMmapMb' | 'pgStatementTimeoutMs' | 'pgLockTimeoutMs'
  >,
): Db {
  return openDb(config.databaseUrl, {
    readWorkers: config.sqliteReadWorkers,
    mmapMb: config.sqliteMmapMb,
    limits: { statementTimeoutMs: config.pgStatementTimeoutMs, lockTimeoutMs: config.pgLockTimeoutMs },
  });
}

/** Opens the database named by a URL: `sqlite:path`, `sqlite::memory:` or `postgres://…`. */
export function openDb(url: string, { readWorkers = 0, mmapMb = 0, log, limits }: OpenOptions = {}): Db {
  const options = { plugins: [new CamelCaseResults()], log };
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // No JIT compilation: it is made for long analytic scans, and on the app's statements its
    // compiling cost more than it saved (the reports' charts most). No parallel workers either:
    // starting them cost more than they saved on the app's statements, which serve many people
    // at once (bench/README.md has both). A connection string's own `options` wins.
    const max = Number(process.env.PG_POOL_MAX ?? 10);
    const pool = new pg.Pool({ connectionString: url, max, options: withLimits(CONNECTION_OPTIONS, limits) });
    // The kept plans' connections (see KEPT_PLAN): generic plans are all they run.
    const keptPool = new pg.Pool({
      connectionString: url,
      max: Math.ceil(max / 2),
      options: withLimits(KEPT_PLAN_OPTIONS, limits),
    });
    // The exports' CSV lines are read and written on a thread of their own (csv-read.ts).
    const csvWorker = new PgCsvWorker(url);
    // An idle connection the server closes (restart, failover, a dropped test database) must not
    // crash the process: the pool discards it and opens a new one on the next query.
    for (const each of [pool, keptPool]) {
      each.on('error', (error) => {
        console.error(`PostgreSQL connection lost: ${error.message}`);
      });
    }
    const db: Db = {
      kysely: new Kysely<Database>({
        dialect: new PostgresDialect({ pool: withKeptPlans(pool, keptPool, () => csvWorker.close()) }),
        ...options,
      }),
      dialect: 'postgres',
      readPool: null,
    };
    postgresPools.set(db, pool);
    pgCsvWorkers.set(db, csvWorker);
    return db;
  }
  if (!url.startsWith('sqlite:')) {
    throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url}`);
  }
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // The writer's page cache: 64 MiB instead of SQLite's 2 MiB. A line written to `requests`
  // touches a page of each of its indexes; a transaction of many lines (a bulk upload's batch)
  // dirties thousands of pages, which a small cache spills to the WAL before the commit and then
  // reads again.
  database.pragma('cache_size = -65536');
  // Statistics for the planner (SQLite's advice for a new connection): analyzes only the tables
  // that have none or whose size changed a lot since, so it is a no-op on most opens.
  database.pragma('optimize = 0x10002');
  const mmapBytes = file === ':memory:' ? 0 : mmapMb * 1024 ** 2;
  if (mmapBytes > 0) {
    database.pragma(`mmap_size = ${mmapBytes}`);
  }
  if (file === ':memory:' || readWorkers === 0) {
    const db: Db = {
      kysely: new Kysely<Database>({
        dialect: new SqliteDialect({ database: withStatementCache(database) }),
        ...options,
      }),
      dialect: 'sqlite',
      readPool: null,
    };
    sqliteConnections.set(db, { database, pool: null });
    return db;
  }
  // The workers make the rows with the plugin's camelCase names (CamelCaseResults keeps them).
  const pool = new ReadPool(path.resolve(file), readWorkers, mmapBytes);
  // The pool's checkpoint worker copies the WAL back: no commit here waits for a checkpoint.
  database.pragma('wal_autocheckpoint = 0');
  const db: Db = {
    kysely: new Kysely<Database>({
      dialect: new ReadPoolDialect(withStatementCache(database), pool),
      ...options,
    }),
    dialect: 'sqlite',
    readPool: pool.stats,
  };
  sqliteConnections.set(db, { database, pool });
  return db;
}

/** Prepared statements kept per connection: the app sends the same few hundred shapes again and again. */
const STATEMENTS_KEPT = 500;

/**
 * The main connection as Kysely's driver sees it, preparing each SQL text once (compiling a
 * statement costs about as much as running an indexed one). `all` and `run` are synchronous, so a
 * kept statement is never used twice at once; `iterate` (a streamed read, which stays open across
 * awaits) gets a statement of its own. A schema change re-prepares a kept statement by itself.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  const kept = (text: string) => {
    let statement = statements.get(text);
    if (statement === undefined) {
      statement = database.prepare(text);
      if (statements.size >= STATEMENTS_KEPT) {
        statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
    }
    return statement;
  };
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (text) => {
      const statement = kept(text);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        run: (parameters) => statement.run(parameters),
        iterate: (parameters) => database.prepare(text).iterate(parameters),
      };
    },
  };
}

/**
 * Ends a statement whose plan PostgreSQL may keep: a wide read of a few rows by id (a page's
 * lines with a dozen names joined) costs PostgreSQL far more to plan than to run, because the
 * planner weighs every order of the joins. Such a statement is sent as a named prepared statement
 * whose generic plan PostgreSQL keeps from its first run on a connection (see `withKeptPlans`).
 * Its text must not vary with the number of ids (on PostgreSQL, `= any(array)` rather than
 * `in (…)`). SQLite ignores the comment (it keeps every statement).
 */
export const KEPT_PLAN = sql.raw(KEPT_PLAN_SUFFIX);

/**
 * Runs a marked statement inside a transaction, on the transaction's connection, with its
 * generic plan from the first run: `plan_cache_mode` is set for this statement only (a generic
 * plan for the other statements, filtered pages among them, could be far worse than a custom
 * one). In a transaction that fails, the rollback undoes the setting as well.
 */
async function keptQueryInTransaction(client: pg.PoolClient, text: string, values: unknown[]) {
  await client.query('set plan_cache_mode = force_generic_plan');
  let isDone = false;
  try {
    const result = await client.query({ name: keptPlanName(text), text, values });
    isDone = true;
    return result;
  } finally {
    // After a failure inside a transaction the reset fails too (the rollback undoes the set).
    await client.query('reset plan_cache_mode').catch((error: unknown) => {
      if (isDone) {
        throw error;
      }
    });
  }
}

const BEGINS = /^(begin|start transaction)\b/i;
const ENDS = /^(commit|rollback)$/i;

/**
 * PostgreSQL's pool as Kysely's driver sees it, running the statements marked with `KEPT_PLAN`
 * as named prepared statements with their generic plans. Left to itself PostgreSQL plans the
 * first five runs on each connection afresh, which cost more than the tracker's page read.
 * Outside a transaction (almost every such read) the statement goes to `keptPool`, whose
 * connections run every statement with its generic plan: no round trips to change the setting
 * around it. Inside one it runs on the transaction's connection (`keptQueryInTransaction`).
 * Kysely sends `begin`/`start transaction` and `commit`/`rollback` as statements of their own.
 */
function withKeptPlans(pool: pg.Pool, keptPool: pg.Pool, onEnd: () => Promise<void>): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let isInTransaction = false;
    // Kysely calls query(text, parameters) for a statement and query(cursor) for a stream.
    function query<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query(textOrCursor: string | PostgresCursor<unknown>, parameters?: readonly unknown[]): unknown {
      if (typeof textOrCursor !== 'string') {
        return client.query(textOrCursor as unknown as pg.Submittable);
      }
      const values = [...(parameters ?? [])];
      if (!textOrCursor.endsWith(KEPT_PLAN_SUFFIX)) {
        if (BEGINS.test(textOrCursor)) {
          isInTransaction = true;
        } else if (ENDS.test(textOrCursor)) {
          isInTransaction = false;
        }
        return client.query(textOrCursor, values);
      }
      return isInTransaction
        ? keptQueryInTransaction(client, textOrCursor, values)
        : keptPool.query({ name: keptPlanName(textOrCursor), text: textOrCursor, values });
    }
    return { query, release: (destroy) => client.release(destroy) };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let kept = wrapped.get(client);
      if (kept === undefined) {
        kept = wrap(client);
        wrapped.set(client, kept);
      }
      return kept;
    },
    end: async () => {
      await Promise.all([pool.end(), keptPool.end(), onEnd()]);
    },
  };
}

/** The pool behind a PostgreSQL `Db`. */
const postgresPools = new WeakMap<Db, pg.Pool>();

/**
 * PostgreSQL: a client of the `Db`'s pool of its own, for what Kysely cannot send (the large
 * seed's `COPY … FROM STDIN`); null on SQLite. The caller releases it.
 */
export async function postgresClient(db: Db): Promise<pg.PoolClient | null> {
  return (await postgresPools.get(db)?.connect()) ?? null;
}

/** The CSV worker of a PostgreSQL `Db` (started on its first job). */
const pgCsvWorkers = new WeakMap<Db, PgCsvWorker>();

/** PostgreSQL: the thread that reads and writes the exports' CSV lines; null on SQLite. */
export function pgCsvWorkerOf(db: Db): PgCsvWorker | null {
  return pgCsvWorkers.get(db) ?? null;
}

/**
 * The thread that reads an export batch's rows and writes their CSV lines (csv-read.ts): SQLite's
 * read pool on a file with read workers, PostgreSQL's CSV worker; null where the main thread
 * reads (SQLite in memory or without read workers).
 */
export function csvLinesWriterOf(db: Db): CsvLinesWriter | null {
  return readPoolOf(db) ?? pgCsvWorkerOf(db);
}

/** The connections behind a SQLite `Db`, for the planner statistics below. */
const sqliteConnections = new WeakMap<Db, { database: SQLite.Database; pool: ReadPool | null }>();

/** The read workers of a SQLite `Db` (null: none, or PostgreSQL). */
export function readPoolOf(db: Db): ReadPool | null {
  return sqliteConnections.get(db)?.pool ?? null;
}

/**
 * SQLite reads the planner's statistics (sqlite_stat1) when a connection opens and keeps them:
 * a table that grew a lot since (a bulk upload) is planned for its old size until a restart.
 * This runs `PRAGMA optimize` on the main connection (it analyzes only the tables whose size
 * changed a lot, so it is cheap when nothing did), then has every read worker load the new
 * statistics before its next query. PostgreSQL's autovacuum keeps its statistics itself.
 * Called every few hours (app.ts, PLANNER_STATISTICS_HOURS) and after large writes.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  const connections = sqliteConnections.get(db);
  if (!connections) {
    return;
  }
  connections.database.pragma('optimize = 0x10002');
  await connections.pool?.reloadStatistics();
}

/** Counts come back as strings from some drivers; convert once here. */
export function toCount(value: unknown): number {
  return typeof value === 'number' ? value : Number(value ?? 0);
}

/** The current instant as the ISO string every timestamp column holds. */
export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * One round trip to the database (the health check). A SELECT, so that on SQLite it is read by a
 * read worker: the main connection may be held by a long write (a campaign's start, a bulk
 * upload), and the check then waited for its commit (2.8 s during a start of 315,522 items).
 */
export async function pingDatabase(db: Db): Promise<void> {
  await db.kysely.selectNoFrom(sql<number>`1`.as('one')).execute();
}
