/**
 * What sharing costs a call on PostgreSQL (issue "Scale-out"): the median of a cheap read
 * (GET /api/Request/TaskCounts with its counts kept, so the call itself reads almost nothing)
 * through `app.inject`, with the API limit counted in each instance's memory and in the shared
 * `rate_counts` table, and of a cheap write with and without its notice to the other instances.
 *
 *   npx tsx bench/instance-costs.ts [postgres://…/cluster-db]
 *
 * Makes a fresh database `uap_bench_costs` on that cluster (default: the test cluster on
 * 127.0.0.1:54329), with the demo seed.
 */
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openConfiguredDb } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seed } from '../packages/server/src/db/seed/index.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { fmt, timeRuns } from './timing.ts';

const clusterUrl = process.argv[2] ?? 'postgres://uap@127.0.0.1:54329/postgres';
const NAME = 'uap_bench_costs';
const RUNS = 3_000;

const admin = new pg.Client({ connectionString: clusterUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${NAME}`);
const url = new URL(clusterUrl);
url.pathname = `/${NAME}`;

async function measure(label: string, env: Record<string, string>) {
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    WEB_DIST_DIR: '/nonexistent',
    TASK_COUNTS_CACHE_SECONDS: '3600',
    ACTOR_CACHE_SECONDS: '3600',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const db = openConfiguredDb(config);
  const app = await buildApp({ config, db });
  await app.ready();
  const account = await db.kysely
    .selectFrom('directoryUsers')
    .select(['mail', 'displayName', 'directoryId'])
    .where('mail', '=', 'sam.standard@agency.example')
    .executeTakeFirstOrThrow();
  const token = await mintAccessToken(config, app.signingMaterial!, {
    mail: account.mail!,
    displayName: account.displayName,
    directoryId: account.directoryId,
  });
  const headers = { authorization: `Bearer ${token}` };
  for (const [method, path] of [
    ['GET', '/api/Request/TaskCounts'],
    ['PATCH', '/api/Notifications/ReadAll'],
  ] as const) {
    const res = await app.inject({ method, url: path, headers });
    if (res.statusCode !== 200) {
      throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    }
  }
  const read = await timeRuns(
    () => app.inject({ method: 'GET', url: '/api/Request/TaskCounts', headers }),
    RUNS,
    300,
  );
  // A write that changes nothing the read depends on: the notification bell's "mark all read".
  const write = await timeRuns(
    () => app.inject({ method: 'PATCH', url: '/api/Notifications/ReadAll', headers }),
    RUNS / 3,
    100,
  );
  console.log(`${label}\n  cheap read:  ${fmt(read)}\n  cheap write: ${fmt(write)}`);
  await app.close();
  await db.kysely.destroy();
  return { read, write };
}

{
  const config = loadConfig({ DATABASE_URL: url.toString() });
  const db = openConfiguredDb(config);
  await migrateToLatest(db);
  await seed(db, 'demo');
  await db.kysely.destroy();
}
const local = await measure('limits counted in memory', { RATE_LIMIT_SHARED: 'false' });
const shared = await measure('limits shared in rate_counts', { RATE_LIMIT_SHARED: 'true' });
console.log(
  `added by sharing: read ${(shared.read.median - local.read.median).toFixed(2)} ms, write ${(shared.write.median - local.write.median).toFixed(2)} ms (medians)`,
);
await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin.end();
