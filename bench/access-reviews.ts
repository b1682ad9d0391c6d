/**
 * Access reviews at scale: the real server (as `npm start` runs it) on a copy of the large seed,
 * driven over HTTP on 127.0.0.1:
 *   - a campaign whose scope holds at least 200,000 active access records (whole regions, taken
 *     until they do), created as a super admin, then started (`PUT api/AccessReviews/{id}/Start`,
 *     the snapshot), with `/api/health` polled every 50 ms from a thread of its own meanwhile;
 *   - then, as the reviewer with the most items: My Access Reviews page 1, the Home counts, and
 *     a decision on 100 items at once (keep), and on 100 more (revoke, each a Deactivate line);
 *   - the campaigns page as the super admin.
 * Each read is the median of 10 (after one unmeasured call).
 *
 *   npx tsx bench/access-reviews.ts [DATABASE_URL ...]
 *
 * Defaults: sqlite:/tmp/uap-large-reviews.db and postgres://uap@127.0.0.1:54329/uap_large_reviews
 * (copies: `cp /tmp/uap-large.db /tmp/uap-large-reviews.db`, `CREATE DATABASE uap_large_reviews
 * TEMPLATE uap_large`): the server migrates the database it starts on, and the run writes to it.
 * Targets (issue 46): the start under 30 s, `/api/health` under 50 ms meanwhile.
 */
import { sql } from 'kysely';
import { RequestStatus, RequestType } from '@uap/domain';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import {
  closeConnections,
  healthDuring,
  load,
  quantile,
  request,
  serverEnv,
  startServer,
  tokensOf,
} from './http-load.ts';
import { decideAtOnce, endRun, superAdminToken } from './access-review-calls.ts';
import { freePort } from './signed-in-server.ts';

const WANTED = 200_000;
const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-large-reviews.db', 'postgres://uap@127.0.0.1:54329/uap_large_reviews'];

/** Whole regions, the largest first, until their active access records reach `WANTED`. */
async function regionsHolding(db: Db): Promise<{ regionIds: number[]; records: number }> {
  const rows = await db.kysely
    .selectFrom('requests as r')
    .select(['r.regionId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('r.requestTypeId', '=', RequestType.ADD)
    .where('r.statusId', 'in', [RequestStatus.COMPLETED, RequestStatus.ARCHIVED])
    .where('r.isDeleted', '=', 0)
    .groupBy('r.regionId')
    .orderBy(sql`count(*)`, 'desc')
    .execute();
  const regionIds: number[] = [];
  let records = 0;
  for (const row of rows) {
    if (records >= WANTED) {
      break;
    }
    regionIds.push(row.regionId);
    records += Number(row.n);
  }
  return { regionIds, records };
}

/** The median and p95 of 10 calls, after one unmeasured. */
async function timed(label: string, call: () => Promise<{ status: number; ms: number }>) {
  const first = await call();
  const times: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    times.push((await call()).ms);
  }
  console.log(
    `  ${label}: median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms (status ${first.status})`,
  );
}

async function bench(url: string) {
  const port = await freePort();
  const env = serverEnv(url, port);

  console.log(`\n${url} (load ${load()})`);
  const server = await startServer(env);
  const db = openDb(url);
  try {
    const scope = await regionsHolding(db);
    console.log(
      `  scope: ${scope.regionIds.length} regions holding ${scope.records.toLocaleString('en-US')} active access records`,
    );
    const superToken = await superAdminToken(db, env);
    const created = await request(
      port,
      'POST',
      '/api/AccessReviews',
      superToken,
      {
        name: `Bench ${new Date().toISOString()}`,
        scope: { regionIds: scope.regionIds },
        reviewer: 'approver',
        dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        whenUndecided: 'keep',
      },
      true,
    );
    const reviewId = (JSON.parse(created.text!) as { data: { reviewId: number } | null }).data?.reviewId;
    if (!reviewId) {
      throw new Error(`the campaign was not created (${created.status}): ${created.text}`);
    }
    const started = await healthDuring(port, server.pid!, 'the start (the snapshot)', () =>
      request(port, 'PUT', `/api/AccessReviews/${reviewId}/Start`, superToken, undefined, true),
    );
    console.log(
      `  start: ${(started.ms / 1000).toFixed(2)} s, status ${started.status}: ${started.text}; load ${load()}`,
    );

    const busiest = await db.kysely
      .selectFrom('accessReviewItems')
      .select(['reviewerUserId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('reviewId', '=', reviewId)
      .where('reviewerUserId', 'is not', null)
      .groupBy('reviewerUserId')
      .orderBy(sql`count(*)`, 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const reviewerId = busiest.reviewerUserId!;
    console.log(
      `  the busiest reviewer (user ${reviewerId}) has ${Number(busiest.n).toLocaleString('en-US')} items`,
    );
    const [reviewerToken] = await tokensOf(db, env, (eb) => eb('u.userId', '=', reviewerId), 1);
    if (!reviewerToken) {
      throw new Error(`user ${reviewerId} has no directory entry to sign in with`);
    }
    await timed('My Access Reviews, page 1 of 50 (the busiest reviewer)', () =>
      request(port, 'PUT', '/api/AccessReviews/MyItems', reviewerToken, { pageSize: 50 }),
    );
    await timed('My Access Reviews, searched "a"', () =>
      request(port, 'PUT', '/api/AccessReviews/MyItems', reviewerToken, {
        pageSize: 50,
        searchCriteria: 'a',
      }),
    );
    await timed('Home counts (the busiest reviewer)', () =>
      request(port, 'GET', '/api/Request/TaskCounts', reviewerToken),
    );
    await timed('the campaigns page (super admin)', () =>
      request(port, 'PUT', '/api/AccessReviews', superToken, { pageSize: 50 }),
    );
    await decideAtOnce({ db, port, token: reviewerToken, reviewId, reviewerId, count: 100 });
  } finally {
    await endRun(db, server);
  }
}

for (const url of urls) {
  await bench(url);
}
closeConnections();
