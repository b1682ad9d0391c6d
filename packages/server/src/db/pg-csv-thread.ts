import { Worker } from 'node:worker_threads';
import type { CsvJob, CsvLinesWriter } from './csv-formats.ts';
import { linesBuffer } from './csv-text.ts';

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
}

/**
 * PostgreSQL's exports off the main thread (csv-read.ts). node-postgres parses every row on the
 * thread that reads it, and a batch's lines are built where its rows are: during a full export
 * of a million lines the main thread did both, and the other requests waited behind them
 * (`/api/health` 291 ms median, 985 ms at worst, 2026-12-01). One worker thread with its own
 * connections (pg-csv-worker.mjs, pg-csv-job.ts) reads each batch's rows and writes their lines;
 * the main thread receives the bytes and sends them. It starts with the first export and does not
 * keep the process alive while idle.
 */
export class PgCsvWorker implements CsvLinesWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Pending>();
  private nextId = 1;
  private isClosed = false;
  readonly stats: PgCsvWorkerStats = { jobs: 0 };

  constructor(private readonly url: string) {}

  /** The CSV lines of one batch's statement, written by the worker. */
  csvLines(job: CsvJob): Promise<Buffer> {
    return this.post(job).then((answer) => {
      this.stats.jobs += 1;
      return linesBuffer(answer.bytes);
    });
  }

  private post(message: CsvJob | { close: true }): Promise<Answer> {
    if (this.isClosed) {
      return Promise.reject(new Error('The database is closed'));
    }
    const worker = this.started();
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
    return worker;
  }

  private answered(worker: Worker, answer: Answer): void {
    const pending = this.waiting.get(answer.id);
    if (!pending) {
      return;
    }
    this.waiting.delete(answer.id);
    if (this.waiting.size === 0) {
      worker.unref();
    }
    if (answer.error) {
      pending.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      return;
    }
    pending.resolve(answer);
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
    const worker = this.worker;
    if (worker !== null) {
      await this.post({ close: true }).catch(() => undefined);
    }
    this.isClosed = true;
    this.worker = null;
    await worker?.terminate();
  }
}
