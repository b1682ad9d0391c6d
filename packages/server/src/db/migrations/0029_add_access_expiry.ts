import { sql } from 'kysely';
import { types, type Migration } from './helpers.ts';

/**
 * Access expiry (the daily `access-expiry` job).
 * - `idx_requests_active_limited_expiration`: the active access records with an end date
 *   (Completed or Archived Add lines, not deleted, not unlimited) by end date, so the job reads
 *   only the records that are due — expired, or inside the notice window — however many lines
 *   the table holds. The job's queries repeat this WHERE word for word (both engines then use
 *   the partial index).
 * - `idx_requests_pending_change_request_id`: the records that point at a pending change. The
 *   column is a foreign key into `requests` itself; without an index on it, SQLite checks each
 *   write of the marker the slow way (about 1 ms a row), which the job does for thousands of
 *   records at once.
 * - `expiry_notices`: the last 'expiring' notice of each record (the threshold in days and the
 *   end date it was about), so each notice goes out once per record and threshold, and a new
 *   end date (an extension) starts the notices over.
 */
export const m0029: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    await db.schema
      .createIndex('idx_requests_active_limited_expiration')
      .ifNotExists()
      .on('requests')
      .columns(['expiration_date', 'request_id'])
      .where(
        sql<boolean>`request_type_id = 1 and status_id in (3, 6) and is_deleted = 0 and expiration_date is not null`,
      )
      .execute();
    await db.schema
      .createIndex('idx_requests_pending_change_request_id')
      .ifNotExists()
      .on('requests')
      .column('pending_change_request_id')
      .where(sql<boolean>`pending_change_request_id is not null`)
      .execute();
    await db.schema
      .createTable('expiry_notices')
      .addColumn('record_id', 'integer', (c) => c.primaryKey().references('requests.request_id'))
      .addColumn('expiration_date', ts, (c) => c.notNull())
      .addColumn('notice_days', 'integer', (c) => c.notNull())
      .addColumn('sent_date', ts, (c) => c.notNull())
      .execute();
  },

  async down({ db }) {
    await db.schema.dropTable('expiry_notices').ifExists().execute();
    await db.schema.dropIndex('idx_requests_pending_change_request_id').ifExists().execute();
    await db.schema.dropIndex('idx_requests_active_limited_expiration').ifExists().execute();
  },
};
