// The large seed's search index, built beside the index rebuild (search-build.ts): on its own
// connection to the database file, with a new file attached, this worker creates the search
// table in that file and fills it from the main file's committed lines, while the main thread
// rebuilds the main file's indexes on another core. Plain JavaScript so that it starts the same
// under tsx, vitest and any loader.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, buildFile, schema, pragmas, create, fill, hashBytes } = workerData;
const started = performance.now();
const connection = new SQLite(file);
for (const pragma of pragmas) {
  connection.pragma(pragma);
}
connection.prepare(`attach database ? as ${schema}`).run(buildFile);
// A scratch file, copied into the main file afterwards: no journal, no fsync.
connection.pragma(`${schema}.journal_mode = OFF`);
connection.pragma(`${schema}.synchronous = OFF`);
connection.pragma(`${schema}.cache_size = -1000000`);
connection.exec(create);
connection.exec(
  `insert into ${schema}.request_search (request_search, rank) values ('hashsize', ${hashBytes})`,
);
connection.exec(fill);
connection.close();
// Its own time: the main thread reads the answer only once its index rebuild is done.
parentPort.postMessage({ ms: performance.now() - started });
