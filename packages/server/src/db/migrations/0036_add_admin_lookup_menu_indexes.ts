import type { Migration } from './helpers.ts';

/**
 * A region admin's Request Tracker filter menus of the remaining small lookups (practice,
 * platform, asset type, platform user type), as 0035 did for the hierarchy's names. The menu tests
 * each candidate from the admin's (region, market) rows: with the candidate's column, then region
 * and market, in one index, that is one seek per (candidate, row). Without it PostgreSQL walked
 * the wide report indexes, which hold these columns behind others (platform user types 480 ms on
 * a million lines, practices 100 ms).
 */
const indexes = [
  ['idx_requests_practice_id_region_id_market_id', ['practice_id', 'region_id', 'market_id']],
  ['idx_requests_platform_id_region_id_market_id', ['platform_id', 'region_id', 'market_id']],
  ['idx_requests_asset_id_region_id_market_id', ['asset_id', 'region_id', 'market_id']],
  [
    'idx_requests_platform_user_type_id_region_id_market_id',
    ['platform_user_type_id', 'region_id', 'market_id'],
  ],
] as const;

export const m0036: Migration = {
  async up({ db }) {
    for (const [name, columns] of indexes) {
      await db.schema
        .createIndex(name)
        .ifNotExists()
        .on('requests')
        .columns([...columns])
        .execute();
    }
  },

  async down({ db }) {
    for (const [name] of [...indexes].reverse()) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
  },
};
