import { sql } from 'kysely';
import { types, type Migration } from './helpers.ts';

/**
 * The administrators' stage of an escalation: `task_reminders.stage` may be 3 (the administrators
 * of the line's scope were told), besides 1 (reminder) and 2 (escalation to the master approvers
 * of the path). SQLite cannot change a check constraint, so there the table is rebuilt with its
 * rows; PostgreSQL replaces the constraint.
 * Escalations sent before keep being sent once: an Approved line's escalation (stage 2 of
 * status 2) becomes stage 3 — provisioners have no master approver, so that stage is now the
 * administrators' one — and a Submitted line escalated when its path had no master approver
 * (then to the administrators) gets its stage 3 as sent.
 */
export const m0032: Migration = {
  async up({ db, dialect }) {
    if (dialect === 'postgres') {
      await sql`alter table task_reminders drop constraint ck_task_reminders_stage`.execute(db);
      await sql`alter table task_reminders add constraint ck_task_reminders_stage check (stage in (1, 2, 3))`.execute(
        db,
      );
    } else {
      await rebuild(db, types(dialect).timestamp, sql`stage in (1, 2, 3)`);
    }
    await sql`update task_reminders set stage = 3 where status_id = 2 and stage = 2`.execute(db);
    await sql`insert into task_reminders (request_id, status_id, stage, sent_date)
      select t.request_id, t.status_id, 3, t.sent_date
      from task_reminders t
      join requests r on r.request_id = t.request_id
      where t.status_id = 1 and t.stage = 2 and not exists (
        select 1 from master_approvers m
        where m.region_id = r.region_id and m.market_id = r.market_id and m.agency_id = r.agency_id
          and m.practice_id = r.practice_id and m.is_deleted = 0
          and m.user_id <> r.created_by and m.user_id <> r.user_id)`.execute(db);
  },

  async down({ db, dialect }) {
    await sql`delete from task_reminders where stage = 3`.execute(db);
    if (dialect === 'postgres') {
      await sql`alter table task_reminders drop constraint ck_task_reminders_stage`.execute(db);
      await sql`alter table task_reminders add constraint ck_task_reminders_stage check (stage in (1, 2))`.execute(
        db,
      );
    } else {
      await rebuild(db, types(dialect).timestamp, sql`stage in (1, 2)`);
    }
  },
};

/** SQLite: `task_reminders` again with another stage check, its rows kept. */
async function rebuild(
  db: Parameters<Migration['up']>[0]['db'],
  timestamp: ReturnType<typeof types>['timestamp'],
  stageCheck: ReturnType<typeof sql>,
) {
  await db.schema
    .createTable('task_reminders_next')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('requests.request_id'))
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('stage', 'integer', (c) => c.notNull())
    .addColumn('sent_date', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_task_reminders', ['request_id', 'status_id', 'stage'])
    .addCheckConstraint('ck_task_reminders_status_id', sql`status_id in (1, 2)`)
    .addCheckConstraint('ck_task_reminders_stage', stageCheck)
    .execute();
  await sql`insert into task_reminders_next (request_id, status_id, stage, sent_date) select request_id, status_id, stage, sent_date from task_reminders`.execute(
    db,
  );
  await db.schema.dropTable('task_reminders').execute();
  await sql`alter table task_reminders_next rename to task_reminders`.execute(db);
}
