// One worker of the SQLite read pool (read-pool.ts): its own read-only connection to the WAL
// database, running the SELECTs the main thread posts and answering with their rows. Plain
// JavaScript so that it starts the same under `node --import tsx`, vitest and any loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

function connect() {
  const connection = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  return connection;
}

/** Reopened when the main connection has written new planner statistics (they load at open). */
let database = connect();

/** Prepared statements by SQL text: the app sends the same few hundred shapes again and again. */
const statements = new Map();
const STATEMENTS_KEPT = 500;

function statementOf(sql) {
  let statement = statements.get(sql);
  if (statement === undefined) {
    statement = database.prepare(sql);
    if (statements.size >= STATEMENTS_KEPT) {
      statements.delete(statements.keys().next().value);
    }
    statements.set(sql, statement);
  }
  return statement;
}

parentPort.on('message', ({ id, sql, parameters, reloadStatistics }) => {
  try {
    if (reloadStatistics) {
      statements.clear();
      database.close();
      database = connect();
      parentPort.postMessage({ id, rows: [] });
      return;
    }
    const statement = statementOf(sql);
    if (!statement.reader) {
      throw new Error('The read pool runs only statements that return rows');
    }
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
