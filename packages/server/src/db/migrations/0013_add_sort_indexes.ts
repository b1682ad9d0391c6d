import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * Indexes that serve every sort the Request Tracker offers without sorting a million lines
 *. A sort by a lookup's name walks the lookup in name order (a large one through its
 * `(description, id)` index) and, for each lookup row, reads its lines in request id order
 * (`requests(fk, request_id)`), so a page of 50 reads about 50 index entries. The foreign-key
 * indexes replace the single-column ones they extend.
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

/**
 * The large lookups in name order, their id as the tiebreak between equal names. The small ones
 * (statuses, types, regions, markets, agencies, practices, platforms, asset and user types) get
 * none: the tracker reads them whole and walks their rows in name order, and an index on their
 * names would lead SQLite's planner to start a filtered page from the lookup instead of the
 * lines' own order.
 */
const lookupIndexes: Record<string, [table: string, id: string]> = {
  idx_clients_description_client_id: ['clients', 'client_id'],
  idx_client_accounts_description_client_account_id: ['client_accounts', 'client_account_id'],
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
