import { sql } from 'kysely';
import { types, type Migration } from './helpers.ts';

/**
 * Reminders and escalation of waiting tasks.
 * - `task_reminders`: which stage (1 reminder, 2 escalation) the reminders job has sent for a
 *   line in a waiting status (1 Submitted, 2 Approved); the primary key makes each stage fire once
 *   per line per status, however often the job runs. A line that moves on to Approved starts
 *   afresh: its rows name status 1.
 * - `idx_requests_approved_waiting`: the Approved lines by approval date, so the job and the
 *   Request Tracker's Overdue filter read the provisioning tasks past a cut-off as a range (the
 *   Submitted ones use `idx_requests_status_id_created_date` of migration 0004).
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
    await db.schema
      .createIndex('idx_requests_approved_waiting')
      .ifNotExists()
      .on('requests')
      .column('approved_date')
      .where(sql<boolean>`status_id = 2`)
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_requests_approved_waiting').ifExists().execute();
    await db.schema.dropTable('task_reminders').ifExists().execute();
  },
};
