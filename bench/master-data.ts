/**
 * The Database Manager table: PUT api/Catalogs/MasterDataTable for each of the nine
 * types through the whole app (app.inject: auth, validation, SQL, canEdit, serialisation) on the
 * large seed — page 1 in the default order, sorted by a parent name descending, a search, a
 * status filter and the last page — as the super admin and as Ada Admin (whose canEdit needs her
 * admin rows), plus the status filter menu. Median and p95 per type, with the load average.
 *
 *   npx tsx bench/master-data.ts [--runs 20] [DATABASE_URL ...]
 *
 * It migrates the database (0014), so run it on copies: `cp /tmp/uap-large.db
 * /tmp/uap-large-md.db` and `CREATE DATABASE uap_large_md TEMPLATE uap_large` (the defaults).
 * Target: < 50 ms median.
 */
import os from 'node:os';
import { masterDataColumns, masterDataTypes, type MasterDataType } from '@uap/domain';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb } from '../packages/server/src/db/connection.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { timeRuns } from './timing.ts';
import { withDirectoryId } from './signed-in-server.ts';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 20;
const urls = args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
const targets = urls.length
  ? urls
  : ['sqlite:/tmp/uap-large-md.db', 'postgres://uap@127.0.0.1:54329/uap_large_md'];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A parent-name column of the type to sort by (the description when it has none). */
function sortColumn(type: MasterDataType): string {
  const columns: readonly string[] = masterDataColumns[type];
  return (
    ['clientName', 'agencyName', 'platformName', 'regionName'].find((c) => columns.includes(c)) ??
    'description'
  );
}

for (const url of targets) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3996',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    // The benchmark calls far more often than one person would.
    RATE_LIMIT_API_PER_MINUTE: '100000000',
  });
  const db = openDb(url);
  const applied = await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.ready();
  console.log(`${url} (migrations applied: ${applied.length}; ${RUNS} runs; load ${load()})`);
  try {
    const callers = await Promise.all(
      [
        { mail: 'sue.super@agency.example', displayName: 'Sue Super' },
        { mail: 'ada.admin@agency.example', displayName: 'Ada Admin' },
      ].map((caller) => withDirectoryId(db, caller)),
    );
    for (const caller of callers) {
      const token = await mintAccessToken(config, app.signingMaterial!, caller);
      const put = async (path: string, payload: object) => {
        const res = await app.inject({
          method: 'PUT',
          url: `/api/Catalogs/${path}`,
          headers: { authorization: `Bearer ${token}` },
          payload,
        });
        if (res.statusCode !== 200) {
          throw new Error(`${path} ${res.statusCode}: ${res.body.slice(0, 300)}`);
        }
        return res.json<{ data: { totalCount: number; rows: { description: string }[] } }>().data;
      };
      console.log(`  as ${caller.displayName}`);
      for (const type of masterDataTypes) {
        const base = { masterDataType: type, pageSize: 50 };
        const first = await put('MasterDataTable', { ...base, page: 1 });
        const term = (first.rows[Math.floor(first.rows.length / 2)]?.description ?? 'a').slice(0, 6);
        const lastPage = Math.max(1, Math.ceil(first.totalCount / 50));
        const bodies = [
          { ...base, page: 1 },
          { ...base, page: 1, orderBy: sortColumn(type), orderAsc: false },
          { ...base, page: 1, searchCriteria: term },
          { ...base, page: 1, filters: [{ column: 'status', values: ['Active'] }] },
          { ...base, page: lastPage },
        ];
        const pages = [];
        for (const body of bodies) {
          pages.push(await timeRuns(() => put('MasterDataTable', body), RUNS, 3));
        }
        const menu = await timeRuns(
          () => put('MasterDataTable/Filters', { ...base, column: 'status' }),
          RUNS,
          3,
        );
        const medians = pages.map((p) => p.median.toFixed(1)).join(' / ');
        const worst = Math.max(...pages.map((p) => p.p95)).toFixed(1);
        console.log(
          `    ${type.padEnd(22)} ${String(first.totalCount).padStart(6)} rows  pages (default / sort / search / filter / last) median ${medians} ms, worst p95 ${worst} ms; status menu ${menu.median.toFixed(1)} ms`,
        );
      }
    }
    console.log(`  load average after: ${load()}`);
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
