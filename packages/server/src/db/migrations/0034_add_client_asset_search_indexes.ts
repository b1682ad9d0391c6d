import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * The Database Manager's Client Asset search (table-queries.ts `clientAssetSearch`) looks a term
 * up in the asset's name and asset ID as `lower(column) LIKE '%term%'`: on PostgreSQL the
 * pg_trgm GIN indexes of those two expressions answer it (pg_trgm is there since 0012). SQLite
 * keeps its scan of the table (13,237 rows on the large seed: a few milliseconds).
 */
export const m0034: Migration = {
  async up({ db, dialect }) {
    if (dialect !== 'postgres') {
      return;
    }
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index if not exists idx_client_accounts_description_trgm
      on client_accounts using gin (lower(description) gin_trgm_ops)`.execute(db);
    await sql`create index if not exists idx_client_accounts_asset_reference_trgm
      on client_accounts using gin (lower(asset_reference) gin_trgm_ops)`.execute(db);
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_client_accounts_asset_reference_trgm').ifExists().execute();
    await db.schema.dropIndex('idx_client_accounts_description_trgm').ifExists().execute();
  },
};
