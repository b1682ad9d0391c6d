import { flag, nowDefault, types, withId, type Migration } from './helpers.ts';

const tables = ['assignment_status_reports', 'master_approvers', 'approver_assignments'];

/** Approver/provisioner assignments, master approvers and the status rows to acknowledge. */
export const m0003: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    const now = nowDefault(dialect);

    // client_id null = every client of the platform; routing prefers a row naming the client.
    await withId(db.schema.createTable('approver_assignments'), 'approver_id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('secondary_approver_id', 'integer', (c) => c.references('users.user_id'))
      .addColumn('provisioner_id', 'integer', (c) => c.references('users.user_id'))
      .addColumn('provisioner_backup_id', 'integer', (c) => c.references('users.user_id'))
      .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.region_id'))
      .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
      .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.agency_id'))
      .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.practice_id'))
      .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.platform_id'))
      .addColumn('client_id', 'integer', (c) => c.references('clients.client_id'))
      .$call((b) => flag(b, 'is_deleted'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('updated_by', 'integer', (c) => c.references('users.user_id'))
      .execute();
    await db.schema
      .createIndex('idx_approver_assignments_path')
      .on('approver_assignments')
      .columns(['region_id', 'market_id', 'agency_id', 'practice_id', 'platform_id', 'client_id'])
      .execute();
    await db.schema
      .createIndex('idx_approver_assignments_agency_id_practice_id_platform_id')
      .on('approver_assignments')
      .columns(['agency_id', 'practice_id', 'platform_id'])
      .execute();
    for (const column of [
      'user_id',
      'secondary_approver_id',
      'provisioner_id',
      'provisioner_backup_id',
      'client_id',
    ]) {
      await db.schema
        .createIndex(`idx_approver_assignments_${column}`)
        .on('approver_assignments')
        .column(column)
        .execute();
    }

    await withId(db.schema.createTable('master_approvers'), 'master_approver_id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.region_id'))
      .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
      .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.agency_id'))
      .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.practice_id'))
      .$call((b) => flag(b, 'is_deleted'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('updated_by', 'integer', (c) => c.references('users.user_id'))
      .execute();
    await db.schema
      .createIndex('idx_master_approvers_path')
      .on('master_approvers')
      .columns(['region_id', 'market_id', 'agency_id', 'practice_id'])
      .execute();
    await db.schema
      .createIndex('idx_master_approvers_agency_id_practice_id')
      .on('master_approvers')
      .columns(['agency_id', 'practice_id'])
      .execute();
    await db.schema
      .createIndex('idx_master_approvers_user_id')
      .on('master_approvers')
      .column('user_id')
      .execute();

    await withId(db.schema.createTable('assignment_status_reports'), 'id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('change_description', 'text', (c) => c.notNull())
      .addColumn('approver_id', 'integer', (c) => c.references('approver_assignments.approver_id'))
      .addColumn('master_approver_id', 'integer', (c) => c.references('master_approvers.master_approver_id'))
      .addColumn('operation_date', ts, (c) => c.notNull().defaultTo(now))
      .$call((b) => flag(b, 'is_deleted'))
      .execute();
    await db.schema
      .createIndex('idx_assignment_status_reports_user_id')
      .on('assignment_status_reports')
      .column('user_id')
      .execute();
    await db.schema
      .createIndex('idx_assignment_status_reports_is_deleted_operation_date')
      .on('assignment_status_reports')
      .columns(['is_deleted', 'operation_date'])
      .execute();
  },

  async down({ db }) {
    for (const name of tables) {
      await db.schema.dropTable(name).execute();
    }
  },
};
