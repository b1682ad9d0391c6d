import { sql } from 'kysely';
import { types, type Migration } from './helpers.ts';

/**
 * Reminders and escalation of waiting tasks.
 * - `task_reminders`: which stage (1 reminder, 2 escalation) the reminders job has sent for a
 *   line in a waiting status (1 Submitted, 2 Approved); the primary key makes each stage fire once
 *   per line per status, however often the job runs. A line that moves on to Approved starts
 *   afresh: its rows name status 1.
 * - `idx_requests_waiting_since`: the tasks (Submitted and Approved lines only) by what they wait
 *   since — a Submitted line its creation, an Approved one its approval — with the status, the
 *   urgency and the (region, market) of an administrator's scope, so the job and the Request
 *   Tracker's Overdue filter read the tasks past a cut-off as one range of this index alone (the expression is `waitingSince` of
 *   `request-lines/service-level.ts`, written identically so that both engines match it).
 */
export const m0030: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    await db.schema
      .createTable('task_reminders')
      .addColumn('request_id', 'integer', (c) => c.notNull().references('requests.request_id'))
      .addColumn('status_id', 'integer', (c) => c.notNull())
      .addColumn('stage', 'integer', (c) => c.notNull())
      .addColumn('sent_date', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_task_reminders', ['request_id', 'status_id', 'stage'])
      .addCheckConstraint('ck_task_reminders_status_id', sql`status_id in (1, 2)`)
      .addCheckConstraint('ck_task_reminders_stage', sql`stage in (1, 2)`)
      .execute();
    await sql`create index if not exists idx_requests_waiting_since on requests ((case status_id when 1 then created_date when 2 then approved_date end), status_id, is_urgent, region_id, market_id) where status_id in (1, 2)`.execute(
      db,
    );
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_requests_waiting_since').ifExists().execute();
    await db.schema.dropTable('task_reminders').ifExists().execute();
  },
};
