import type { CreateTableBuilder } from 'kysely';
import { roleDescriptions, roleIds } from '@uap/domain';
import type { Dialect } from '../connection.ts';
import { flag, nowDefault, types, withId, type Migration, type MigrationContext } from './helpers.ts';

/** is_deleted + created/updated dates, carried by every master-data table. */
function masterDataColumns<T extends string>(builder: CreateTableBuilder<T, never>, dialect: Dialect) {
  return flag(builder, 'is_deleted')
    .addColumn('created_date', types(dialect).timestamp, (c) => c.notNull().defaultTo(nowDefault(dialect)))
    .addColumn('updated_date', types(dialect).timestamp, (c) => c.notNull().defaultTo(nowDefault(dialect)));
}

/** Creates `name` with its integer id column first and the master-data columns last. */
function table<T extends string>(
  { db, dialect }: MigrationContext,
  name: T,
  idColumn: string,
  columns: (b: CreateTableBuilder<T, never>) => CreateTableBuilder<T, never>,
) {
  return masterDataColumns(
    columns(withId(db.schema.createTable(name), idColumn, dialect)),
    dialect,
  ).execute();
}

const tables = [
  'client_accounts',
  'client_codes',
  'clients',
  'platform_ownerships',
  'platform_user_types',
  'asset_types',
  'platform_agencies',
  'platforms',
  'agency_practices',
  'practices',
  'agencies',
  'markets',
  'regions',
  'roles',
];

export const m0001: Migration = {
  async up(ctx) {
    const { db, dialect } = ctx;

    // Roles keep the spec's numeric ids (no 7), so the id is not auto-assigned.
    await masterDataColumns(
      db.schema
        .createTable('roles')
        .addColumn('role_id', 'integer', (c) => c.primaryKey())
        .addColumn('description', 'text', (c) => c.notNull()),
      dialect,
    ).execute();
    await db
      .withTables<{ roles: { role_id: number; description: string } }>()
      .insertInto('roles')
      .values(roleIds.map((id) => ({ role_id: id, description: roleDescriptions[id] })))
      .execute();

    await table(ctx, 'regions', 'region_id', (b) => b.addColumn('description', 'text', (c) => c.notNull()));

    await table(ctx, 'markets', 'market_id', (b) =>
      b
        .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.region_id'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull()),
    );
    await db.schema.createIndex('idx_markets_region_id').on('markets').column('region_id').execute();

    await table(ctx, 'agencies', 'agency_id', (b) =>
      b
        .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('logo_key', 'text'),
    );
    await db.schema.createIndex('idx_agencies_market_id').on('agencies').column('market_id').execute();

    await table(ctx, 'practices', 'practice_id', (b) =>
      b.addColumn('description', 'text', (c) => c.notNull()),
    );

    await table(ctx, 'agency_practices', 'agency_practice_id', (b) =>
      b
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.agency_id'))
        .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.practice_id')),
    );
    await db.schema
      .createIndex('uq_agency_practices_agency_id_practice_id')
      .on('agency_practices')
      .columns(['agency_id', 'practice_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('idx_agency_practices_practice_id')
      .on('agency_practices')
      .column('practice_id')
      .execute();

    await table(ctx, 'platforms', 'platform_id', (b) =>
      b
        .addColumn('description', 'text', (c) => c.notNull())
        .$call((t) => flag(t, 'business_access'))
        .addColumn('bussines_access_name', 'text')
        .addColumn('bussines_access_id', 'text')
        .addColumn('logo_key', 'text')
        .$call((t) => flag(t, 'is_work_management')),
    );

    await table(ctx, 'platform_agencies', 'platform_agency_id', (b) =>
      b
        .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.platform_id'))
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.agency_id'))
        .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.practice_id')),
    );
    await db.schema
      .createIndex('uq_platform_agencies_platform_id_agency_id_practice_id')
      .on('platform_agencies')
      .columns(['platform_id', 'agency_id', 'practice_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('idx_platform_agencies_agency_id_practice_id')
      .on('platform_agencies')
      .columns(['agency_id', 'practice_id'])
      .execute();
    await db.schema
      .createIndex('idx_platform_agencies_practice_id')
      .on('platform_agencies')
      .column('practice_id')
      .execute();

    await table(ctx, 'asset_types', 'asset_id', (b) =>
      b
        .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.platform_id'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('asset_name', 'text')
        .$call((t) => flag(t, 'is_system_record'))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    );
    await db.schema
      .createIndex('idx_asset_types_platform_id')
      .on('asset_types')
      .column('platform_id')
      .execute();

    await table(ctx, 'platform_user_types', 'platform_user_type_id', (b) =>
      b
        .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.platform_id'))
        .addColumn('asset_id', 'integer', (c) => c.references('asset_types.asset_id'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('basic_name', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    );
    await db.schema
      .createIndex('idx_platform_user_types_platform_id')
      .on('platform_user_types')
      .column('platform_id')
      .execute();
    await db.schema
      .createIndex('idx_platform_user_types_asset_id')
      .on('platform_user_types')
      .column('asset_id')
      .execute();

    await table(ctx, 'platform_ownerships', 'platform_ownership_id', (b) =>
      b.addColumn('description', 'text', (c) => c.notNull()),
    );

    await table(ctx, 'clients', 'client_id', (b) =>
      b
        .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.platform_id'))
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.agency_id'))
        .addColumn('description', 'text', (c) => c.notNull()),
    );
    await db.schema
      .createIndex('idx_clients_platform_id_agency_id')
      .on('clients')
      .columns(['platform_id', 'agency_id'])
      .execute();
    await db.schema.createIndex('idx_clients_agency_id').on('clients').column('agency_id').execute();
    await db.schema.createIndex('idx_clients_description').on('clients').column('description').execute();

    await table(ctx, 'client_codes', 'client_code_id', (b) =>
      b
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.client_id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .$call((t) => flag(t, 'is_system_record')),
    );
    await db.schema
      .createIndex('idx_client_codes_client_id')
      .on('client_codes')
      .column('client_id')
      .execute();

    await table(ctx, 'client_accounts', 'client_account_id', (b) =>
      b
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.client_id'))
        .addColumn('asset_id', 'integer', (c) => c.notNull().references('asset_types.asset_id'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('asset_reference', 'text'),
    );
    await db.schema
      .createIndex('idx_client_accounts_client_id_asset_id')
      .on('client_accounts')
      .columns(['client_id', 'asset_id'])
      .execute();
    await db.schema
      .createIndex('idx_client_accounts_asset_id')
      .on('client_accounts')
      .column('asset_id')
      .execute();
    await db.schema
      .createIndex('idx_client_accounts_asset_reference')
      .on('client_accounts')
      .column('asset_reference')
      .execute();
  },

  async down({ db }) {
    for (const name of tables) {
      await db.schema.dropTable(name).execute();
    }
  },
};
