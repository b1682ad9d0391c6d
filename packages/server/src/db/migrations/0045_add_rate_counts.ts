import { sql } from 'kysely';
import { types, type Migration } from './helpers.ts';

/**
 * The request and failed sign-in counts every instance on one PostgreSQL database shares
 * (`http/rate-limit-queries.ts`): one row per key (a person, a client address, an account) with
 * its hits in the current window and the window's end. On PostgreSQL the table is UNLOGGED: a
 * count is worth nothing after a crash, and it is written on every call. SQLite has one process,
 * which counts in memory; the table stays empty there.
 */
export const m0045: Migration = {
  async up({ db, dialect }) {
    await db.schema
      .createTable('rate_counts')
      .$call((builder) => (dialect === 'postgres' ? builder.modifyFront(sql`unlogged`) : builder))
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('resets_at', types(dialect).timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_rate_counts_resets_at').on('rate_counts').column('resets_at').execute();
  },

  async down({ db }) {
    await db.schema.dropTable('rate_counts').ifExists().execute();
  },
};
