import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * Indexes that serve every sort the request tables offer without sorting a million lines
 * (issue 13). A sort by a lookup's name reads the lookup in name order (its `(description, id)`
 * index) and, for each lookup row, its lines in request id order (`requests(fk, request_id)`),
 * so a page of 50 reads about 50 index entries. The foreign-key indexes replace the single-column
 * ones they extend.
 */
const requestIndexes: Record<string, string[]> = {
  idx_requests_status_id_request_id: ['status_id', 'request_id'],
  idx_requests_request_type_id_request_id: ['request_type_id', 'request_id'],
  idx_requests_user_id_request_id: ['user_id', 'request_id'],
  idx_requests_created_by_request_id: ['created_by', 'request_id'],
  idx_requests_region_id_request_id: ['region_id', 'request_id'],
  idx_requests_market_id_request_id: ['market_id', 'request_id'],
  idx_requests_agency_id_request_id: ['agency_id', 'request_id'],
  idx_requests_practice_id_request_id: ['practice_id', 'request_id'],
  idx_requests_platform_id_request_id: ['platform_id', 'request_id'],
  idx_requests_client_id_request_id: ['client_id', 'request_id'],
  idx_requests_asset_id_request_id: ['asset_id', 'request_id'],
  idx_requests_client_account_id_request_id: ['client_account_id', 'request_id'],
  idx_requests_platform_user_type_id_request_id: ['platform_user_type_id', 'request_id'],
  idx_requests_email_request_id: ['email', 'request_id'],
  idx_requests_created_date_request_id: ['created_date', 'request_id'],
  idx_requests_expiration_date_request_id: ['expiration_date', 'request_id'],
};

/** The single-column indexes of 0004 that the indexes above extend (recreated by `down`). */
const replaced: Record<string, string> = {
  idx_requests_practice_id: 'practice_id',
  idx_requests_platform_id: 'platform_id',
  idx_requests_client_id: 'client_id',
  idx_requests_client_account_id: 'client_account_id',
  idx_requests_email: 'email',
  idx_requests_created_date: 'created_date',
  idx_requests_expiration_date: 'expiration_date',
};

/** Each lookup in name order, its id as the tiebreak between equal names. */
const lookupIndexes: Record<string, [table: string, id: string]> = {
  idx_request_statuses_description_status_id: ['request_statuses', 'status_id'],
  idx_request_types_description_request_type_id: ['request_types', 'request_type_id'],
  idx_regions_description_region_id: ['regions', 'region_id'],
  idx_markets_description_market_id: ['markets', 'market_id'],
  idx_agencies_description_agency_id: ['agencies', 'agency_id'],
  idx_practices_description_practice_id: ['practices', 'practice_id'],
  idx_platforms_description_platform_id: ['platforms', 'platform_id'],
  idx_clients_description_client_id: ['clients', 'client_id'],
  idx_asset_types_description_asset_id: ['asset_types', 'asset_id'],
  idx_client_accounts_description_client_account_id: ['client_accounts', 'client_account_id'],
  idx_platform_user_types_description_platform_user_type_id: ['platform_user_types', 'platform_user_type_id'],
};

export const m0013: Migration = {
  async up({ db }) {
    for (const [name, columns] of Object.entries(requestIndexes)) {
      await db.schema.createIndex(name).ifNotExists().on('requests').columns(columns).execute();
    }
    for (const name of Object.keys(replaced)) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
    for (const [name, [table, id]] of Object.entries(lookupIndexes)) {
      await db.schema.createIndex(name).ifNotExists().on(table).columns(['description', id]).execute();
    }
    // A person's full name as the tables show and sort it (`name || ' ' || last_name`).
    await db.schema
      .createIndex('idx_users_full_name_user_id')
      .ifNotExists()
      .on('users')
      .expression(sql`(name || ' ' || last_name), user_id`)
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_users_full_name_user_id').ifExists().execute();
    for (const name of Object.keys(lookupIndexes)) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
    for (const [name, column] of Object.entries(replaced)) {
      await db.schema.createIndex(name).ifNotExists().on('requests').column(column).execute();
    }
    for (const name of Object.keys(requestIndexes)) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
  },
};
