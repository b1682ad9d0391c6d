import type { Migration } from './helpers.ts';
import { types } from './helpers.ts';

/**
 * An administrator marks a master data request done: when, by whom, and the item of
 * the request's type it created or changed (null when the request needed no item).
 */
export const m0017: Migration = {
  async up({ db, dialect }) {
    const { timestamp } = types(dialect);
    await db.schema.alterTable('master_data_requests').addColumn('done_date', timestamp).execute();
    await db.schema
      .alterTable('master_data_requests')
      .addColumn('done_by', 'integer', (c) => c.references('users.user_id'))
      .execute();
    await db.schema.alterTable('master_data_requests').addColumn('done_item_id', 'integer').execute();
  },
  async down({ db }) {
    for (const column of ['done_item_id', 'done_by', 'done_date']) {
      await db.schema.alterTable('master_data_requests').dropColumn(column).execute();
    }
  },
};
