/**
 * The task-reminders job on the large seed: one run over the whole backlog (every Submitted and
 * Approved line past its service level is reminded, and past twice it escalated), then a second
 * run at the same instant, which finds nothing due: the cost of the hourly run once the backlog
 * is sent. Prints each run's time and counts, the rows it wrote and the load average. It
 * migrates the database and writes notifications, so run it on a copy:
 *
 *   cp /tmp/uap-large-0018.db /tmp/uap-large-sla.db
 *   npx tsx bench/task-reminders.ts [DATABASE_URL ...]
 *
 * `BENCH_RESET=1` first deletes what earlier runs of this bench sent (the stages recorded, the
 * reminder and escalation notifications and mails), so the backlog run can be repeated.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { serviceLevelsFrom } from '../packages/server/src/config.ts';
import { openDb } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { sendTaskReminders } from '../packages/server/src/modules/jobs/reminders/service.ts';

const urls = process.argv.slice(2);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

for (const url of urls.length ? urls : ['sqlite:/tmp/uap-large-sla.db']) {
  const db = openDb(url);
  try {
    const applied = await migrateToLatest(db);
    const k = db.kysely;
    if (process.env.BENCH_RESET) {
      await k.deleteFrom('taskReminders').execute();
      await k.deleteFrom('notifications').where('event', 'in', ['reminder', 'escalated']).execute();
      await k.deleteFrom('mailOutbox').where('event', 'in', ['reminder', 'escalated']).execute();
    }
    const count = async (table: 'notifications' | 'mailOutbox' | 'taskReminders') =>
      Number(
        (
          await k
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const lines = await k
      .selectFrom('requests')
      .select(sql<number>`count(*)`.as('n'))
      .where('statusId', 'in', [1, 2])
      .executeTakeFirstOrThrow();
    console.log(
      `\n${db.dialect}: ${Number(lines.n).toLocaleString('en-US')} Submitted or Approved lines${
        applied.length ? `; applied ${applied.join(', ')}` : ''
      }`,
    );
    const levels = serviceLevelsFrom(process.env);
    const now = new Date();
    for (const label of ['backlog run', 'second run']) {
      const before = { n: await count('notifications'), m: await count('mailOutbox') };
      const loadBefore = load();
      const started = performance.now();
      const counts = await sendTaskReminders(db, now, levels);
      const ms = performance.now() - started;
      console.log(
        `  ${label.padEnd(12)} ${ms.toFixed(0).padStart(7)} ms  ${JSON.stringify(counts)}  +${(
          (await count('notifications')) - before.n
        ).toLocaleString('en-US')} notifications, +${((await count('mailOutbox')) - before.m).toLocaleString(
          'en-US',
        )} mails; load ${loadBefore} → ${load()}`,
      );
    }
  } finally {
    await db.kysely.destroy();
  }
}
