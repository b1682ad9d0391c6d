import { sql } from 'kysely';
import { flag, nowDefault, types, withId, type Migration } from './helpers.ts';

const tables = [
  'user_status_reports',
  'job_leases',
  'job_runs',
  'bulk_upload_rows',
  'bulk_uploads',
  'master_data_logs',
  'master_data_requests',
  'standard_comments',
];

/** Standard comments, master-data requests and logs, bulk uploads, jobs, user status report. */
export const m0005: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    const now = nowDefault(dialect);

    await withId(db.schema.createTable('standard_comments'), 'id', dialect)
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
      .$call((b) => flag(b, 'is_deleted'))
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema
      .createIndex('idx_standard_comments_type_is_deleted')
      .on('standard_comments')
      .columns(['type', 'is_deleted'])
      .execute();

    await withId(db.schema.createTable('master_data_requests'), 'id', dialect)
      .addColumn('master_data_type', 'text', (c) => c.notNull())
      .addColumn('comments', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema
      .createIndex('idx_master_data_requests_created_date')
      .on('master_data_requests')
      .column('created_date')
      .execute();

    await withId(db.schema.createTable('master_data_logs'), 'id', dialect)
      .addColumn('master_data_type', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('operation', 'text')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('operation_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('operated_by', 'integer', (c) => c.references('users.user_id'))
      .execute();
    await db.schema
      .createIndex('idx_master_data_logs_master_data_type_item_id')
      .on('master_data_logs')
      .columns(['master_data_type', 'item_id'])
      .execute();
    await db.schema
      .createIndex('idx_master_data_logs_operation_date')
      .on('master_data_logs')
      .column('operation_date')
      .execute();

    await withId(db.schema.createTable('bulk_uploads'), 'id', dialect)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('upload_type', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('success_rows', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addCheckConstraint(
        'ck_bulk_uploads_upload_type',
        sql`upload_type in ('UserRecords', 'Approvers', 'MasterApprovers')`,
      )
      .execute();
    await db.schema.createIndex('uq_bulk_uploads_code').on('bulk_uploads').column('code').unique().execute();
    await db.schema
      .createIndex('idx_bulk_uploads_upload_type_created_date')
      .on('bulk_uploads')
      .columns(['upload_type', 'created_date'])
      .execute();

    await withId(db.schema.createTable('bulk_upload_rows'), 'id', dialect)
      .addColumn('upload_id', 'integer', (c) => c.notNull().references('bulk_uploads.id').onDelete('cascade'))
      .addColumn('row_number', 'integer', (c) => c.notNull())
      .$call((b) => flag(b, 'success'))
      .addColumn('status_text', 'text')
      .addColumn('payload', 'text')
      .execute();
    await db.schema
      .createIndex('idx_bulk_upload_rows_upload_id_row_number')
      .on('bulk_upload_rows')
      .columns(['upload_id', 'row_number'])
      .execute();

    await withId(db.schema.createTable('job_runs'), 'id', dialect)
      .addColumn('job_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('started_on', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('ended_on', ts)
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', ts)
      .addColumn('message', 'text')
      .addCheckConstraint('ck_job_runs_status', sql`status in ('RUNNING', 'COMPLETED', 'FAILED')`)
      .execute();
    await db.schema
      .createIndex('idx_job_runs_job_name_started_on')
      .on('job_runs')
      .columns(['job_name', 'started_on'])
      .execute();

    // One row per job: whoever holds an unexpired lease runs it (one run across N instances).
    await db.schema
      .createTable('job_leases')
      .addColumn('job_name', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('lease_until', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('user_status_reports'), 'id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('role_name', 'text')
      .addColumn('change_description', 'text', (c) => c.notNull())
      .addColumn('agency', 'text')
      .addColumn('operation_date', ts, (c) => c.notNull().defaultTo(now))
      .$call((b) => flag(b, 'is_deleted'))
      .execute();
    await db.schema
      .createIndex('idx_user_status_reports_user_id')
      .on('user_status_reports')
      .column('user_id')
      .execute();
    await db.schema
      .createIndex('idx_user_status_reports_is_deleted_operation_date')
      .on('user_status_reports')
      .columns(['is_deleted', 'operation_date'])
      .execute();
  },

  async down({ db }) {
    for (const name of tables) {
      await db.schema.dropTable(name).execute();
    }
  },
};
