/**
 * What notifications add to a decision, on a copy of the large seed: a decision queues its
 * notifications inside its own transaction (in-app rows, one outbox email per recipient); the
 * sending happens later, outside the request. This times that queueing alone, for one line per
 * call ('approved' to the provisioners and the requester; 'submitted' to the approvers, with the
 * no-approval-path check; 'rejected' to the requester and subject) and for a bulk decision of 200
 * lines; each call runs in a transaction that is rolled back, so the copy does not grow.
 * Target: under 5 ms median per decision.
 *
 *   cp /tmp/uap-large-0018.db /tmp/uap-large-notify.db
 *   npx tsx bench/notifications.ts [DATABASE_URL ...]
 */
import os from 'node:os';
import { RequestStatus, type NotificationEvent } from '@uap/domain';
import { openDb, type Db } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { queueNotifications } from '../packages/server/src/modules/notifications/outbox.ts';
import { fmt, timeRuns } from './timing.ts';

const RUNS = 40;
const BULK = 200;
const urls = process.argv.slice(2).length ? process.argv.slice(2) : ['sqlite:/tmp/uap-large-notify.db'];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

class RolledBack extends Error {}

/** Times one queueing inside a transaction that is then rolled back. */
async function queueAndRollBack(db: Db, event: NotificationEvent, ids: number[], actorId: number) {
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await queueNotifications(trx, event, ids, actorId);
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) {
      throw error;
    }
  }
}

/** Lines of a status spread over the whole table (every n-th id), newest first. */
async function sampleLines(db: Db, statusId: number, count: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('requests')
    .select('requestId')
    .where('statusId', '=', statusId)
    .orderBy('requestId', 'desc')
    .limit(count * 50)
    .execute();
  const step = Math.max(1, Math.floor(rows.length / count));
  return rows
    .filter((_, i) => i % step === 0)
    .map((r) => r.requestId)
    .slice(0, count);
}

async function bench(url: string) {
  const db = openDb(url);
  const applied = await migrateToLatest(db);
  console.log(`${url} (migrations applied: ${applied.length}; ${RUNS} runs; load ${load()})`);
  try {
    const actor = await db.kysely
      .selectFrom('users')
      .select('userId')
      .where('email', '=', 'sue.super@agency.example')
      .executeTakeFirstOrThrow();
    const submitted = await sampleLines(db, RequestStatus.SUBMITTED, Math.max(RUNS, BULK));
    const approved = await sampleLines(db, RequestStatus.APPROVED, RUNS);
    const cases: [string, NotificationEvent, number[][]][] = [
      ['one line approved', 'approved', submitted.slice(0, RUNS).map((id) => [id])],
      ['one line submitted', 'submitted', submitted.slice(0, RUNS).map((id) => [id])],
      ['one line rejected', 'rejected', submitted.slice(0, RUNS).map((id) => [id])],
      ['one line completed', 'completed', approved.map((id) => [id])],
      [`${BULK} lines approved at once`, 'approved', [submitted.slice(0, BULK)]],
    ];
    for (const [label, event, batches] of cases) {
      let next = 0;
      const timing = await timeRuns(
        () => queueAndRollBack(db, event, batches[next++ % batches.length]!, actor.userId),
        batches.length === 1 ? 10 : RUNS,
        2,
      );
      console.log(`  ${label.padEnd(28)} ${fmt(timing)}  (load ${load()})`);
    }
  } finally {
    await db.kysely.destroy();
  }
}

for (const url of urls) {
  await bench(url);
}
