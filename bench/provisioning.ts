/**
 * Times My Provisioning Tasks (PUT api/Request/RequestForProvisioners: a page of 50, default
 * order, then with a platform filter and a search) through the whole app on the large seed, for
 * the provisioner with the most approved work routed to them and for the super admin.
 *
 *   npx tsx bench/provisioning.ts [DATABASE_URL ...]
 *
 * It migrates the database first (the list's indexes come with migration 0010), so run it on
 * copies: `cp /tmp/uap-large.db /tmp/uap-large-prov.db` and
 * `CREATE DATABASE uap_large_prov TEMPLATE uap_large` (the defaults). Reads only otherwise.
 */
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { timeRuns } from './timing.ts';
import { withDirectoryId } from './signed-in-server.ts';

const RUNS = 20;
const WARMUP = 3;
const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-large-prov.db', 'postgres://uap@127.0.0.1:54329/uap_large_prov'];

const time = (fn: () => Promise<unknown>) => timeRuns(fn, RUNS, WARMUP);

/** The provisioner of the assignment whose path holds the most Approved lines. */
async function busiestProvisioner(db: Db) {
  const row = await db.kysely
    .selectFrom('requests as r')
    .innerJoin('approverAssignments as a', (j) =>
      j
        .onRef('a.regionId', '=', 'r.regionId')
        .onRef('a.marketId', '=', 'r.marketId')
        .onRef('a.agencyId', '=', 'r.agencyId')
        .onRef('a.practiceId', '=', 'r.practiceId')
        .onRef('a.platformId', '=', 'r.platformId'),
    )
    .innerJoin('users as u', 'u.userId', 'a.provisionerId')
    .innerJoin('directoryUsers as d', 'd.mail', 'u.email')
    .select(['u.email', 'u.name', 'u.lastName', 'd.directoryId'])
    .where('r.statusId', '=', 2)
    .where('a.isDeleted', '=', 0)
    .groupBy(['u.email', 'u.name', 'u.lastName', 'd.directoryId'])
    .orderBy(sql`count(*)`, 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row;
}

for (const url of urls) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3997',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
  });
  const db = openDb(url);
  const applied = await migrateToLatest(db);
  console.log(`${url} (migrations applied: ${applied.length})`);
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    const provisioner = await busiestProvisioner(db);
    const callers = [
      {
        mail: provisioner.email,
        displayName: `${provisioner.name} ${provisioner.lastName}`,
        directoryId: provisioner.directoryId,
      },
      await withDirectoryId(db, { mail: 'sue.super@agency.example', displayName: 'Sue Super' }),
    ];
    for (const caller of callers) {
      const token = await mintAccessToken(config, app.signingMaterial!, caller);
      const put = async (payload: object) => {
        const res = await app.inject({
          method: 'PUT',
          url: '/api/Request/RequestForProvisioners',
          headers: { authorization: `Bearer ${token}` },
          payload,
        });
        if (res.statusCode !== 200) {
          throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        return res.json<{ data: { totalCount: number; requests: { platformName: string }[] } }>().data;
      };
      const first = await put({ pageSize: 50 });
      const platform = first.requests[0]?.platformName ?? '';
      const plain = await time(() => put({ pageSize: 50 }));
      const filtered = await time(() =>
        put({ pageSize: 50, filters: [{ column: 'platformName', values: [platform] }], searchCriteria: 'a' }),
      );
      const archive = await time(() => put({ pageSize: 50, Archive: true }));
      console.log(
        `${db.dialect} ${caller.mail}: ${first.totalCount} tasks; page of 50 median ${plain.median} ms (p95 ${plain.p95}); ` +
          `filtered + search ${filtered.median} ms (p95 ${filtered.p95}); archive ${archive.median} ms (p95 ${archive.p95})`,
      );
    }
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
