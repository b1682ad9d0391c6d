import type { Migration } from './helpers.ts';

/**
 * My Access Reviews reads a reviewer's items in item order, 50 at a time: with the reviewer's
 * items in that order in one index, a page reads its 50 items and their joins instead of joining
 * every item of the reviewer and sorting them (PostgreSQL, a reviewer with 37,739 items: 687 ms
 * a page before, bench/README.md).
 */
export const m0047: Migration = {
  async up({ db }) {
    await db.schema
      .createIndex('idx_access_review_items_reviewer_item')
      .on('access_review_items')
      .columns(['reviewer_user_id', 'item_id'])
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_access_review_items_reviewer_item').ifExists().execute();
  },
};
