/**
 * Times PUT api/Request/UserRecords (three column filters, a sort, a page of 50) and
 * PUT api/Catalogs/Filters/ through the whole app (app.inject: auth, validation, SQL,
 * presentation, serialisation), and the same SQL run directly, on the large seed.
 *
 *   npx tsx bench/user-records.ts [DATABASE_URL ...]
 *
 * Defaults to the SQLite file /tmp/uap-large.db and the PostgreSQL database uap_large.
 */
import { sql } from 'kysely';
import { startOfTodayUtc, tableQuery, type TableQuery } from '@uap/domain';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { userRecordSpec, userRecordsWhere } from '../packages/server/src/modules/records/queries.ts';
import { findColumnValues, findLinePage } from '../packages/server/src/modules/request-lines/lists.ts';
import { fmt, timeRuns } from './timing.ts';
import { withDirectoryId } from './signed-in-server.ts';

const RUNS = 30;
const WARMUP = 5;
const CALLER = 'sue.super@agency.example';
const urls = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sqlite:/tmp/uap-large.db', 'postgres://uap@127.0.0.1:54329/uap_large'];

const time = (fn: () => Promise<unknown>) => timeRuns(fn, RUNS, WARMUP);

/** The user who is the subject of the most Add lines, and the body the benchmark sends. */
async function workload(db: Db) {
  const subject = await db.kysely
    .selectFrom('requests')
    .select(['userId', (eb) => eb.fn.countAll().as('n')])
    .where('requestTypeId', '=', 1)
    .groupBy('userId')
    .orderBy(sql`count(*)`, 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const platforms = await db.kysely
    .selectFrom('requests as r')
    .innerJoin('platforms as p', 'p.platformId', 'r.platformId')
    .select('p.description')
    .distinct()
    .where('r.userId', '=', subject.userId)
    .execute();
  const query: TableQuery = tableQuery.parse({
    page: 1,
    pageSize: 50,
    orderBy: 'platformName',
    orderAsc: true,
    filters: [
      { column: 'platformName', values: platforms.map((p) => p.description) },
      { column: 'status', values: ['Submitted', 'Approved', 'Completed', 'Archived'] },
      { column: 'statusDescription', values: ['Active', 'Expired', 'Inactive'] },
    ],
  });
  return { userId: subject.userId, lines: Number(subject.n), query };
}

for (const url of urls) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3998',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
  });
  const db = openDb(url);
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    const total = await db.kysely
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const token = await mintAccessToken(
      config,
      app.signingMaterial!,
      await withDirectoryId(db, { mail: CALLER, displayName: 'Sue Super' }),
    );
    const { userId, lines, query } = await workload(db);
    const body = { ...query, userId };
    const headers = { authorization: `Bearer ${token}` };
    const put = async (path: string, payload: object) => {
      const res = await app.inject({ method: 'PUT', url: path, headers, payload });
      if (res.statusCode !== 200) {
        throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      return res;
    };
    const today = startOfTodayUtc().toISOString();
    const spec = userRecordSpec(today);
    const source = userRecordsWhere({ kind: 'all', userId }, userId);
    const first = (await put('/api/Request/UserRecords', body)).json<{ data: { totalCount: number } }>();

    console.log(
      `\n${db.dialect} (${Number(total.n).toLocaleString('en-US')} request lines; subject user ${userId} with ${lines} Add lines; ${first.data.totalCount} rows match)`,
    );
    console.log(
      `  PUT api/Request/UserRecords     ${fmt(await time(() => put('/api/Request/UserRecords', body)))}`,
    );
    console.log(
      `    same SQL directly             ${fmt(await time(() => findLinePage(db, source, spec, query, today)))}`,
    );
    const filterBody = { ...body, source: 'UserRecords', column: 'clientName' };
    console.log(
      `  PUT api/Catalogs/Filters/       ${fmt(await time(() => put('/api/Catalogs/Filters/', filterBody)))}`,
    );
    console.log(
      `    same SQL directly             ${fmt(await time(() => findColumnValues(db, source, spec, query, 'clientName')))}`,
    );
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
