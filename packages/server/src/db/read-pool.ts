import { Worker } from 'node:worker_threads';
import {
  SelectQueryNode,
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';
import type { CsvFormat, CsvJob, CsvLinesWriter, IdOrder } from './csv-formats.ts';
import { linesBuffer } from './csv-text.ts';

/**
 * Both cores on SQLite (docs/architecture.md, "Performance design"). better-sqlite3 is synchronous: a
 * query that runs for a second on the main thread stalls every other request for that second.
 * So every SELECT outside a transaction runs on a small pool of worker threads, each with its
 * own read-only connection to the same WAL database; writes and everything inside
 * `inTransaction` stay on the one main connection, in order, as before.
 *
 * A reader sees every transaction committed before its statement starts (WAL snapshots), and a
 * commit on the main connection finishes before the request that made it goes on: a request
 * reads its own writes. A worker's rows come with the app's camelCase names (read-worker.mjs).
 * The WAL's checkpoints run on a thread of their own as well (checkpoint-worker.mjs).
 */

/**
 * How often the checkpoint worker copies the WAL back into the database file. SQLite's automatic
 * checkpoint ran after any commit that left the WAL over 1,000 pages (4 MB); a second's writes
 * stay well under that, so the WAL stays about as small.
 */
const CHECKPOINT_INTERVAL_MS = 1_000;

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
  slot: Slot;
}

interface Slot {
  worker: Worker;
  /** Queries posted and not yet answered: the next query goes to the least busy worker. */
  pending: number;
}

interface Answer {
  id: number;
  rows?: unknown[];
  /** A `csvLines` job's lines, UTF-8 (its memory moved, not copied, from the worker). */
  bytes?: Uint8Array;
  error?: { message: string; code?: string };
}

type Message =
  | { sql: string; parameters: readonly unknown[] }
  | { sql: string; parameters: readonly unknown[]; csv: { format: CsvFormat; order: IdOrder } }
  | { reloadStatistics: true };

/** What a caller (a test, the metrics) can see of the pool. */
export interface ReadPoolStats {
  workers: number;
  /** Queries the workers answered since the start. */
  reads: number;
}

export class ReadPool implements CsvLinesWriter {
  private readonly slots: Slot[] = [];
  private readonly waiting = new Map<number, Pending>();
  private nextId = 1;
  private isClosed = false;
  readonly stats: ReadPoolStats;
  /** The WAL's checkpoints, off the main thread (checkpoint-worker.mjs). */
  private readonly checkpointer: Worker;

