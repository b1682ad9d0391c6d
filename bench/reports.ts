/**
 * The Reports charts: each chart endpoint (GET api/Reports/…) through the whole app
 * (app.inject: auth, validation, SQL, presentation) on the large seed, for the last 30 and the last
 * 90 days of lines, as the super admin and as Ada Admin (her (region, market) rows). Median and p95
 * per chart, with the load average.
 *
 *   npx tsx bench/reports.ts [--runs 7] [DATABASE_URL ...]
 *
 * It migrates the database (0022, the report indexes), so run it on a copy:
 * `cp /tmp/uap-large.db /tmp/uap-large-reports.db` (the default). Target: < 200 ms median.
 */
import os from 'node:os';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb } from '../packages/server/src/db/connection.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { fmt, timeRuns } from './timing.ts';
import { withDirectoryId } from './signed-in-server.ts';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 7;
const urls = args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
const targets = urls.length ? urls : ['sqlite:/tmp/uap-large-reports.db'];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const charts = [
  'RequestsByMonth',
  'MedianTimes?by=platform',
  'MedianTimes?by=agency',
  'PendingByApprover',
  'UrgentShare',
  'ExpiringAccess',
];

for (const url of targets) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3995',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
  });
  const db = openDb(url);
  const applied = await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.ready();
  const newest = await db.kysely
    .selectFrom('requests')
    .select((eb) => eb.fn.max('createdDate').as('at'))
    .executeTakeFirstOrThrow();
  const lastDay = String(newest.at).slice(0, 10);
  const dayBefore = (days: number) =>
    new Date(Date.parse(`${lastDay}T00:00:00.000Z`) - days * 86_400_000).toISOString().slice(0, 10);
  console.log(
    `${url} (migrations applied: ${applied.join(', ') || 'none'}; ${RUNS} runs; newest line ${lastDay})`,
  );
  try {
    const callers = await Promise.all(
      [
        { mail: 'sue.super@agency.example', displayName: 'Sue Super' },
        { mail: 'ada.admin@agency.example', displayName: 'Ada Admin' },
      ].map((caller) => withDirectoryId(db, caller)),
    );
    for (const caller of callers) {
      const token = await mintAccessToken(config, app.signingMaterial!, caller);
      for (const days of [30, 90]) {
        console.log(`  as ${caller.displayName}, ${dayBefore(days - 1)} to ${lastDay} (${days} days)`);
        for (const chart of charts) {
          const [path, extra] = chart.split('?');
          const range = `from=${dayBefore(days - 1)}&to=${lastDay}${extra ? `&${extra}` : ''}`;
          let rows = 0;
          const timing = await timeRuns(
            async () => {
              const res = await app.inject({
                method: 'GET',
                url: `/api/Reports/${path}?${range}`,
                headers: { authorization: `Bearer ${token}` },
              });
              if (res.statusCode !== 200) {
                throw new Error(`${chart} ${res.statusCode}: ${res.body.slice(0, 300)}`);
              }
              rows = res.json<{ data: unknown[] }>().data.length;
            },
            RUNS,
            1,
          );
          console.log(`    ${chart.padEnd(24)} ${fmt(timing)} (${rows} rows; load ${load()})`);
        }
      }
    }
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
