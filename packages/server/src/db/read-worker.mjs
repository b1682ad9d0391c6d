// One worker of the SQLite read pool (read-pool.ts): its own read-only connection to the WAL
// database, running the SELECTs the main thread posts and answering with their rows. Plain
// JavaScript so that it starts the same under `node --import tsx`, vitest and any loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin } from 'kysely';

/**
 * Rows are made here with the app's camelCase names (Kysely's own mapper, so the names are the
 * ones its plugin gives), from the statement's raw values: the main thread then finds nothing to
 * rename and keeps the rows as they arrive. A million-line export spent some 6 s of the main
 * thread's time renaming (2026-11-28).
 */
const camelCase = new CamelCasePlugin();

/**
 * The file's pages are read through a memory map (`mmap_size`, SQLITE_MMAP_MB; this SQLite
 * maps at most 2 GB): a page already in the operating system's cache is then read without a
 * system call, where each page otherwise took a `pread`. On this project's 2-core virtual
 * machine the system calls were most of a large read's time: the requester menu's walk under
 * a status and a region filter (a million lines) took 176–211 ms, 45 ms mapped. The mapped
 * pages are the operating system's file cache, shared with every connection, not the
 * process's own memory, and a read-only connection never writes through the map.
 */
function connect() {
  const connection = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  if (workerData.mmapBytes > 0) {
    connection.pragma(`mmap_size = ${Number(workerData.mmapBytes)}`);
  }
  return connection;
}

/** Reopened when the main connection has written new planner statistics (they load at open). */
let database = connect();

/**
 * Prepared statements by SQL text (the app sends the same few hundred shapes again and again),
 * each in raw mode with its result's camelCase names.
 */
const statements = new Map();
const STATEMENTS_KEPT = 500;

function prepared(sql) {
  let entry = statements.get(sql);
  if (entry === undefined) {
    const statement = database.prepare(sql);
    if (!statement.reader) {
      throw new Error('The read pool runs only statements that return rows');
    }
    const names = statement.columns().map((c) => camelCase.camelCase(c.name));
    entry = { statement: statement.raw(true), names };
    if (statements.size >= STATEMENTS_KEPT) {
      statements.delete(statements.keys().next().value);
    }
    statements.set(sql, entry);
  }
  return entry;
}

function rowsOf({ statement, names }, parameters) {
  const rows = statement.all(parameters);
  for (let r = 0; r < rows.length; r += 1) {
    const values = rows[r];
    const row = {};
    for (let i = 0; i < names.length; i += 1) {
      row[names[i]] = values[i];
    }
    rows[r] = row;
  }
  return rows;
}

/**
 * The export formats (csv-formats.ts, TypeScript: loaded through tsx's scoped import, which works
 * whatever loader the process runs under), loaded the first time a job asks for CSV lines.
 */
let formats;
const encoder = new TextEncoder();
const csvFormats = () =>
  (formats ??= import('tsx/esm/api').then(({ tsImport }) => tsImport('./csv-formats.ts', import.meta.url)));

parentPort.on('message', async ({ id, sql, parameters, csv, reloadStatistics }) => {
  try {
    if (reloadStatistics) {
      statements.clear();
      database.close();
      database = connect();
      parentPort.postMessage({ id, rows: [] });
      return;
    }
    if (csv) {
      // The lines of the rows, not the rows, as UTF-8 whose memory moves to the main thread
      // (csv-read.ts): it receives no rows and no string, only bytes to send.
      const { formatCsvLines } = await csvFormats();
      const bytes = encoder.encode(formatCsvLines(rowsOf(prepared(sql), parameters), csv.format, csv.order));
      parentPort.postMessage({ id, bytes }, [bytes.buffer]);
      return;
    }
    parentPort.postMessage({ id, rows: rowsOf(prepared(sql), parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
