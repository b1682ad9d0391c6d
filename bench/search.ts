/**
 * The Request Tracker's free-text search on the large seed: PUT api/Request/AllRequests
 * as super admin with a client-name search, a word that matches nothing, and a search with a
 * status filter and a sort by the subject's name; median and p95 through the whole app
 * (app.inject) and the same queries run directly (findTrackerPage). It migrates the database
 * (migration 0012 builds the index), so run it on copies:
 *
 *   cp /tmp/uap-large.db /tmp/uap-large-search.db
 *   psql postgres://uap@127.0.0.1:54329/postgres -c 'CREATE DATABASE uap_large_search TEMPLATE uap_large'
 *   npx tsx bench/search.ts [--runs 10] [DATABASE_URL ...]
 *
 * Targets: median < 100 ms, p95 < 250 ms.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { Role, startOfTodayUtc, tableQuery, type TableQuery } from '@uap/domain';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig, serviceLevelsFrom } from '../packages/server/src/config.ts';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { trackerSpec } from '../packages/server/src/modules/tracker/line-queries.ts';
import { findTrackerPage } from '../packages/server/src/modules/tracker/queries.ts';
import { fmt, timeRuns } from './timing.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '10' } },
});
const RUNS = Number(values.runs);
const WARMUP = 2;
const CALLER = 'sue.super@agency.example';
const urls = positionals.length
  ? positionals
  : ['sqlite:/tmp/uap-large-search.db', 'postgres://uap@127.0.0.1:54329/uap_large_search'];

const time = (fn: () => Promise<unknown>) => timeRuns(fn, RUNS, WARMUP);

/** A client of median size among those with lines: what a person would type its name for. */
async function typicalClient(db: Db): Promise<{ name: string; lines: number }> {
  const clients = await db.kysely
    .selectFrom('requests as r')
    .innerJoin('clients as c', 'c.clientId', 'r.clientId')
    .select(['c.description as name', (eb) => eb.fn.countAll().as('n')])
    .groupBy('c.description')
    .orderBy(sql`count(*)`)
    .execute();
  const middle = clients[Math.floor(clients.length / 2)]!;
  return { name: middle.name, lines: Number(middle.n) };
}

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
    const caller = await db.kysely
      .selectFrom('users as u')
      .innerJoin('directoryUsers as d', 'd.mail', 'u.email')
      .select(['u.email', 'u.name', 'u.lastName', 'u.roleId', 'd.directoryId'])
      .where('u.email', '=', CALLER)
      .executeTakeFirstOrThrow();
    if (caller.roleId !== Role.SUPERADMIN) {
      throw new Error(`${CALLER} is not a super admin`);
    }
    const token = await mintAccessToken(config, app.signingMaterial!, {
      mail: caller.email,
      displayName: `${caller.name} ${caller.lastName}`,
      directoryId: caller.directoryId,
    });
    const client = await typicalClient(db);
    const today = startOfTodayUtc().toISOString();
    const clock = { now: new Date(), levels: serviceLevelsFrom({}) };
    const spec = trackerSpec(today, clock);
    const cases: [string, TableQuery][] = [
      [`search '${client.name}'`, tableQuery.parse({ searchCriteria: client.name, pageSize: 50 })],
      ['search a word that matches nothing', tableQuery.parse({ searchCriteria: 'qzxwvj', pageSize: 50 })],
      [
        `search '${client.name}' + status Completed + sort by subject name`,
        tableQuery.parse({
          searchCriteria: client.name,
          pageSize: 50,
          filters: [{ column: 'status', values: ['Completed'] }],
          orderBy: 'requestUserName',
          orderAsc: true,
        }),
      ],
    ];
    const load = (await import('node:os')).loadavg().map((n) => n.toFixed(2));
    console.log(
      `\n${url} (migrations applied: ${applied.length}; ${RUNS} runs; load average ${load.join(', ')})`,
    );
    for (const [label, query] of cases) {
      let total = 0;
      const inject = await time(async () => {
        const res = await app.inject({
          method: 'PUT',
          url: '/api/Request/AllRequests',
          headers: { authorization: `Bearer ${token}` },
          payload: query,
        });
        if (res.statusCode !== 200) {
          throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
        }
        total = res.json<{ data: { totalCount: number } }>().data.totalCount;
      });
      const direct = await time(() => findTrackerPage(db, { kind: 'all' }, spec, query, today, clock));
      console.log(`  ${label}: ${total.toLocaleString('en-US')} lines`);
      console.log(`    PUT api/Request/AllRequests   ${fmt(inject)}`);
      console.log(`    same queries directly         ${fmt(direct)}`);
    }
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
