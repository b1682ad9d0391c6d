import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * The directory feed (SCIM 2.0 and CSV import) and the job runner.
 * - directory_users: the identity provider's own id for a person (`external_id`, SCIM
 *   externalId), the manager as a directory id (SCIM's enterprise `manager.value`), and
 *   `is_deleted` for a person the provider deleted: the row stays (profiles and leavers refer to
 *   it, 'AD Account Enabled' shows Deleted) but SCIM no longer finds it. userName filters compare
 *   case-insensitively, so the principal name gets a lower() index.
 * - job_runs: what a run counted (JSON text), which attempt it was, and who started it by hand.
 */
export const m0016: Migration = {
  async up({ db }) {
    await db.schema.alterTable('directory_users').addColumn('external_id', 'text').execute();
    await db.schema.alterTable('directory_users').addColumn('manager_directory_id', 'text').execute();
    await db.schema
      .alterTable('directory_users')
      .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('idx_directory_users_external_id')
      .on('directory_users')
      .column('external_id')
      .execute();
    await db.schema
      .createIndex('idx_directory_users_lower_user_principal_name')
      .on('directory_users')
      .expression(sql`lower(user_principal_name)`)
      .execute();

    await db.schema.alterTable('job_runs').addColumn('counts', 'text').execute();
    await db.schema
      .alterTable('job_runs')
      .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('job_runs').addColumn('started_by', 'integer').execute();
  },
  async down({ db }) {
    await db.schema.dropIndex('idx_directory_users_lower_user_principal_name').execute();
    await db.schema.dropIndex('idx_directory_users_external_id').execute();
    for (const column of ['started_by', 'attempt', 'counts']) {
      await db.schema.alterTable('job_runs').dropColumn(column).execute();
    }
    for (const column of ['is_deleted', 'manager_directory_id', 'external_id']) {
      await db.schema.alterTable('directory_users').dropColumn(column).execute();
    }
  },
};
