/**
 * Approver benchmarks, through the whole app (app.inject), on copies of the large
 * seed: an approver with at least 10,000 pending tasks gets a filtered page of 50 of
 * GET/PUT api/Approvers/RequestList (median of 30; target < 50 ms), and one PATCH
 * api/Approvers/ApproveRejectRequest approves 1,000 of them (target < 2 s, one transaction,
 * 1,000 history rows — verified). The script migrates the copy, gives Alex Approver primary
 * assignments on the busiest paths and approves lines, so never point it at the shared databases.
 *
 *   cp /tmp/uap-large.db /tmp/uap-large-approvals.db
 *   psql postgres://uap@127.0.0.1:54329/postgres -c 'CREATE DATABASE uap_large_approvals TEMPLATE uap_large'
 *   npx tsx bench/approvals.ts [DATABASE_URL ...]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { RequestStatus, historySteps, type ApprovalPage } from '@uap/domain';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { routedToApprover } from '../packages/server/src/modules/request-lines/routing.ts';
import { fmt, timeRuns } from './timing.ts';

const RUNS = 30;
const WARMUP = 3;
const TASKS = 10_000;
const BULK = 1_000;
const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-large-approvals.db', 'postgres://uap@127.0.0.1:54329/uap_large_approvals'];

const time = (fn: () => Promise<unknown>) => timeRuns(fn, RUNS, WARMUP);

async function pendingOf(db: Db, userId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('requests as r')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('r.statusId', '=', RequestStatus.SUBMITTED)
    .where((eb) => routedToApprover(eb, userId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Makes `userId` primary approver (client: every client) of the paths with the most Submitted
 * lines until at least TASKS Submitted lines are routed to them.
 */
