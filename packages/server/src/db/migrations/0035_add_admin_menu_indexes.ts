import type { Migration } from './helpers.ts';

/**
 * A region admin's Request Tracker filter menus of the hierarchy's names (market, agency,
 * client, client account). Such a menu keeps each candidate value for which a line in the
 * admin's (region, market) rows refers to it: an EXISTS on the value's column, then the line's
 * region and market. Through the value's own index that EXISTS read every line of a value lying
 * outside those rows before answering no (on a million lines: the agency menu 1.8 s on SQLite,
 * the client menu 0.8 s on SQLite and 5.3 s on PostgreSQL). With the region and market after the
 * value in one index it is a seek per (value, region).
 */
const indexes = [
  ['idx_requests_market_id_region_id', ['market_id', 'region_id']],
  ['idx_requests_agency_id_region_id_market_id', ['agency_id', 'region_id', 'market_id']],
  ['idx_requests_client_id_region_id_market_id', ['client_id', 'region_id', 'market_id']],
  ['idx_requests_client_account_id_region_id_market_id', ['client_account_id', 'region_id', 'market_id']],
] as const;

export const m0035: Migration = {
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
