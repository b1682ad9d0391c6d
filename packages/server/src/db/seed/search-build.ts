import { rm } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Db } from '../connection.ts';
import { rebuildRequestSearch, sqliteLineTriggers, sqliteRequestSearchBuild } from '../search-index-ddl.ts';
import { secondsSince } from './batch.ts';
import { BULK_PRAGMAS, sqliteBulkConnection, sqliteFile } from './writers.ts';

/** FTS5's in-memory hash while the large seed fills the search index (SQLite's default: 1 MB). */
const FTS_HASH_BYTES = 256 * 1024 * 1024;

/** The name the scratch file of the search index is attached under. */
const BUILD_SCHEMA = 'search_build';

/** The search table's own tables (FTS5's shadow tables), copied from the scratch file. */
const SHADOW_TABLES = ['data', 'idx', 'content', 'docsize'];

/**
 * After the large seed's load: rebuilds the dropped indexes (`rebuildIndexes`) and fills the
 * search index once (migration 0012's documents).
 *
 * On a SQLite file the two run at once, on both cores. SQLite lets one connection write a
 * file at a time, so a worker (search-worker.mjs) fills the search table in a scratch file
 * attached to its own connection, reading the main file's committed lines, while the main
 * thread rebuilds the indexes (the two ran one after the other before). The filled table's FTS5 tables are then copied into the main file's (a plain copy
 * of identical tables) and the triggers of `requests` come back. Its configuration stays the
 * main file's: FTS5's in-memory hash is raised to FTS_HASH_BYTES in the scratch file only, so
 * a million documents make a few large segments instead of about a thousand 1 MB ones merged
 * level by level.
 *
 * PostgreSQL and an in-memory SQLite database: one after the other (migration 0012's rebuild).
 */
export async function rebuildWithSearch(
  db: Db,
  rebuildIndexes: () => Promise<void>,
  progress: (msg: string) => void,
): Promise<void> {
  const file = db.dialect === 'sqlite' ? await sqliteFile(db.kysely) : null;
  const search = { db: db.kysely as Kysely<unknown>, dialect: db.dialect };
  if (!file) {
    await rebuildIndexes();
    const started = Date.now();
    await rebuildRequestSearch(search);
    progress(`search index built in ${secondsSince(started)} s`);
    return;
  }
  const buildFile = `${file}.search-build`;
  await rm(buildFile, { force: true });
  const worker = new Worker(new URL('./search-worker.mjs', import.meta.url), {
    workerData: {
      file,
      buildFile,
      schema: BUILD_SCHEMA,
      pragmas: BULK_PRAGMAS,
      hashBytes: FTS_HASH_BYTES,
      ...sqliteRequestSearchBuild(BUILD_SCHEMA),
    },
  });
  let builtIn = 0;
  const built = new Promise<void>((resolve, reject) => {
    worker.once('message', ({ ms }: { ms: number }) => {
      builtIn = ms;
      resolve();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index worker stopped (exit code ${code})`)));
  });
  // Handled where it is awaited (after the indexes), not an unhandled rejection meanwhile.
  built.catch(() => undefined);
  try {
    await rebuildIndexes();
    await built;
    const copying = Date.now();
    await copySearchTables(db, buildFile);
    await sqliteLineTriggers(search.db);
    progress(
      `search index built in ${(builtIn / 1000).toFixed(1)} s beside the indexes, copied in ${secondsSince(copying)} s`,
    );
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
    await rm(buildFile, { force: true });
  }
}

/**
 * Replaces the main file's search table with the scratch file's, table by table in one
 * transaction (SQLite copies identical tables record by record, without decoding them). The
 * FTS5 tables can only be written by an unsafe-mode connection (SQLite's defensive mode).
 */
async function copySearchTables(db: Db, buildFile: string): Promise<void> {
  const raw = await sqliteBulkConnection(db.kysely);
  if (!raw) {
    throw new Error('the search index copy needs a SQLite file');
  }
  try {
    raw.prepare(`attach database ? as ${BUILD_SCHEMA}`).run(buildFile);
    raw.unsafeMode(true);
    raw.transaction(() => {
      for (const table of SHADOW_TABLES) {
        raw.exec(`delete from main.request_search_${table}`);
        raw.exec(
          `insert into main.request_search_${table} select * from ${BUILD_SCHEMA}.request_search_${table}`,
        );
      }
    })();
    raw.unsafeMode(false);
    raw.exec(`detach database ${BUILD_SCHEMA}`);
  } finally {
    raw.close();
  }
}
