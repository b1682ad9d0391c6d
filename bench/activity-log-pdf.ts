/**
 * Times the streamed activity log PDF of a request with 200 history rows
 * (GET /api/Request/Logs/{id}/Pdf) and a Request Tracker page of 50 with two filters and the
 * default sort (PUT /api/Request/AllRequests), through the whole app (app.inject), on copies of
 * the large seed. The script migrates the copy and tops one request's history up to 200 rows,
 * so never point it at the shared read-only databases.
 *
 *   cp /tmp/uap-large.db /tmp/uap-large-logs.db
 *   psql postgres://uap@127.0.0.1:54329/postgres -c 'CREATE DATABASE uap_large_logs TEMPLATE uap_large'
 *   npx tsx bench/activity-log-pdf.ts [DATABASE_URL ...]
 */
import { RequestStatus } from '@uap/domain';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { fmt, timeRuns } from './timing.ts';
import { withDirectoryId } from './signed-in-server.ts';

const RUNS = 20;
const WARMUP = 3;
const HISTORY_ROWS = 200;
const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-large-logs.db', 'postgres://uap@127.0.0.1:54329/uap_large_logs'];

const time = (fn: () => Promise<unknown>) => timeRuns(fn, RUNS, WARMUP);

/** The newest completed request, its history topped up to HISTORY_ROWS rows. */
async function requestWith200Steps(db: Db): Promise<number> {
  const target = await db.kysely
    .selectFrom('requests')
    .select(['requestId', 'requestTypeId', 'createdBy', 'createdDate'])
    .where('statusId', '=', RequestStatus.COMPLETED)
    .orderBy('requestId', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const existing = await db.kysely
    .selectFrom('requestHistory')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('requestId', '=', target.requestId)
    .executeTakeFirstOrThrow();
  const missing = HISTORY_ROWS - Number(existing.n);
  if (missing > 0) {
    const start = Date.parse(target.createdDate);
    await db.kysely
      .insertInto('requestHistory')
      .values(
        Array.from({ length: missing }, (_, i) => ({
          requestId: target.requestId,
          statusId: RequestStatus.COMPLETED,
          requestTypeId: target.requestTypeId,
          stepDescription: 'Provisioner comment added',
          changeDesc: null,
          comments: null,
          approverComment: null,
          provisionerComment: `Benchmark step ${i + 1}: access checked with the platform owner and confirmed.`,
          createdBy: target.createdBy,
          createdDate: new Date(start + (i + 1) * 60_000).toISOString(),
          before: null,
          after: null,
        })),
      )
      .execute();
  }
  return target.requestId;
}

/** The region and status of the most lines: the tracker benchmark filters on both. */
async function busiestRegion(db: Db): Promise<string> {
  const row = await db.kysely
    .selectFrom('requests as r')
    .innerJoin('regions as rg', 'rg.regionId', 'r.regionId')
    .select('rg.description')
    .where('r.regionId', '=', (eb) =>
      eb
        .selectFrom('requests')
        .select('regionId')
        .groupBy('regionId')
        .orderBy((o) => o.fn.countAll(), 'desc')
        .limit(1),
    )
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.description;
}

for (const url of urls) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3998',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
  });
  const db = openDb(url);
  const applied = await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    const tokenOf = async (mail: string, displayName: string) =>
      mintAccessToken(config, app.signingMaterial!, await withDirectoryId(db, { mail, displayName }));
    const sue = { authorization: `Bearer ${await tokenOf('sue.super@agency.example', 'Sue Super')}` };
    const ada = { authorization: `Bearer ${await tokenOf('ada.admin@agency.example', 'Ada Admin')}` };
    const requestId = await requestWith200Steps(db);
    const region = await busiestRegion(db);
    const total = await db.kysely
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();

    const pdf = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/Request/Logs/${requestId}/Pdf`,
        headers: sue,
      });
      if (res.statusCode !== 200 || !res.body.startsWith('%PDF')) {
        throw new Error(`PDF: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      return res.rawPayload.length;
    };
    const body = {
      pageSize: 50,
      filters: [
        { column: 'status', values: ['Submitted', 'Approved'] },
        { column: 'regionName', values: [region] },
      ],
    };
    let matched = 0;
    const page = (headers: Record<string, string>) => async () => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/Request/AllRequests',
        headers,
        payload: body,
      });
      if (res.statusCode !== 200) {
        throw new Error(`AllRequests: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      matched = res.json<{ data: { totalCount: number } }>().data.totalCount;
    };

    console.log(
      `\n${db.dialect} (${Number(total.n).toLocaleString('en-US')} request lines${applied.length ? `; applied ${applied.join(', ')}` : ''})`,
    );
    const size = await pdf();
    console.log(
      `  GET Logs/${requestId}/Pdf (${HISTORY_ROWS} history rows, ${(size / 1024).toFixed(0)} kB)  ${fmt(await time(pdf))}`,
    );
    const sueTime = await time(page(sue));
    console.log(
      `  PUT AllRequests, super admin, status + region '${region}' (${matched} match)  ${fmt(sueTime)}`,
    );
    const adaTime = await time(page(ada));
    console.log(
      `  PUT AllRequests, admin scope,  status + region '${region}' (${matched} match)  ${fmt(adaTime)}`,
    );
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
