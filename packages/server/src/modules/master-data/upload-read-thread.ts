import { Worker } from 'node:worker_threads';
import { HttpError } from '../../http/errors.ts';
import { IdleTimer } from '../../db/idle-timer.ts';
import type { SheetRow } from './upload-model.ts';

interface Answer {
  id: number;
  rows?: SheetRow[];
  /** Why the read failed; `status` is the refusal's (400) when the workbook was refused. */
  error?: { message: string; status: number | null; data: unknown };
}

/** How long the worker outlives its last read (the next upload of a batch starts no new one). */
export const WORKBOOK_WORKER_IDLE_MS = 10_000;

/**
 * Reads uploaded workbooks (upload-read.ts) on a worker thread, one at a time. Parsing a sheet is
 * synchronous work of up to seconds for a workbook within the limits: on the main thread it held
 * up every other request meanwhile (a hostile workbook left `/api/health` unanswered for a
 * minute). One read at a time leaves the other core to the requests; a second upload waits for
 * the first read. The worker starts with the first upload, does not keep the process alive, and
 * stops when idle.
 */
export class WorkbookReadThread {
  private worker: Worker | null = null;
  /** The read under way (later reads wait for it). */
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private isClosed = false;

  private readonly idle: IdleTimer;

  constructor(idleMs = WORKBOOK_WORKER_IDLE_MS) {
    this.idle = new IdleTimer(idleMs);
  }

  /** The workbook's rows, as `readWorkbook` reads them (its refusals as the same 400s). */
  read(file: Buffer): Promise<SheetRow[]> {
    const read = this.queue.then(() => this.readNow(file));
    this.queue = read.catch(() => undefined);
    return read;
  }

  private readNow(file: Buffer): Promise<SheetRow[]> {
    if (this.isClosed) {
      return Promise.reject(new Error('The workbook reader is closed'));
    }
    this.idle.cancel();
    const worker = this.started();
    const id = this.nextId++;
    worker.ref();
    return new Promise<SheetRow[]>((resolve, reject) => {
      const onMessage = (answer: Answer) => {
        if (answer.id !== id) {
          return;
        }
        done();
        if (answer.error) {
          const { message, status, data } = answer.error;
          reject(status === null ? new Error(message) : new HttpError(status, message, data));
          return;
        }
        resolve(answer.rows ?? []);
      };
      const onLost = (error: unknown) => {
        done();
        if (this.worker === worker) {
          this.worker = null;
        }
        reject(
          error instanceof Error ? error : new Error(`Workbook worker stopped (exit code ${String(error)})`),
        );
      };
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onLost);
        worker.off('exit', onLost);
        worker.unref();
        this.stopWhenIdle(worker);
      };
      worker.on('message', onMessage);
      worker.on('error', onLost);
      worker.on('exit', onLost);
      worker.postMessage({ id, file });
    });
  }

  private started(): Worker {
    if (this.worker === null) {
      this.worker = new Worker(new URL('./upload-read-worker.mjs', import.meta.url));
      this.worker.unref();
    }
    return this.worker;
  }

  /** Stops the worker `idleMs` after its last read unless another comes first. */
  private stopWhenIdle(worker: Worker): void {
    this.idle.after(() => {
      if (this.worker === worker) {
        this.worker = null;
        void worker.terminate();
      }
    });
  }

  /** Ends the worker (the app's own close). */
  async close(): Promise<void> {
    this.isClosed = true;
    this.idle.cancel();
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
