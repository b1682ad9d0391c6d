import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * Indexes of My Provisioning Tasks: the lines a provisioner completed or archived (provisioned
 * by, then status, newest first), and the Approved lines only, newest first, carrying every
 * column the read-time routing compares (path, client, subject and requestor) and the status
 * (so that SQLite sees it covering), so the routed part is checked and counted without
 * touching the table.
 */
export const m0010: Migration = {
  async up({ db }) {
    await db.schema
      .createIndex('idx_requests_provisioned_by_status_id_request_id')
      .ifNotExists()
      .on('requests')
      .columns(['provisioned_by', 'status_id', 'request_id'])
      .execute();
    await db.schema
      .createIndex('idx_requests_approved_routing')
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
        'status_id',
      ])
      .where(sql<boolean>`status_id = 2`)
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_requests_approved_routing').ifExists().execute();
    await db.schema.dropIndex('idx_requests_provisioned_by_status_id_request_id').ifExists().execute();
  },
};
