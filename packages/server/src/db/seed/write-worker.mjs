// The large seed's SQLite writer (writers.ts, sqliteWriter): its own bulk connection to the
// database file, writing the row batches the generator posts, in the order posted, while the
// generator builds the next batch on the main thread. Plain JavaScript so that it starts the
// same under tsx, vitest and any loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const raw = new SQLite(workerData.file);
for (const pragma of workerData.pragmas) {
  raw.pragma(pragma);
}

/** Prepared multi-row inserts by table, column count and row count. */
const statements = new Map();

function statement(table, columns, rows) {
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
}

function insert(table, columns, rows) {
  const per = Math.max(1, Math.min(100, Math.floor(30_000 / columns.length)));
  // The parameters of `per` rows, copied into one array by hand: `rows.slice().flat()` cost
  // about 30 times more (0.5 s per 20,000 lines of forty columns).
  const values = new Array(per * columns.length);
  let i = 0;
  for (; i + per <= rows.length; i += per) {
    let k = 0;
    for (let r = i; r < i + per; r++) {
      const row = rows[r];
      for (let c = 0; c < columns.length; c++) {
        values[k++] = row[c];
      }
    }
    statement(table, columns, per).run(values);
  }
  for (; i < rows.length; i++) {
    statement(table, columns, 1).run(rows[i]);
  }
}

let pending = null;

raw.exec('begin');

// A failure is thrown: the worker stops and the main thread's writer rejects with the error.
parentPort.on('message', (message) => {
  switch (message.op) {
    case 'insert':
      insert(message.table, message.columns, message.rows);
      break;
    case 'pending':
      pending ??= raw.prepare('update requests set pending_change_request_id = ? where request_id = ?');
      for (const [recordId, pendingId] of message.pairs) {
        pending.run(pendingId, recordId);
      }
      break;
    case 'commit':
      raw.exec('commit');
      raw.exec('begin');
      parentPort.postMessage({ done: message.seq });
      break;
    case 'close':
      raw.exec('commit');
      raw.close();
      // The main thread ends the worker once it has this answer.
      parentPort.postMessage({ done: message.seq });
      break;
    default:
      throw new Error(`unknown message ${message.op}`);
  }
});
