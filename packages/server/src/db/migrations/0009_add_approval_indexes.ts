import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * Index of My Approval Tasks: the Submitted lines only (a few percent of all
 * lines), newest first, carrying every column the read-time routing compares (path, client,
 * subject and requestor). An approver's page walks it in request-id order and checks the
 * routing without touching the table; counting reads nothing else.
 */
export const m0009: Migration = {
  async up({ db }) {
    await db.schema
      .createIndex('idx_requests_submitted_routing')
      .ifNotExists()
      .on('requests')
      .columns([
        'request_id',
        'region_id',
        'market_id',
        'agency_id',
        'practice_id',
        'platform_id',
        'client_id',
        'user_id',
        'created_by',
      ])
      .where(sql<boolean>`status_id = 1`)
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_requests_submitted_routing').ifExists().execute();
  },
};
