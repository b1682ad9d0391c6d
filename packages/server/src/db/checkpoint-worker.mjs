// The SQLite WAL's checkpoints, off the main thread (read-pool.ts starts it). Plain JavaScript so
// that it starts the same under `node --import tsx`, vitest and any loader.
import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * Copies the committed pages of the write-ahead log back into the database file every
 * `intervalMs`, as SQLite's automatic checkpoint would after a commit, but on this thread: the
 * main connection turns its own off (`wal_autocheckpoint = 0`). A checkpoint after a large
 * transaction (an access review's start writes some 200 MB) took 2.3 s, and SQLite runs the
 * automatic one inside the commit, on the thread that serves every request. PASSIVE: it never
 * waits for a reader or the writer, and copies what it can; a checkpoint with nothing to copy
 * costs microseconds.
 */
const connection = new SQLite(workerData.file, { fileMustExist: true });
connection.pragma('busy_timeout = 0');

// The timer keeps this thread alive; the main thread unrefs the worker, so it keeps no process up.
setInterval(() => {
  try {
    connection.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next tick tries again.
  }
}, workerData.intervalMs);
