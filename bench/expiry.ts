/**
 * The daily access-expiry job on the large seed (1,000,000 lines): a realistic share of the
 * active time-limited records is made due with one UPDATE (about 4 % of them past their end date,
 * about 1 % of the lines; about 4 % inside the 14-day notice window; the rest 15–400 days
 * ahead), then the job runs as of a fixed instant: total time, Deactivate lines created,
 * notices and emails queued; then the plans of the job's two scans (they must read the partial
 * index of migration 0029, never the whole table) and a second run the same day (nothing to do,
 * near-instant).
 *
 *   npx tsx bench/expiry.ts [DATABASE_URL ...]
 *
 * It migrates the database and writes to it, so run it on a copy:
 * `cp /tmp/uap-large-0018.db /tmp/uap-large-expiry.db` (the default), a fresh copy each time
 * (it refuses a copy an earlier run wrote to). Target: the job over 1,000,000 lines in < 30 s.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, sql } from 'kysely';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import {
  expiredRecordsQuery,
  noticeWindowQuery,
} from '../packages/server/src/modules/jobs/expiry/queries.ts';
import { runAccessExpiry } from '../packages/server/src/modules/jobs/expiry/service.ts';

const urls = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const targets = urls.length ? urls : ['sqlite:/tmp/uap-large-expiry.db'];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The instant the job runs as of: 01:00 UTC, as its schedule fires. */
const NOW = new Date('2026-11-28T01:00:00.000Z');
const TODAY = '2026-11-28T00:00:00.000Z';
const NOTICE_DAYS = [14, 7, 1];
const ACTIVE_LIMITED = sql`request_type_id = 1 and status_id in (3, 6) and is_deleted = 0 and expiration_date is not null`;

const count = async (db: Db, query: ReturnType<typeof sql>) =>
  Number(((await query.execute(db.kysely)).rows[0] as { n: number | string }).n);

/** Whether an earlier run of this bench wrote to this copy (then the numbers would not compare). */
async function isUsed(db: Db) {
  return (await count(db, sql`select count(*) as n from expiry_notices`)) > 0;
}

/** End dates by request id: 1 in 25 past (1–30 days), 1 in 25 within 0–14 days, the rest 15–399 days ahead. */
async function makeDue(db: Db) {
  const day = (offset: ReturnType<typeof sql>) =>
    db.dialect === 'postgres'
      ? sql`(cast(${TODAY} as timestamptz) + (${offset}) * interval '1 day')`
      : sql`strftime('%Y-%m-%dT00:00:00.000Z', ${TODAY}, (${offset}) || ' days')`;
  await sql`update requests set expiration_date = case
      when request_id % 25 = 0 then ${day(sql`-1 - request_id % 30`)}
      when request_id % 25 = 1 then ${day(sql`request_id % 15`)}
      else ${day(sql`15 + request_id % 385`)} end,
    ask_new_range_date = 0
    where ${ACTIVE_LIMITED}`.execute(db.kysely);
}

async function plan(db: Db, compiled: CompiledQuery) {
  const explain = db.dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
  const result = await db.kysely.executeQuery(
    CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]),
  );
  return result.rows.map((r) => {
    const row = r as Record<string, unknown>;
    const text = row.detail ?? row['QUERY PLAN'];
    return `    ${typeof text === 'string' ? text : JSON.stringify(row)}`;
  });
}

