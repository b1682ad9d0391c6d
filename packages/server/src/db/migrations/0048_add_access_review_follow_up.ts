import { sql } from 'kysely';
import { types, type Migration } from './helpers.ts';

/**
 * The follow-up of access reviews (issue 46), run by the hourly access-reviews job.
 * - `access_review_reminders`: which notice the job has sent about a campaign to whom — stage
 *   'reminder' to a reviewer with undecided items, 'escalated' to the campaign's creator once the
 *   due date passed. The primary key makes each notice fire once, however often the job runs.
 * - `access_reviews.previous_review_id`: the campaign a recurring campaign was started from.
 *   Unique, so a campaign has at most one successor, whichever instance's run starts it.
 */
export const m0048: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    await db.schema
      .createTable('access_review_reminders')
      .addColumn('review_id', 'integer', (c) => c.notNull().references('access_reviews.review_id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('stage', 'text', (c) => c.notNull())
      .addColumn('sent_date', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_access_review_reminders', ['review_id', 'user_id', 'stage'])
      .addCheckConstraint('ck_access_review_reminders_stage', sql`stage in ('reminder', 'escalated')`)
      .execute();
    await db.schema
      .alterTable('access_reviews')
      .addColumn('previous_review_id', 'integer', (c) => c.references('access_reviews.review_id'))
      .execute();
    await db.schema
      .createIndex('uq_access_reviews_previous')
      .unique()
      .on('access_reviews')
      .column('previous_review_id')
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex('uq_access_reviews_previous').ifExists().execute();
    await db.schema.alterTable('access_reviews').dropColumn('previous_review_id').execute();
    await db.schema.dropTable('access_review_reminders').ifExists().execute();
  },
};
