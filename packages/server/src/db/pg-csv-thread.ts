import { Worker } from 'node:worker_threads';
import type { CsvJob, CsvLinesWriter } from './csv-formats.ts';
import { linesBuffer } from './csv-text.ts';
import { IdleTimer } from './idle-timer.ts';

interface Answer {
  id: number;
  bytes?: Uint8Array;
  error?: { message: string; code?: string };
}

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/** What a caller (a test) can see of the worker. */
export interface PgCsvWorkerStats {
  /** Batches the worker wrote since the start. */
  jobs: number;
  /** Workers started since the start (one per export, or per run of exports close together). */
  started: number;
  /** Workers stopped since the start, idle or closed. */
  stopped: number;
}

/**
 * How long the worker outlives its last batch. Then it closes its connections and stops, and its
 * memory goes back to the system: a full export leaves a few hundred MB of heap in the worker
 * (474–565 MB of the server's own memory after one, 203–212 MB before, 2026-12-01), which V8
 * keeps while the thread lives. The next export starts a new worker (a few milliseconds).
 */
export const CSV_WORKER_IDLE_MS = 10_000;

/** How long a stopping worker may take to close its connections before it is stopped anyway. */
const CLOSE_WAIT_MS = 5_000;

/**
 * PostgreSQL's exports off the main thread (csv-read.ts). node-postgres parses every row on the
 * thread that reads it, and a batch's lines are built where its rows are: during a full export
 * of a million lines the main thread did both, and the other requests waited behind them. One worker thread with its own
 * connections (pg-csv-worker.mjs, pg-csv-job.ts) reads each batch's rows and writes their lines;
 * the main thread receives the bytes and sends them. It starts with the first export and does not
 * keep the process alive while idle.
 */
export class PgCsvWorker implements CsvLinesWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Pending>();
  private nextId = 1;
  private isClosed = false;
  private readonly idle: IdleTimer;
  readonly stats: PgCsvWorkerStats = { jobs: 0, started: 0, stopped: 0 };

  constructor(
    private readonly url: string,
    idleMs = CSV_WORKER_IDLE_MS,
  ) {
    this.idle = new IdleTimer(idleMs);
  }

  /** The CSV lines of one batch's statement, written by the worker. */
  csvLines(job: CsvJob): Promise<Buffer> {
    return this.post(job).then((answer) => {
      this.stats.jobs += 1;
      return linesBuffer(answer.bytes);
    });
  }

  private post(message: CsvJob | { close: true }, worker?: Worker): Promise<Answer> {
    if (this.isClosed) {
      return Promise.reject(new Error('The database is closed'));
    }
    this.idle.cancel();
    worker ??= this.started();
    const id = this.nextId++;
    worker.ref();
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  private started(): Worker {
    if (this.worker !== null) {
      return this.worker;
    }
    const worker = new Worker(new URL('./pg-csv-worker.mjs', import.meta.url), {
      workerData: { url: this.url },
    });
    worker.unref();
    worker.on('message', (answer: Answer) => this.answered(worker, answer));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) =>
      this.lost(worker, new Error(`PostgreSQL CSV worker stopped (exit code ${code})`)),
    );
    this.worker = worker;
    this.stats.started += 1;
    return worker;
  }

  private answered(worker: Worker, answer: Answer): void {
    const pending = this.waiting.get(answer.id);
    if (!pending) {
      return;
    }
    this.waiting.delete(answer.id);
    if (this.waiting.size === 0) {
      // Nothing asked of any worker: the one in use waits for its next job, or stops.
      worker.unref();
      if (this.worker !== null) {
        this.worker.unref();
        this.stopWhenIdle(this.worker);
      }
    }
    if (answer.error) {
      pending.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      return;
    }
    pending.resolve(answer);
  }

  /** Stops the worker `idleMs` after its last batch unless another comes first. */
  private stopWhenIdle(worker: Worker): void {
    this.idle.after(() => {
      if (this.worker === worker && this.waiting.size === 0) {
        // The next job starts a new worker while this one closes its connections.
        this.worker = null;
        void this.stop(worker);
      }
    });
  }

  /** Closes a worker's connections (for at most CLOSE_WAIT_MS), then ends the worker. */
  private async stop(worker: Worker): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_WAIT_MS);
    });
    await Promise.race([this.post({ close: true }, worker).catch(() => undefined), waited]);
    clearTimeout(timer);
    await worker.terminate();
    this.stats.stopped += 1;
  }

  /** A worker that died fails its jobs; the next job starts a new one. */
  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) {
      return;
    }
    this.worker = null;
    for (const pending of this.waiting.values()) {
      pending.reject(error);
    }
    this.waiting.clear();
  }

  /** Ends the worker's connections, then the worker (the `Db`'s own end). */
  async close(): Promise<void> {
    if (this.isClosed) {
      return;
    }
    this.idle.cancel();
    const worker = this.worker;
    this.worker = null;
    if (worker !== null) {
      await this.stop(worker);
    }
    this.isClosed = true;
  }
}
