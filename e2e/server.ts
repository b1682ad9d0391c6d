import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openConfiguredDb, type Db } from '../packages/server/src/db/connection.ts';
import type { Database } from '../packages/server/src/db/schema.ts';

/**
 * Setup file of the e2e project: every journey file gets the real server (built SPA, embedded
 * sign-in) on its own copy of the seeded database, listening on a free port. Journeys may add
 * the rows they need through `e2eDb()` (with the server test factories).
 */

let dataDir = '';
let db: Db | null = null;
let app: FastifyInstance | null = null;
let url = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export const baseUrl = () => url;

/** The database behind this file's server. */
export function e2eDb(): Kysely<Database> {
  if (!db) {
    throw new Error('The e2e server is not running');
  }
  return db.kysely;
}

/** The `Db` behind this file's server (what server modules take, e.g. the outbox sender). */
export function e2eDbHandle(): Db {
  if (!db) {
    throw new Error('The e2e server is not running');
  }
  return db;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-e2e-'));
  const file = path.join(dataDir, 'uap.db');
  fs.copyFileSync(inject('e2eTemplate'), file);
  const port = await freePort();
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    UAP_DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${file}`,
    LOG_LEVEL: 'warn',
    RESPONSE_CHECK: '1',
    // Journeys set roles in the database directly: the caller's profile is read on every request.
    ACTOR_CACHE_SECONDS: '0',
  });
  // As `npm start` opens it: SQLite's reads on the read workers (SQLITE_READ_WORKERS).
  db = openConfiguredDb(config);
  app = await buildApp({ config, db, logger: { level: config.logLevel } });
  await app.listen({ port: config.port, host: config.host });
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await app?.close();
  await db?.kysely.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
