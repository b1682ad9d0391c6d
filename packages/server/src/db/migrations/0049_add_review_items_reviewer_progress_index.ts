import type { Migration } from './helpers.ts';

/**
 * The campaign page (issue 46 item 5) groups a campaign's items by reviewer and counts their
 * decisions (PUT api/AccessReviews/{id}/Reviewers). With the campaign's items in reviewer order in
 * one index holding the decision and its time, the grouping reads that index alone, in order,
 * instead of every item row. A campaign of 200,000 items (1,901 reviewers) among 800,000: SQLite
 * 498 ms a page before (it scanned the reviewers' index over every campaign's items), 86 ms
 * after; PostgreSQL 110–150 ms before (bitmap heap scan and hash aggregate), 63 ms after.
 */
export const m0049: Migration = {
  async up({ db }) {
    await db.schema
      .createIndex('idx_access_review_items_review_reviewer')
      .on('access_review_items')
      .columns(['review_id', 'reviewer_user_id', 'decision', 'decided_at'])
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_access_review_items_review_reviewer').ifExists().execute();
  },
};
