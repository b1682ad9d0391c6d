/**
 * The Agency Platform Scorecards: GET api/Scorecards/{card} of Google Ads, Meta
 * and TikTok through the whole app (app.inject: auth, validation, SQL, serialisation) on the
 * large seed, as the super admin (every line), as Ada Admin (her admin rows) and as Mia Master
 * (her master approver rows; Social cards only). Median and p95 per card, with the load average.
 *
 *   npx tsx bench/scorecards.ts [--runs 5] [DATABASE_URL ...]
 *
 * It migrates the database (0023 adds the scorecard indexes, then they are analysed), so run it
 * on copies: `cp /tmp/uap-large-0018.db /tmp/uap-large-scorecards.db` and `CREATE DATABASE
 * uap_large_scorecards TEMPLATE uap_large` (the defaults). Target: < 200 ms median per card.
 */
import os from 'node:os';
import { sql } from 'kysely';
import type { scorecardCardKeys } from '@uap/domain';
import { scorecardCards, type Scorecard } from '@uap/domain';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb } from '../packages/server/src/db/connection.ts';
import { mintAccessToken } from '../packages/server/src/auth/verify.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { fmt, timeRuns } from './timing.ts';
import { withDirectoryId } from './signed-in-server.ts';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const urls = args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
const targets = urls.length
  ? urls
  : ['sqlite:/tmp/uap-large-scorecards.db', 'postgres://uap@127.0.0.1:54329/uap_large_scorecards'];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

for (const url of targets) {
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '3995',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
  });
  const db = openDb(url);
  const started = Date.now();
  const applied = await migrateToLatest(db);
  if (applied.length > 0) {
    // The planner needs statistics of the new indexes.
    await sql`analyze requests`.execute(db.kysely);
  }
  console.log(
    `${url}: migrations applied ${applied.join(', ') || 'none'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  const app = await buildApp({ config, db });
  await app.ready();
  console.log(`${RUNS} runs per card; load ${load()}`);
  try {
    const callers = await Promise.all(
      [
        { mail: 'sue.super@agency.example', displayName: 'Sue Super' },
        { mail: 'ada.admin@agency.example', displayName: 'Ada Admin' },
        { mail: 'mia.master@agency.example', displayName: 'Mia Master' },
      ].map((caller) => withDirectoryId(db, caller)),
    );
    for (const caller of callers) {
      const token = await mintAccessToken(config, app.signingMaterial!, caller);
      const get = async (path: string) =>
        app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
      const list = await get('/api/Scorecards');
      const cards =
        list.statusCode === 200
          ? list
              .json<{ data: { cards: { card: (typeof scorecardCardKeys)[number] }[] } }>()
              .data.cards.map((c) => c.card)
          : [];
      console.log(`  as ${caller.displayName}: cards ${cards.join(', ') || 'none'}`);
      for (const card of cards) {
        let agencies = 0;
        let users = 0;
        const timing = await timeRuns(
          async () => {
            const res = await get(`/api/Scorecards/${card}`);
            if (res.statusCode !== 200) {
              throw new Error(`${card} ${res.statusCode}: ${res.body.slice(0, 300)}`);
            }
            const data = res.json<{ data: Scorecard }>().data;
            agencies = data.agencies.length;
            users = data.agencies.reduce((sum, a) => sum + a.activeUsers, 0);
          },
          RUNS,
          1,
        );
        console.log(
          `    ${scorecardCards[card].title.padEnd(10)} ${fmt(timing)} (${agencies} agencies, ${users} active users; load ${load()})`,
        );
      }
    }
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}
