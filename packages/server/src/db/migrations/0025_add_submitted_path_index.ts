import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * Index of the Submitted lines by path: My Approval Tasks and the approval badge
 * find an approver's lines from their assignments and master approver rows, then the Submitted
 * lines of each path (agency, practice, platform, region, market; the client decides which
 * assignment covers the line) — a probe per path held instead of the routing rule evaluated
 * for every Submitted line.
 */
export const m0025: Migration = {
  async up({ db }) {
    await db.schema
      .createIndex('idx_requests_submitted_path')
      .ifNotExists()
      .on('requests')
      .columns(['agency_id', 'practice_id', 'platform_id', 'region_id', 'market_id', 'client_id'])
      .where(sql<boolean>`status_id = 1`)
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_requests_submitted_path').ifExists().execute();
  },
};
