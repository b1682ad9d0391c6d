import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * The people search (profile-queries.ts `findDirectoryUsers`) looks a typed name up in the
 * display name as `lower(display_name) LIKE '%term%'`: on PostgreSQL a pg_trgm GIN index of that
 * expression answers it (pg_trgm is there since 0012). The email's beginning is a range of
 * uq_directory_users_mail on both engines. SQLite keeps its walk of the directory in name order.
 */
export const m0043: Migration = {
  async up({ db, dialect }) {
    if (dialect !== 'postgres') {
      return;
    }
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index if not exists idx_directory_users_display_name_trgm
      on directory_users using gin (lower(display_name) gin_trgm_ops)`.execute(db);
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_directory_users_display_name_trgm').ifExists().execute();
  },
};
