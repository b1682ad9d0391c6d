import type { Migration } from './helpers.ts';

/**
 * A line requested as "the same access as a colleague" names the colleague, so its approver sees
 * whose access it copies (`requests.same_access_as_user_id`; null for every other line). No
 * index: the column is only read with its line.
 */
export const m0054: Migration = {
  async up({ db }) {
    await db.schema
      .alterTable('requests')
      .addColumn('same_access_as_user_id', 'integer', (c) => c.references('users.user_id'))
      .execute();
  },

  async down({ db }) {
    await db.schema.alterTable('requests').dropColumn('same_access_as_user_id').execute();
  },
};
