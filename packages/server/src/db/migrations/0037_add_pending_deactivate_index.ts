import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * The Deactivate requests still waiting (type 2, Submitted or Approved), which make an expired
 * record 'Expired — removal pending' (`expiredStatus`). PostgreSQL tests that for many lines at
 * once by hashing those requests first: with this index it reads them from 4,500 entries instead
 * of a bitmap of 138,000 Deactivates, and the Record Status menu on a million lines fell from
 * 87 to 10 ms.
 */
export const m0037: Migration = {
  async up({ db }) {
    await db.schema
      .createIndex('idx_requests_pending_deactivate')
      .ifNotExists()
      .on('requests')
      .column('request_id')
      .where(sql<boolean>`request_type_id = 2 and status_id in (1, 2)`)
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_requests_pending_deactivate').ifExists().execute();
  },
};
