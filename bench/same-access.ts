/**
 * "Same access as a colleague", through the whole app (app.inject), on copies of the large seed:
 * for a colleague with 500 active records (the busiest person of the seed, given others' records
 * up to 500), the colleague's list (PUT
 * api/Request/ColleagueAccess, first page of 20, and its platform filter menu) and the preview of
 * 500 ticked records for another person (POST api/Request/SameAccessAs/Preview), median of 30;
 * target < 200 ms each. Then one request of those 500 (POST api/Request/SameAccessAs), timed once.
 * Last, a bundle of 50 accesses of the busiest agency (POST api/AccessBundles as the super
 * administrator): its detail with each access's availability (GET api/AccessBundles/{id}) and
 * its lines for the same person (POST api/Request/Bundle/Preview), median of 30; target < 200 ms.
 * The script migrates the copy and writes the request, so never point it at the shared databases.
 *
 *   cp /tmp/uap-large.db /tmp/uap-large-same.db
 *   psql postgres://uap@127.0.0.1:54329/postgres -c 'CREATE DATABASE uap_large_same TEMPLATE uap_large'
 *   npx tsx bench/same-access.ts [DATABASE_URL ...]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { RequestStatus, RequestType, type SameAccessPreview } from '@uap/domain';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { fmt, timeRuns } from './timing.ts';

const RUNS = 30;
const WARMUP = 3;
const RECORDS = 500;
const BUNDLE = 50;
const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-large-same.db', 'postgres://uap@127.0.0.1:54329/uap_large_same'];

const time = (fn: () => Promise<unknown>) => timeRuns(fn, RUNS, WARMUP);
const today = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
};

for (const url of urls) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3996',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
  });
  const db = openDb(url);
  const applied = await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    const k = db.kysely;
    const isActive = (qb: typeof k) =>
      qb
        .selectFrom('requests as r')
        .where('r.requestTypeId', '=', RequestType.ADD)
        .where('r.statusId', 'in', [RequestStatus.COMPLETED, RequestStatus.ARCHIVED])
        .where('r.isDeleted', '=', 0)
        .where((eb) => eb.or([eb('r.expirationDate', 'is', null), eb('r.expirationDate', '>=', today())]));
    // The colleague: the person with the most active records, given others' records up to RECORDS
    // (the large seed spreads records thinly: nobody holds 500).
    const start = performance.now();
    const top = await isActive(k)
      .select(['r.userId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('r.userId')
      .orderBy(sql`count(*)`, 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const colleague = { userId: top.userId, n: Number(top.n) };
    const found = performance.now() - start;
    if (colleague.n < RECORDS) {
      const { email } = await k
        .selectFrom('users')
        .select('email')
        .where('userId', '=', colleague.userId)
        .executeTakeFirstOrThrow();
      const others = await isActive(k)
        .select('r.requestId')
        .where('r.userId', '<>', colleague.userId)
        .orderBy('r.requestId', 'desc')
        .limit(RECORDS - colleague.n)
        .execute();
      await k
        .updateTable('requests')
        .set({ userId: colleague.userId, email })
        .where(
          'requestId',
          'in',
          others.map((o) => o.requestId),
        )
        .execute();
      colleague.n += others.length;
    }
    console.log(
      `\n${url} (migrations applied: ${applied.length}) — colleague ${colleague.userId} holds ${colleague.n} ` +
        `active records (the busiest had ${Number(top.n)}, found in ${found.toFixed(0)} ms)`,
    );
    const sam = await k
      .selectFrom('users as u')
      .innerJoin('directoryUsers as d', 'd.mail', 'u.email')
      .select(['u.userId', 'u.email', 'u.name', 'u.lastName', 'd.directoryId'])
      .where('u.email', '=', 'sam.standard@agency.example')
      .executeTakeFirstOrThrow();
    // The subject: an internal person who is not the colleague, with their own address.
    const subject = await k
      .selectFrom('users')
      .select(['userId', 'email'])
      .where('isInternal', '=', 1)
      .where('isDeleted', '=', 0)
      .where('userId', 'not in', [colleague.userId, sam.userId])
      .orderBy('userId')
      .limit(1)
      .executeTakeFirstOrThrow();
    const token = await mintAccessToken(config, app.signingMaterial!, {
      mail: sam.email,
      displayName: `${sam.name} ${sam.lastName}`,
      directoryId: sam.directoryId,
    });
    const headers = { authorization: `Bearer ${token}` };
    const call = async (method: 'POST' | 'PUT', path: string, payload: object) => {
      const res = await app.inject({ method, url: path, headers, payload });
      if (res.statusCode !== 200) {
        throw new Error(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      return res.json<{ data: unknown }>().data;
    };

    const list = await time(() =>
      call('PUT', '/api/Request/ColleagueAccess', { userId: colleague.userId, page: 1, pageSize: 20 }),
    );
    console.log(`  PUT ColleagueAccess, first page of 20: ${fmt(list)} (target < 200 ms)`);
    const menu = await time(() =>
      call('PUT', '/api/Request/ColleagueAccess/Filters', {
        userId: colleague.userId,
        column: 'platformName',
      }),
    );
    console.log(`  PUT ColleagueAccess/Filters (platformName): ${fmt(menu)}`);

    const recordIds = (
      await isActive(k)
        .select('r.requestId')
        .where('r.userId', '=', colleague.userId)
        .orderBy('r.requestId')
        .limit(RECORDS)
        .execute()
    ).map((r) => r.requestId);
    const choice = {
      UserId: subject.userId,
      Email: subject.email,
      ColleagueId: colleague.userId,
      RecordIds: recordIds,
      ManagerEmail: sam.email,
      ManagerName: 'Sam Standard',
    };
    const preview = (await call('POST', '/api/Request/SameAccessAs/Preview', choice)) as SameAccessPreview;
    const outcomes = preview.lines.reduce<Record<string, number>>(
      (counts, l) => ({ ...counts, [l.outcome]: (counts[l.outcome] ?? 0) + 1 }),
      {},
    );
    console.log(`  preview of ${recordIds.length} records: ${JSON.stringify(outcomes)}`);
    const previewed = await time(() => call('POST', '/api/Request/SameAccessAs/Preview', choice));
    console.log(
      `  POST SameAccessAs/Preview, ${recordIds.length} records: ${fmt(previewed)} (target < 200 ms)`,
    );

    const sentAt = performance.now();
    try {
      const sent = (await call('POST', '/api/Request/SameAccessAs', {
        ...choice,
        Comments: 'Same access benchmark',
      })) as { requestIds: number[] };
      console.log(
        `  POST SameAccessAs, ${recordIds.length} records: ${(performance.now() - sentAt).toFixed(0)} ms, ` +
          `${sent.requestIds.length} lines written`,
      );
    } catch (error) {
      // A second run on the same copy: the person already holds them all (422).
      console.log(
        `  POST SameAccessAs not timed: ${error instanceof Error ? error.message.slice(0, 120) : String(error)}`,
      );
    }

    // A bundle of 50 accesses on the busiest agency, made by the super administrator.
    const sue = await k
      .selectFrom('users as u')
      .innerJoin('directoryUsers as d', 'd.mail', 'u.email')
      .select(['u.email', 'u.name', 'u.lastName', 'd.directoryId'])
      .where('u.email', '=', 'sue.super@agency.example')
      .executeTakeFirstOrThrow();
    const sueToken = await mintAccessToken(config, app.signingMaterial!, {
      mail: sue.email,
      displayName: `${sue.name} ${sue.lastName}`,
      directoryId: sue.directoryId,
    });
    const asSue = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const res = await app.inject({
        method,
        url: path,
        headers: { authorization: `Bearer ${sueToken}` },
        ...(payload ? { payload } : {}),
      });
      if (res.statusCode !== 200) {
        throw new Error(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      return res.json<{ data: unknown }>().data;
    };
    const busiest = await isActive(k)
      .select(['r.regionId', 'r.marketId', 'r.agencyId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('r.isPlatformRequest', '=', 0)
      .groupBy(['r.regionId', 'r.marketId', 'r.agencyId'])
      .orderBy(sql`count(*)`, 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const accesses = await isActive(k)
      .select([
        'r.practiceId',
        'r.platformId',
        'r.clientId',
        'r.assetId',
        'r.clientAccountId',
        'r.platformUserTypeId',
      ])
      .distinct()
      .where('r.regionId', '=', busiest.regionId)
      .where('r.marketId', '=', busiest.marketId)
      .where('r.agencyId', '=', busiest.agencyId)
      .where('r.isPlatformRequest', '=', 0)
      .where('r.clientAccountId', 'is not', null)
      .limit(BUNDLE)
      .execute();
    const bundle = (await asSue('POST', '/api/AccessBundles', {
      Name: `Bench bundle ${Date.now()}`,
      RegionId: busiest.regionId,
      MarketId: busiest.marketId,
      AgencyId: busiest.agencyId,
      Items: accesses.map((a) => ({
        PracticeId: a.practiceId,
        PlatformId: a.platformId,
        ClientId: a.clientId,
        AssetId: a.assetId,
        ClientAccountId: a.clientAccountId,
        PlatformUserTypeId: a.platformUserTypeId,
      })),
    })) as { bundleId: number; items: { itemId: number }[] };
    console.log(`  a bundle of ${bundle.items.length} accesses on agency ${busiest.agencyId}`);
    const detail = await time(() => asSue('GET', `/api/AccessBundles/${bundle.bundleId}`));
    console.log(
      `  GET AccessBundles/{id}, ${bundle.items.length} accesses with their availability: ${fmt(detail)} (target < 200 ms)`,
    );
    const bundleChoice = {
      UserId: subject.userId,
      Email: subject.email,
      BundleId: bundle.bundleId,
      ItemIds: bundle.items.map((i) => i.itemId),
      ManagerEmail: sam.email,
    };
    const bundleLines = await time(() => call('POST', '/api/Request/Bundle/Preview', bundleChoice));
    console.log(
      `  POST Request/Bundle/Preview, ${bundle.items.length} accesses: ${fmt(bundleLines)} (target < 200 ms)`,
    );
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
