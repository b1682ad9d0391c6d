import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * Whether a platform's business access (e.g. Meta's Business Manager) may be requested for
 * internal users only. It was a rule on the platform's name; it is now an attribute of the
 * platform, so a renamed or new platform keeps or gets the rule through its master data.
 * Existing platforms named like Meta keep the refusal they had.
 */
export const m0011: Migration = {
  async up({ db }) {
    await db.schema
      .alterTable('platforms')
      .addColumn('business_access_internal_only', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update platforms set business_access_internal_only = 1 where lower(description) like '%meta%'`.execute(
      db,
    );
  },
  async down({ db }) {
    await db.schema.alterTable('platforms').dropColumn('business_access_internal_only').execute();
  },
};
