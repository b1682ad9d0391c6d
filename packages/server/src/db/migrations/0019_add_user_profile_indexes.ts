import type { Migration } from './helpers.ts';

/** The sortable and filterable columns of All User Profiles, each with the row id as tiebreak. */
const columns = [
  'name',
  'last_name',
  'title',
  'organization',
  'department',
  'location_country',
  'employee_id',
  'office_number',
  'parent_guid',
  'child_guid',
] as const;

/**
 * All User Profiles pages, sorts and filters 200,000 profiles in SQL: an index on
 * each sortable column then user_id serves 'ORDER BY column, user_id LIMIT n' without a sort,
 * and a filter menu's distinct values without reading the table.
 */
export const m0019: Migration = {
  async up({ db }) {
    for (const column of columns) {
      await db.schema
        .createIndex(`idx_users_${column}_user_id`)
        .on('users')
        .columns([column, 'user_id'])
        .execute();
    }
  },
  async down({ db }) {
    for (const column of columns) {
      await db.schema.dropIndex(`idx_users_${column}_user_id`).execute();
    }
  },
};