for (const url of targets) {
  const db = openDb(url);
  let t = performance.now();
  const applied = await migrateToLatest(db);
  console.log(
    `${url}: migrations applied: ${applied.join(', ') || 'none'} (${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
  try {
    const lines = await count(db, sql`select count(*) as n from requests`);
    if (await isUsed(db)) {
      console.log('  this copy was used by an earlier run: make a fresh copy of the large seed first');
      continue;
    }
    t = performance.now();
    await makeDue(db);
    // Statistics for the new partial index (SQLite: that index alone; PostgreSQL: the table).
    await sql`analyze ${sql.raw(db.dialect === 'sqlite' ? 'idx_requests_active_limited_expiration' : 'requests')}`.execute(
      db.kysely,
    );
    const setup = (performance.now() - t) / 1000;
    const active = await count(db, sql`select count(*) as n from requests where ${ACTIVE_LIMITED}`);
    const expired = await count(
      db,
      sql`select count(*) as n from requests where ${ACTIVE_LIMITED} and expiration_date < ${TODAY}`,
    );
    const inWindow = await count(
      db,
      sql`select count(*) as n from requests where ${ACTIVE_LIMITED} and expiration_date >= ${TODAY} and expiration_date < ${new Date(Date.parse(TODAY) + 15 * 86_400_000).toISOString()}`,
    );
    console.log(
      `  ${lines.toLocaleString('en-US')} lines; ${active.toLocaleString('en-US')} active time-limited records; made due in ${setup.toFixed(1)} s: ${expired.toLocaleString('en-US')} past their end date (${((100 * expired) / lines).toFixed(2)} % of the lines), ${inWindow.toLocaleString('en-US')} ending within 14 days`,
    );

    console.log('  plan of the scan of expired records:');
    console.log((await plan(db, expiredRecordsQuery(db.kysely, TODAY, null, 500).compile())).join('\n'));
    console.log('  plan of the scan of the notice window:');
    const windowEnd = new Date(Date.parse(TODAY) + 15 * 86_400_000).toISOString();
    console.log(
      (await plan(db, noticeWindowQuery(db.kysely, TODAY, windowEnd, null, 500).compile())).join('\n'),
    );

    const outboxBefore = await count(db, sql`select count(*) as n from mail_outbox`);
    const notificationsBefore = await count(db, sql`select count(*) as n from notifications`);
    console.log(`  load average before the run: ${load()}`);
    // One run of the job, timed by its two parts: the expired records, then the notices (the
    // second call's expired scan finds nothing left to do).
    t = performance.now();
    const expiredPart = await runAccessExpiry(db, NOW, []);
    const expiredMs = performance.now() - t;
    t = performance.now();
    const noticePart = await runAccessExpiry(db, NOW, NOTICE_DAYS);
    const noticeMs = performance.now() - t;
    const firstMs = expiredMs + noticeMs;
    const created = await count(
      db,
      sql`select count(*) as n from requests where submission_id like 'expiry-%' and request_type_id = 2 and status_id = 2`,
    );
    const notifications =
      (await count(db, sql`select count(*) as n from notifications`)) - notificationsBefore;
    const mails = (await count(db, sql`select count(*) as n from mail_outbox`)) - outboxBefore;
    console.log(
      `  the job: ${(firstMs / 1000).toFixed(2)} s — expired records ${(expiredMs / 1000).toFixed(2)} s: ${expiredPart.expired.toLocaleString('en-US')} Deactivate lines created (${created.toLocaleString('en-US')} in the table), ${expiredPart.pendingChange} expired records left for their pending change; notices ${(noticeMs / 1000).toFixed(2)} s: ${noticePart.noticed.toLocaleString('en-US')} records noticed; ${notifications.toLocaleString('en-US')} in-app notifications and ${mails.toLocaleString('en-US')} emails queued (load ${load()})`,
    );
    t = performance.now();
    const second = await runAccessExpiry(db, new Date(NOW.getTime() + 3_600_000), NOTICE_DAYS);
    const secondMs = performance.now() - t;
    console.log(
      `  second run the same day: ${secondMs.toFixed(0)} ms — ${second.expired} created, ${second.noticed} noticed, ${second.pendingChange} with a change pending (read, left alone) (load ${load()})`,
    );
    console.log(`  target < 30 s: ${firstMs < 30_000 ? 'met' : 'NOT met'}`);
  } finally {
    await db.kysely.destroy();
  }
}
