import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * What an access review item was about, in words, as it was when its campaign started: the
 * subject's name and email, the record's platform email, the platform, client, client account
 * and platform user type, and who requested and approved the access (and, written with the
 * decision, who decided). The reviewer decides on
 * these, and the evidence says what they saw even when a name changes later. On the item itself,
 * My Access Reviews sorts, filters and searches a reviewer's 20,000 items without joining seven
 * tables for each of them (the joins ran 130–640 ms a page, bench/README.md).
 *
 * `search_text` holds the first nine lower-cased, one per line: My Access Reviews' search reads
 * this one column per item instead of nine (`itemSearchText`, written by the start).
 *
 * Items of campaigns started before are filled from the tables as they are now.
 */
export const itemNameColumns = [
  'user_name',
  'user_email',
  'platform_email',
  'platform_name',
  'client_name',
  'client_account_name',
  'platform_user_type_name',
  'requested_by_name',
  'approved_by_name',
  'decided_by_name',
] as const;

/** Each column's value for the item `access_review_items` (its record's tables as they are now). */
const fill: Record<(typeof itemNameColumns)[number], string> = {
  user_name: `(select u.name || ' ' || u.last_name from users u where u.user_id = access_review_items.user_id)`,
  user_email: `(select u.email from users u where u.user_id = access_review_items.user_id)`,
  platform_email: `(select r.email from requests r where r.request_id = access_review_items.record_id)`,
  platform_name: `(select p.description from platforms p where p.platform_id = access_review_items.platform_id)`,
  client_name: `(select c.description from clients c where c.client_id = access_review_items.client_id)`,
  client_account_name: `(select ca.description from client_accounts ca
    where ca.client_account_id = access_review_items.client_account_id)`,
  platform_user_type_name: `(select t.description from platform_user_types t
    where t.platform_user_type_id = access_review_items.platform_user_type_id)`,
  requested_by_name: `(select u.name || ' ' || u.last_name from requests r join users u on u.user_id = r.created_by
    where r.request_id = access_review_items.record_id)`,
  approved_by_name: `(select u.name || ' ' || u.last_name from requests r join users u on u.user_id = r.approved_rejected_by
    where r.request_id = access_review_items.record_id)`,
  decided_by_name: `(select u.name || ' ' || u.last_name from users u where u.user_id = access_review_items.decided_by)`,
};

export const m0050: Migration = {
  async up({ db }) {
    for (const column of itemNameColumns) {
      await db.schema.alterTable('access_review_items').addColumn(column, 'text').execute();
    }
    await db.schema.alterTable('access_review_items').addColumn('search_text', 'text').execute();
    await sql
      .raw(`update access_review_items set ${itemNameColumns.map((c) => `${c} = ${fill[c]}`).join(', ')}`)
      .execute(db);
    const searched = itemNameColumns.filter((c) => c !== 'decided_by_name');
    await sql`update access_review_items set search_text = lower(${sql.join(
      searched.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
      sql` || ${'\n'} || `,
    )})`.execute(db);
  },

  async down({ db }) {
    await db.schema.alterTable('access_review_items').dropColumn('search_text').execute();
    for (const column of [...itemNameColumns].reverse()) {
      await db.schema.alterTable('access_review_items').dropColumn(column).execute();
    }
  },
};
