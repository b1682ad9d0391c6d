import type { Migration } from './helpers.ts';

/**
 * The sortable columns of the server-paged Status of Users table (user-status-queries.ts): each
 * with the row id, the table's tiebreak, so a page in either direction reads the index in order
 * instead of sorting every row. The default order (open first, newest first) already has
 * idx_user_status_reports_is_deleted_operation_date.
 */
const indexes = [
  ['idx_user_status_reports_operation_date', 'operation_date'],
  ['idx_user_status_reports_role_name', 'role_name'],
  ['idx_user_status_reports_agency', 'agency'],
  ['idx_user_status_reports_change_description', 'change_description'],
] as const;

export const m0042: Migration = {
  async up({ db }) {
    for (const [name, column] of indexes) {
      await db.schema
        .createIndex(name)
        .ifNotExists()
        .on('user_status_reports')
        .columns([column, 'id'])
        .execute();
    }
  },

  async down({ db }) {
    for (const [name] of indexes) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
  },
};
