import { sql } from 'kysely';
import { nowDefault, types, withId, type Migration } from './helpers.ts';

/**
 * Profile merges, the Profile Matcher and the internal user status report.
 * - `user_merges.child_parent_guid`: the child's parent GUID before the merge (an unmerge puts
 *   it back); `user_merges.child_role_id`: the child's role before the merge.
 * - `user_merge_moves`: every row a merge handed to the parent (table, column, row id, and
 *   whether the row moved or was deactivated as a duplicate of the parent's own), so an unmerge
 *   gives back exactly what the child brought, no more.
 * - `profile_merge_proposals`: the Profile Matcher's proposals (one open proposal per pair);
 *   an administrator accepts (the merge runs) or dismisses them.
 */
export const m0020: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    const now = nowDefault(dialect);

    await db.schema.alterTable('user_merges').addColumn('child_parent_guid', 'text').execute();
    await db.schema.alterTable('user_merges').addColumn('child_role_id', 'integer').execute();

    await withId(db.schema.createTable('user_merge_moves'), 'id', dialect)
      .addColumn('merge_id', 'integer', (c) => c.notNull().references('user_merges.id'))
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('column_name', 'text', (c) => c.notNull())
      .addColumn('row_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull().defaultTo('moved'))
      .addCheckConstraint('ck_user_merge_moves_action', sql`action in ('moved', 'deactivated')`)
      .execute();
    await db.schema
      .createIndex('idx_user_merge_moves_merge_id')
      .on('user_merge_moves')
      .column('merge_id')
      .execute();

    await withId(db.schema.createTable('profile_merge_proposals'), 'id', dialect)
      .addColumn('parent_user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('child_user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('PROPOSED'))
      .addColumn('job_run_id', 'integer')
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('decided_date', ts)
      .addColumn('decided_by', 'integer', (c) => c.references('users.user_id'))
      .addCheckConstraint(
        'ck_profile_merge_proposals_status',
        sql`status in ('PROPOSED', 'ACCEPTED', 'DISMISSED')`,
      )
      .execute();
    await db.schema
      .createIndex('uq_profile_merge_proposals_pair')
      .on('profile_merge_proposals')
      .columns(['parent_user_id', 'child_user_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('idx_profile_merge_proposals_status')
      .on('profile_merge_proposals')
      .columns(['status', 'created_date'])
      .execute();
  },
  async down({ db }) {
    await db.schema.dropTable('profile_merge_proposals').execute();
    await db.schema.dropTable('user_merge_moves').execute();
    for (const column of ['child_role_id', 'child_parent_guid']) {
      await db.schema.alterTable('user_merges').dropColumn(column).execute();
    }
  },
};