  constructor(
    private readonly file: string,
    size: number,
    /** Bytes of the file each worker reads through a memory map (read-worker.mjs); 0: none. */
    private readonly mmapBytes = 0,
  ) {
    this.stats = { workers: size, reads: 0 };
    for (let i = 0; i < size; i += 1) {
      this.slots.push(this.start());
    }
    this.checkpointer = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
      workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
    });
    this.checkpointer.unref();
  }

  private start(): Slot {
    const worker = new Worker(new URL('./read-worker.mjs', import.meta.url), {
      workerData: { file: this.file, mmapBytes: this.mmapBytes },
    });
    const slot: Slot = { worker, pending: 0 };
    // An idle worker does not keep the process alive; one with work does (see `run`).
    worker.unref();
    worker.on('message', (answer: Answer) => this.answered(answer));
    worker.on('error', (error) => this.lost(slot, error));
    worker.on('exit', (code) => this.lost(slot, new Error(`SQLite read worker stopped (exit code ${code})`)));
    return slot;
  }

  /** A worker that died fails its queries and is replaced; the others carry on. */
  private lost(slot: Slot, error: Error): void {
    for (const [id, pending] of this.waiting) {
      if (pending.slot === slot) {
        this.waiting.delete(id);
        pending.reject(error);
      }
    }
    const index = this.slots.indexOf(slot);
    if (index >= 0 && !this.isClosed) {
      this.slots[index] = this.start();
    }
  }

  private answered(answer: Answer): void {
    const { id, error } = answer;
    const pending = this.waiting.get(id);
    if (!pending) {
      return;
    }
    this.waiting.delete(id);
    pending.slot.pending -= 1;
    if (pending.slot.pending === 0) {
      pending.slot.worker.unref();
    }
    if (error) {
      pending.reject(Object.assign(new Error(error.message), { code: error.code }));
      return;
    }
    this.stats.reads += 1;
    pending.resolve(answer);
  }

  async run(sql: string, parameters: readonly unknown[]): Promise<QueryResult<unknown>> {
    return { rows: (await this.postToLeastBusy({ sql, parameters })).rows ?? [] };
  }

  /**
   * The CSV lines of a read's rows, written and encoded by the worker that reads them
   * (csv-read.ts): the main thread receives their bytes, not the rows. The worker loads the
   * formats (csv-formats.ts) the first time it is asked.
   */
  async csvLines({ sql, parameters, format, order }: CsvJob): Promise<Buffer> {
    const { bytes } = await this.postToLeastBusy({ sql, parameters, csv: { format, order } });
    return linesBuffer(bytes);
  }

  private postToLeastBusy(message: Message): Promise<Answer> {
    if (this.isClosed) {
      return Promise.reject(new Error('The database is closed'));
    }
    let slot = this.slots[0]!;
    for (const candidate of this.slots) {
      if (candidate.pending < slot.pending) {
        slot = candidate;
      }
    }
    return this.post(slot, message);
  }

  /**
   * Every worker loads the planner statistics the main connection last wrote (a read-only
   * connection cannot run `ANALYZE sqlite_schema`, so each reopens its connection). A worker
   * takes its messages in order: every query posted after this call is planned with them.
   */
  async reloadStatistics(): Promise<void> {
    if (this.isClosed) {
      return;
    }
    await Promise.all(this.slots.map((slot) => this.post(slot, { reloadStatistics: true })));
  }

  private post(slot: Slot, message: Message): Promise<Answer> {
    const id = this.nextId++;
    slot.pending += 1;
    slot.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, slot });
      slot.worker.postMessage({ id, ...message });
    });
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await Promise.all([...this.slots.map((s) => s.worker.terminate()), this.checkpointer.terminate()]);
  }
}

/**
 * A connection as Kysely sees it: SELECTs go to the pool; anything else, and everything between
 * `begin` and `commit`, takes the main connection (held for the whole transaction, as
 * Kysely's own SQLite driver holds it).
 */
class RoutingConnection implements DatabaseConnection {
  /** The main connection while this one holds it (a transaction). */
  main: DatabaseConnection | null = null;

  constructor(
    private readonly inner: Driver,
    private readonly pool: ReadPool,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.main) {
      return this.main.executeQuery<R>(compiled);
    }
    if (SelectQueryNode.is(compiled.query)) {
      return (await this.pool.run(compiled.sql, compiled.parameters)) as QueryResult<R>;
    }
    const main = await this.inner.acquireConnection();
    try {
      return await main.executeQuery<R>(compiled);
    } finally {
      await this.inner.releaseConnection(main);
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.main) {
      yield* this.main.streamQuery<R>(compiled, chunkSize);
      return;
    }
    const main = await this.inner.acquireConnection();
    try {
      yield* main.streamQuery<R>(compiled, chunkSize);
    } finally {
      await this.inner.releaseConnection(main);
    }
  }
}

class ReadPoolDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly pool: ReadPool,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutingConnection(this.inner, this.pool);
  }

  private mainOf(connection: DatabaseConnection): DatabaseConnection {
    const main = (connection as RoutingConnection).main;
    if (!main) {
      throw new Error('No transaction is open on this connection');
    }
    return main;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const routing = connection as RoutingConnection;
    const main = await this.inner.acquireConnection();
    try {
      await this.inner.beginTransaction(main, settings);
    } catch (error) {
      await this.inner.releaseConnection(main);
      throw error;
    }
    routing.main = main;
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(this.mainOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(this.mainOf(connection));
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!(this.mainOf(connection), name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!(this.mainOf(connection), name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!(this.mainOf(connection), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routing = connection as RoutingConnection;
    if (routing.main) {
      const main = routing.main;
      routing.main = null;
      await this.inner.releaseConnection(main);
    }
  }

  async destroy(): Promise<void> {
    await this.pool.close();
    await this.inner.destroy();
  }
}

/** Kysely's SQLite dialect with the SELECTs outside transactions sent to `pool`. */
export class ReadPoolDialect extends SqliteDialect {
  constructor(
    database: SqliteDatabase,
    private readonly pool: ReadPool,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    return new ReadPoolDriver(super.createDriver(), this.pool);
  }
}
