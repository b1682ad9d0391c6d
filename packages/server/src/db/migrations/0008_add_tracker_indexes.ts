import type { Migration } from './helpers.ts';

/**
 * Index of the Request Tracker: its common filters (region, status) and an
 * admin's (region, market) scope, then its default order (created date, newest first). A
 * region + status filter reads one index range per pair, checks the admin's markets and
 * counts without touching the table.
 */
const indexes: Record<string, string[]> = {
  idx_requests_region_id_status_id_market_id_created_date: [
    'region_id',
    'status_id',
    'market_id',
    'created_date',
  ],
};

export const m0008: Migration = {
  async up({ db }) {
    for (const [name, columns] of Object.entries(indexes)) {
      await db.schema.createIndex(name).ifNotExists().on('requests').columns(columns).execute();
    }
  },

  async down({ db }) {
    for (const name of Object.keys(indexes)) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
  },
};
