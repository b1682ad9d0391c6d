import { flag, nowDefault, types, withId, type Migration } from './helpers.ts';

/**
 * Access bundles (`modules/access-bundles/`): a named set of accesses for one region, market and
 * agency, which the new request wizard offers there. `access_bundle_items` names each access as
 * the wizard's Add Account(s) chooses it (practice, platform, client, asset type, account, user
 * type; a business access: platform and a platform-level user type). Kept by the administrators
 * of the bundle's (region, market); deactivated, never deleted.
 */
export const m0055: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    await flag(withId(db.schema.createTable('access_bundles'), 'bundle_id', dialect), 'is_deleted')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.region_id'))
      .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
      .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.agency_id'))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(nowDefault(dialect)))
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(nowDefault(dialect)))
      .addColumn('updated_by', 'integer', (c) => c.references('users.user_id'))
      .execute();
    await db.schema
      .createIndex('idx_access_bundles_region_id_market_id_agency_id')
      .on('access_bundles')
      .columns(['region_id', 'market_id', 'agency_id'])
      .execute();
    await flag(withId(db.schema.createTable('access_bundle_items'), 'item_id', dialect), 'is_platform_request')
      .addColumn('bundle_id', 'integer', (c) => c.notNull().references('access_bundles.bundle_id'))
      .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.practice_id'))
      .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.platform_id'))
      .addColumn('client_id', 'integer', (c) => c.references('clients.client_id'))
      .addColumn('asset_id', 'integer', (c) => c.references('asset_types.asset_id'))
      .addColumn('client_account_id', 'integer', (c) => c.references('client_accounts.client_account_id'))
      .addColumn('platform_user_type_id', 'integer', (c) =>
        c.notNull().references('platform_user_types.platform_user_type_id'),
      )
      .execute();
    await db.schema
      .createIndex('idx_access_bundle_items_bundle_id')
      .on('access_bundle_items')
      .column('bundle_id')
      .execute();
  },

  async down({ db }) {
    await db.schema.dropTable('access_bundle_items').ifExists().execute();
    await db.schema.dropTable('access_bundles').ifExists().execute();
  },
};
