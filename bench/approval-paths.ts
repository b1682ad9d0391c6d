/**
 * Approval-path benchmark, through the whole app (app.inject), on a copy of the
 * large seed grown to 50,000 active approver assignments (one per path: clients are added to the
 * platforms' agencies until there are enough paths, and each new path gets a client-scoped
 * assignment from a pool of 2,000 approvers). Measured: My Approval Tasks (PUT
 * api/Approvers/RequestList, page of 50) for the busiest approver, and the first page of the
 * Coverage tab (PUT api/Approvers/Coverage, paths with none first) for a super admin; median and
 * p95 of RUNS, with the load average. The clients and assignments it adds reach the stored
 * coverage state (`path_coverage`) through its triggers, as any writer's do. It writes to the
 * database, so never point it at the shared originals:
 *
 *   cp /tmp/uap-large-0018.db /tmp/uap-large-appr.db
 *   npx tsx bench/approval-paths.ts [DATABASE_URL ...]
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { RequestStatus, Role } from '@uap/domain';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { fmt, timeRuns } from './timing.ts';

const RUNS = 7;
const WARMUP = 1;
const ASSIGNMENTS = 50_000;
const APPROVERS = 2_000;
const urls = process.argv.slice(2).length ? process.argv.slice(2) : ['sqlite:/tmp/uap-large-appr.db'];

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function countActive(db: Db) {
  const row = await db.kysely
    .selectFrom('approverAssignments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Grows the copy to ASSIGNMENTS active assignments: each round adds one client to every
 * (platform, agency) pair and a client-scoped assignment to each of the new paths (the pair's
 * practices), so no path is assigned twice and nothing has to be searched for.
 */
async function growAssignments(db: Db) {
  let active = await countActive(db);
  const pool = (
    await db.kysely
      .selectFrom('users')
      .select('userId')
      .where('isDeleted', '=', 0)
      .orderBy('userId')
      .limit(APPROVERS)
      .execute()
  ).map((u) => u.userId);
  const availability = await db.kysely
    .selectFrom('platformAgencies as pa')
    .innerJoin('agencies as ag', 'ag.agencyId', 'pa.agencyId')
    .innerJoin('markets as mk', 'mk.marketId', 'ag.marketId')
    .select(['mk.regionId', 'mk.marketId', 'pa.agencyId', 'pa.practiceId', 'pa.platformId'])
    .where('pa.isDeleted', '=', 0)
    .execute();
  const pairs = [...new Map(availability.map((p) => [`${p.platformId}-${p.agencyId}`, p])).values()];
  for (let round = 1; active < ASSIGNMENTS; round++) {
    const clients = await db.kysely
      .insertInto('clients')
      .values(
        pairs.map((p) => ({
          platformId: p.platformId,
          agencyId: p.agencyId,
          description: `Bench Client ${Date.now()}-${round}-${p.platformId}-${p.agencyId}`,
        })),
      )
      .returning(['clientId', 'platformId', 'agencyId'])
      .execute();
    const rows = clients.flatMap((c) =>
      availability
        .filter((p) => p.platformId === c.platformId && p.agencyId === c.agencyId)
        .map((p) => ({ ...p, clientId: c.clientId })),
    );
    const batch = rows.slice(0, ASSIGNMENTS - active);
    for (let i = 0; i < batch.length; i += 500) {
      await db.kysely
        .insertInto('approverAssignments')
        .values(
          batch.slice(i, i + 500).map((p, j) => ({
            ...p,
            userId: pool[(active + i + j) % pool.length]!,
            provisionerId: pool[(active + i + j + 7) % pool.length]!,
          })),
        )
        .execute();
    }
    active += batch.length;
  }
  return active;
}

/** The approver with the most Submitted lines on the paths of their (null-client) assignments. */
async function busiestApprover(db: Db) {
  return db.kysely
    .selectFrom('requests as r')
    .innerJoin('approverAssignments as a', (j) =>
      j
        .onRef('a.regionId', '=', 'r.regionId')
        .onRef('a.marketId', '=', 'r.marketId')
        .onRef('a.agencyId', '=', 'r.agencyId')
        .onRef('a.practiceId', '=', 'r.practiceId')
        .onRef('a.platformId', '=', 'r.platformId'),
    )
    .innerJoin('users as u', 'u.userId', 'a.userId')
    .innerJoin('directoryUsers as d', 'd.mail', 'u.email')
    .select(['u.userId', 'u.email', 'u.name', 'u.lastName', 'd.directoryId', sql<number>`count(*)`.as('n')])
    .where('r.statusId', '=', RequestStatus.SUBMITTED)
    .where('a.isDeleted', '=', 0)
    .where('a.clientId', 'is', null)
    .groupBy(['u.userId', 'u.email', 'u.name', 'u.lastName', 'd.directoryId'])
    .orderBy(sql`count(*)`, 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

for (const url of urls) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3996',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
  });
  const setup = openDb(url);
  const applied = await migrateToLatest(setup);
  const active = await growAssignments(setup);
  await setup.kysely.destroy();
  // Measure on a new connection, as a server started on this data would: SQLite reads the
  // planner's statistics when a connection opens (PRAGMA optimize there re-analyzes the tables
  // that grew), so the connection that just added 50,000 assignments still plans with the
  // old sizes (My Approval Tasks ~4.8 s instead of ~0.1 s, measured 2026-11-26).
  const db = openDb(url);
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    const tokenOf = (u: { email: string; name: string; lastName: string; directoryId: string }) =>
      mintAccessToken(config, app.signingMaterial!, {
        mail: u.email,
        displayName: `${u.name} ${u.lastName}`,
        directoryId: u.directoryId,
      });
    const busiest = await busiestApprover(db);
    const admin = await db.kysely
      .selectFrom('users as u')
      .innerJoin('directoryUsers as d', 'd.mail', 'u.email')
      .select(['u.email', 'u.name', 'u.lastName', 'd.directoryId'])
      .where('u.roleId', '=', Role.SUPERADMIN)
      .orderBy('u.userId')
      .limit(1)
      .executeTakeFirstOrThrow();
    const call = async (token: string, path: string, payload: object) => {
      const res = await app.inject({
        method: 'PUT',
        url: path,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      if (res.statusCode !== 200) {
        throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      return res.json<{ data: { totalCount: number } }>().data;
    };
    const approverToken = await tokenOf(busiest);
    const adminToken = await tokenOf(admin);
    const tasks = await call(approverToken, '/api/Approvers/RequestList', { pageSize: 50 });
    const coverage = await call(adminToken, '/api/Approvers/Coverage', { pageSize: 50 });
    console.log(
      `\n${url} (migrations applied: ${applied.length}) — ${active} active assignments; busiest approver ${busiest.email}: ${tasks.totalCount} tasks; coverage: ${coverage.totalCount} paths`,
    );
    const before = load();
    const taskTiming = await timeRuns(
      () => call(approverToken, '/api/Approvers/RequestList', { pageSize: 50 }),
      RUNS,
      WARMUP,
    );
    console.log(`My Approval Tasks, page of 50: ${fmt(taskTiming)} (load average ${before} → ${load()})`);
    const before2 = load();
    const coverageTiming = await timeRuns(
      () => call(adminToken, '/api/Approvers/Coverage', { pageSize: 50 }),
      RUNS,
      WARMUP,
    );
    console.log(
      `Coverage, first page of 50 (none first): ${fmt(coverageTiming)} (load average ${before2} → ${load()})`,
    );
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