async function giveTasks(db: Db, userId: number): Promise<number> {
  let pending = await pendingOf(db, userId);
  if (pending >= TASKS) {
    return pending;
  }
  const paths = await db.kysely
    .selectFrom('requests')
    .select(['regionId', 'marketId', 'agencyId', 'practiceId', 'platformId'])
    .select((eb) => eb.fn.countAll().as('n'))
    .where('statusId', '=', RequestStatus.SUBMITTED)
    .groupBy(['regionId', 'marketId', 'agencyId', 'practiceId', 'platformId'])
    .orderBy(sql`count(*)`, 'desc')
    .limit(400)
    .execute();
  for (let i = 0; i < paths.length && pending < TASKS; i += 10) {
    // One active assignment per path (migration 0015): Alex takes over the paths' current ones.
    for (const p of paths.slice(i, i + 10)) {
      await db.kysely
        .updateTable('approverAssignments')
        .set({ isDeleted: 1 })
        .where('regionId', '=', p.regionId)
        .where('marketId', '=', p.marketId)
        .where('agencyId', '=', p.agencyId)
        .where('practiceId', '=', p.practiceId)
        .where('platformId', '=', p.platformId)
        .where('clientId', 'is', null)
        .where('isDeleted', '=', 0)
        .execute();
    }
    await db.kysely
      .insertInto('approverAssignments')
      .values(
        paths.slice(i, i + 10).map((p) => ({
          userId,
          secondaryApproverId: null,
          provisionerId: null,
          provisionerBackupId: null,
          regionId: p.regionId,
          marketId: p.marketId,
          agencyId: p.agencyId,
          practiceId: p.practiceId,
          platformId: p.platformId,
          clientId: null,
          isDeleted: 0,
          createdBy: userId,
          updatedBy: userId,
        })),
      )
      .execute();
    pending = await pendingOf(db, userId);
  }
  return pending;
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
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    const alex = await db.kysely
      .selectFrom('users as u')
      .innerJoin('directoryUsers as d', 'd.mail', 'u.email')
      .select(['u.userId', 'u.email', 'u.name', 'u.lastName', 'd.directoryId'])
      .where('u.email', '=', 'alex.approver@agency.example')
      .executeTakeFirstOrThrow();
    const token = await mintAccessToken(config, app.signingMaterial!, {
      mail: alex.email,
      displayName: `${alex.name} ${alex.lastName}`,
      directoryId: alex.directoryId,
    });
    const headers = { authorization: `Bearer ${token}` };
    const pending = await giveTasks(db, alex.userId);
    console.log(
      `\n${url} (migrations applied: ${applied.length}) — ${alex.email} has ${pending} pending tasks`,
    );

    const call = async (method: 'GET' | 'PUT' | 'PATCH', path: string, payload?: object) => {
      const res = await app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200) {
        throw new Error(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      return res.json<{ data: unknown }>().data;
    };
    const first = (await call('PUT', '/api/Approvers/RequestList', { pageSize: 50 })) as ApprovalPage;
    const platform = first.requests[0]!.platformName;
    const filters = [{ column: 'platformName', values: [platform] }];
    const body = { pageSize: 50, filters, orderBy: 'createdDate', orderAsc: false };
    const filtered = (await call('PUT', '/api/Approvers/RequestList', body)) as ApprovalPage;
    console.log(`  filter platformName = ${platform}: ${filtered.totalCount} of ${first.totalCount} tasks`);
    const put = await time(() => call('PUT', '/api/Approvers/RequestList', body));
    console.log(`  PUT RequestList, filtered page of 50: ${fmt(put)} (target < 50 ms)`);
    const query = `pageSize=50&orderBy=createdDate&orderAsc=false&filters=${encodeURIComponent(JSON.stringify(filters))}`;
    const get = await time(() => call('GET', `/api/Approvers/RequestList?${query}`));
    console.log(`  GET RequestList, filtered page of 50: ${fmt(get)} (target < 50 ms)`);
    const unfiltered = await time(() => call('PUT', '/api/Approvers/RequestList', { pageSize: 50 }));
    console.log(`  PUT RequestList, unfiltered page of 50: ${fmt(unfiltered)}`);
    const options = await time(() =>
      call('PUT', '/api/Approvers/RequestList/Filters', { column: 'platformName', pageSize: 50 }),
    );
    console.log(`  PUT RequestList/Filters (platformName): ${fmt(options)}`);

    const ids = (
      await db.kysely
        .selectFrom('requests as r')
        .select('r.requestId')
        .where('r.statusId', '=', RequestStatus.SUBMITTED)
        .where((eb) => routedToApprover(eb, alex.userId))
        .orderBy('r.requestId')
        .limit(BULK)
        .execute()
    ).map((r) => r.requestId);
    const historyBefore = await db.kysely
      .selectFrom('requestHistory')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('requestId', 'in', ids)
      .where('stepDescription', '=', historySteps.approved)
      .executeTakeFirstOrThrow();
    const start = performance.now();
    await call('PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: true,
      comments: 'Bulk approval benchmark',
      requestIds: ids,
    });
    const bulkMs = performance.now() - start;
    const historyAfter = await db.kysely
      .selectFrom('requestHistory')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('requestId', 'in', ids)
      .where('stepDescription', '=', historySteps.approved)
      .executeTakeFirstOrThrow();
    const approved = await db.kysely
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('requestId', 'in', ids)
      .where('statusId', '=', RequestStatus.APPROVED)
      .where('approvedRejectedBy', '=', alex.userId)
      .executeTakeFirstOrThrow();
    const newHistory = Number(historyAfter.n) - Number(historyBefore.n);
    console.log(
      `  PATCH ApproveRejectRequest, ${ids.length} requests in one call: ${bulkMs.toFixed(0)} ms (target < 2000 ms); ` +
        `${Number(approved.n)} now Approved, ${newHistory} new history rows`,
    );
    if (Number(approved.n) !== ids.length || newHistory !== ids.length) {
      throw new Error('bulk approval did not write one status move and one history row per request');
    }
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
