/**
 * My Access Reviews at scale, every way a reviewer reads it: the real server (as `npm start`
 * runs it) on a database where `bench/access-reviews.ts` started a large campaign, driven over
 * HTTP on 127.0.0.1 as the reviewer with the most undecided items of the newest active campaign
 * (or with about BENCH_ITEMS of them):
 *   - page 1 in the default order and sorted by each column, both directions;
 *   - searched by a frequent letter, by part of a user's name, by an email's domain;
 *   - filtered by decision, state, platform and client (one menu value each), and the filter
 *     menus' values;
 *   - the campaign's evidence CSV (every item) as a super admin, with `/api/health` polled and the
 *     server's memory sampled meanwhile;
 *   - a decision on 1,000 items at once, keep and then revoke (1,000 Deactivate lines), each one
 *     transaction.
 * Each read is the median of 7 (after one unmeasured call).
 *
 *   [BENCH_ITEMS=20000] npx tsx bench/access-review-pages.ts [DATABASE_URL ...]
 *
 * Defaults: sqlite:/tmp/uap-large-reviews.db and postgres://uap@127.0.0.1:54329/uap_large_reviews,
 * the databases `bench/access-reviews.ts` writes to. Targets (issue 46): a reviewer with 20,000
 * items reads any page under 50 ms (median), any sort or filter; 1,000 decisions under 2 s.
 */
import { sql } from 'kysely';
import { myAccessReviewItemsTable } from '@uap/domain';
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

const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-large-reviews.db', 'postgres://uap@127.0.0.1:54329/uap_large_reviews'];

/**
 * The reviewer read: the one whose undecided items are closest to BENCH_ITEMS (the target names a
 * reviewer with 20,000), or with the most of them when it is not set.
 */
const wantedItems = process.env.BENCH_ITEMS ? Number(process.env.BENCH_ITEMS) : null;

/** The newest active campaign and its reviewer (see `wantedItems`). */
async function busiestReviewer(db: Db) {
  const campaign = await db.kysely
    .selectFrom('accessReviews')
    .select('reviewId')
    .where('status', '=', 'active')
    .orderBy('reviewId', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!campaign) {
    throw new Error('no active campaign: run bench/access-reviews.ts on this database first');
  }
  const busiest = await db.kysely
    .selectFrom('accessReviewItems')
    .select(['reviewerUserId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('reviewId', '=', campaign.reviewId)
    .where('reviewerUserId', 'is not', null)
    .where('decision', 'is', null)
    .groupBy('reviewerUserId')
    .$if(wantedItems === null, (qb) => qb.orderBy(sql`count(*)`, 'desc'))
    .$if(wantedItems !== null, (qb) => qb.orderBy(sql`abs(count(*) - ${wantedItems})`))
    .limit(1)
    .executeTakeFirstOrThrow();
  return { reviewId: campaign.reviewId, reviewerId: busiest.reviewerUserId!, items: Number(busiest.n) };
}

async function bench(url: string) {
  const port = await freePort();
  const env = serverEnv(url, port);
  console.log(`\n${url} (load ${load()})`);
  const server = await startServer(env);
  const db = openDb(url);
  const medians: { label: string; median: number }[] = [];
  try {
    const { reviewId, reviewerId, items } = await busiestReviewer(db);
    console.log(
      `  campaign ${reviewId}: user ${reviewerId} has ${items.toLocaleString('en-US')} undecided items`,
    );
    const [token] = await tokensOf(db, env, (eb) => eb('u.userId', '=', reviewerId), 1);
    if (!token) {
      throw new Error(`user ${reviewerId} has no directory entry to sign in with`);
    }
    const page = (body: object) => () =>
      request(port, 'PUT', '/api/AccessReviews/MyItems', token, { pageSize: 50, ...body });
    async function timed(label: string, call: () => Promise<{ status: number; ms: number }>) {
      const first = await call();
      const times: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        times.push((await call()).ms);
      }
      const median = quantile(times, 0.5);
      medians.push({ label, median });
      console.log(
        `  ${label}: median ${median.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (status ${first.status})`,
      );
    }

    await timed('page 1, default order', page({}));
    for (const column of myAccessReviewItemsTable.columns.filter((c) => c.isSortable).map((c) => c.id)) {
      for (const orderAsc of [true, false]) {
        await timed(`sorted by ${column} ${orderAsc ? 'asc' : 'desc'}`, page({ orderBy: column, orderAsc }));
      }
    }
    const sample = await db.kysely
      .selectFrom('accessReviewItems as i')
      .innerJoin('users as u', 'u.userId', 'i.userId')
      .select(['u.lastName', 'u.email'])
      .where('i.reviewId', '=', reviewId)
      .where('i.reviewerUserId', '=', reviewerId)
      .orderBy('i.itemId')
      .limit(1)
      .executeTakeFirstOrThrow();
    const domain = sample.email.slice(sample.email.indexOf('@'));
    for (const term of ['a', sample.lastName.slice(0, 4), domain]) {
      await timed(`searched "${term}"`, page({ searchCriteria: term }));
    }
    const menu = async (column: string) => {
      const res = await request(port, 'PUT', '/api/AccessReviews/MyItems/Filters', token, { column }, true);
      const values = (JSON.parse(res.text ?? '{}') as { data?: { values: string[] } }).data?.values ?? [];
      return { res, values };
    };
    for (const column of ['decisionName', 'state', 'platformDescription', 'clientDescription']) {
      const { values } = await menu(column);
      await timed(`filter menu of ${column} (${values.length} values)`, async () => (await menu(column)).res);
      if (values.length > 0) {
        await timed(
          `filtered by ${column} = "${values[0]}"`,
          page({ filters: [{ column, values: [values[0]] }] }),
        );
      }
    }
    // The campaign's evidence as CSV (every item), streamed, as a super admin.
    const superToken = await superAdminToken(db, env);
    await healthDuring(port, server.pid!, "the campaign's evidence CSV", () =>
      request(port, 'GET', `/api/AccessReviews/${reviewId}/Evidence`, superToken),
    );
    const worst = medians.reduce((a, b) => (b.median > a.median ? b : a));
    console.log(
      `  slowest: ${worst.label}, ${worst.median.toFixed(1)} ms; over 50 ms: ${medians.filter((m) => m.median > 50).length} of ${medians.length}`,
    );

    await decideAtOnce({ db, port, token, reviewId, reviewerId, count: 1000 });
  } finally {
    await endRun(db, server);
  }
}

for (const url of urls) {
  await bench(url);
}
closeConnections();
