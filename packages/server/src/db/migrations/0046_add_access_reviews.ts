import { sql } from 'kysely';
import { nowDefault, types, withId, type Migration } from './helpers.ts';

/**
 * Access reviews (issue 46): campaigns that ask reviewers to keep or revoke access records.
 *
 * - `access_reviews`: one campaign. Its status is a word ('draft', 'active', 'closed',
 *   'cancelled') as the job runs and the bulk uploads keep theirs; every move is a
 *   compare-and-set on it. `reviewer_rule` 'approver' | 'manager' | 'user' (then
 *   `reviewer_user_id`), `when_undecided` 'keep' | 'revoke' | 'administrators'; `internal`
 *   (null: internal and external users) and `active_for_days` are the scope's two conditions
 *   that are not lists.
 * - `access_review_scope`: the scope's lists, one row per (kind, id) named, so both the snapshot
 *   and "which campaigns may this administrator see" are SQL over them. No row of a kind: any.
 * - `access_review_items`: one per access record of a started campaign, with what was reviewed
 *   as it was at the start (the record's person, place and access, and since when it is held),
 *   its reviewer (null: the administrators of the record's region and market), and the
 *   decision. UNIQUE (review_id, record_id): a second snapshot of a campaign adds no row, however
 *   it slips past the campaign's compare-and-set. Indexes: a reviewer's items
 *   (`idx_access_review_items_reviewer`: My Access Reviews and the Home tile's count), the
 *   items nobody is named for by place (administrators), and a campaign's items by decision (its
 *   progress).
 */
export const m0046: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    const now = nowDefault(dialect);

    await withId(db.schema.createTable('access_reviews'), 'review_id', dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('reviewer_rule', 'text', (c) => c.notNull().defaultTo('approver'))
      .addColumn('reviewer_user_id', 'integer', (c) => c.references('users.user_id'))
      .addColumn('due_date', ts, (c) => c.notNull())
      .addColumn('when_undecided', 'text', (c) => c.notNull().defaultTo('keep'))
      .addColumn('recurrence_months', 'integer')
      .addColumn('internal', 'integer')
      .addColumn('active_for_days', 'integer')
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('updated_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('started_date', ts)
      .addColumn('closed_date', ts)
      .addCheckConstraint(
        'ck_access_reviews_status',
        sql`status in ('draft', 'active', 'closed', 'cancelled')`,
      )
      .addCheckConstraint(
        'ck_access_reviews_reviewer_rule',
        sql`reviewer_rule in ('approver', 'manager', 'user')`,
      )
      .addCheckConstraint(
        'ck_access_reviews_reviewer_user',
        sql`(reviewer_rule = 'user') = (reviewer_user_id is not null)`,
      )
      .addCheckConstraint(
        'ck_access_reviews_when_undecided',
        sql`when_undecided in ('keep', 'revoke', 'administrators')`,
      )
      .addCheckConstraint(
        'ck_access_reviews_recurrence',
        sql`recurrence_months is null or recurrence_months in (3, 6, 12)`,
      )
      .addCheckConstraint('ck_access_reviews_internal', sql`internal is null or internal in (0, 1)`)
      .execute();
    await db.schema
      .createIndex('idx_access_reviews_status')
      .on('access_reviews')
      .columns(['status', 'review_id'])
      .execute();

    await db.schema
      .createTable('access_review_scope')
      .addColumn('review_id', 'integer', (c) => c.notNull().references('access_reviews.review_id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_access_review_scope', ['review_id', 'kind', 'ref_id'])
      .addCheckConstraint(
        'ck_access_review_scope_kind',
        sql`kind in ('region', 'market', 'agency', 'practice', 'platform', 'client', 'platform_user_type')`,
      )
      .execute();

    await withId(db.schema.createTable('access_review_items'), 'item_id', dialect)
      .addColumn('review_id', 'integer', (c) => c.notNull().references('access_reviews.review_id'))
      .addColumn('record_id', 'integer', (c) => c.notNull().references('requests.request_id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('region_id', 'integer', (c) => c.notNull())
      .addColumn('market_id', 'integer', (c) => c.notNull())
      .addColumn('platform_id', 'integer', (c) => c.notNull())
      .addColumn('client_id', 'integer')
      .addColumn('client_account_id', 'integer')
      .addColumn('platform_user_type_id', 'integer')
      .addColumn('since_date', ts)
      .addColumn('reviewer_user_id', 'integer', (c) => c.references('users.user_id'))
      .addColumn('decision', 'text')
      .addColumn('comment', 'text')
      .addColumn('decided_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('decided_at', ts)
      .addColumn('revoke_request_id', 'integer', (c) => c.references('requests.request_id'))
      .addCheckConstraint(
        'ck_access_review_items_decision',
        sql`decision is null or decision in ('keep', 'revoke')`,
      )
      .execute();
    await db.schema
      .createIndex('uq_access_review_items_record')
      .unique()
      .on('access_review_items')
      .columns(['review_id', 'record_id'])
      .execute();
    await db.schema
      .createIndex('idx_access_review_items_reviewer')
      .on('access_review_items')
      .columns(['reviewer_user_id', 'decision', 'review_id'])
      .execute();
    await db.schema
      .createIndex('idx_access_review_items_unnamed')
      .on('access_review_items')
      .columns(['region_id', 'market_id', 'review_id'])
      .where(sql<boolean>`reviewer_user_id is null`)
      .execute();
    await db.schema
      .createIndex('idx_access_review_items_review_decision')
      .on('access_review_items')
      .columns(['review_id', 'decision'])
      .execute();
    await db.schema
      .createIndex('idx_access_review_items_revoke_request')
      .on('access_review_items')
      .column('revoke_request_id')
      .where(sql<boolean>`revoke_request_id is not null`)
      .execute();
  },

  async down({ db }) {
    await db.schema.dropTable('access_review_items').ifExists().execute();
    await db.schema.dropTable('access_review_scope').ifExists().execute();
    await db.schema.dropTable('access_reviews').ifExists().execute();
  },
};
