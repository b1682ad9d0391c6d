import type { Migration } from './helpers.ts';

/**
 * All User Profiles at 200,000 profiles:
 * - `idx_users_is_internal_user_id` and `idx_users_organization_is_internal_user_id`: the user
 *   type filter, alone or with an organization, counted and paged from the index alone (the
 *   organization's index alone made every row of the organization be read for its user type).
 * - `idx_users_user_id` (SQLite only): a deep page in the default order skips the entries of this
 *   narrow index instead of whole table rows (page 2,000 of 4,000: 26 ms of SQL → about 1 ms).
 *   PostgreSQL's primary key index already is such an index.
 */
export const m0031: Migration = {
  async up({ db, dialect }) {
    await db.schema
      .createIndex('idx_users_is_internal_user_id')
      .ifNotExists()
      .on('users')
      .columns(['is_internal', 'user_id'])
      .execute();
    await db.schema
      .createIndex('idx_users_organization_is_internal_user_id')
      .ifNotExists()
      .on('users')
      .columns(['organization', 'is_internal', 'user_id'])
      .execute();
    if (dialect === 'sqlite') {
      await db.schema.createIndex('idx_users_user_id').ifNotExists().on('users').column('user_id').execute();
    }
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_users_user_id').ifExists().execute();
    await db.schema.dropIndex('idx_users_organization_is_internal_user_id').ifExists().execute();
    await db.schema.dropIndex('idx_users_is_internal_user_id').ifExists().execute();
  },
};
