import type { Migration } from './helpers.ts';
import { dropRequestSearch, postgresUp, rebuildRequestSearch, sqliteUp } from '../search-index-ddl.ts';

/** The search index of the request tables (its definition: db/search-index-ddl.ts). */
export const m0012: Migration = {
  async up(ctx) {
    // Renaming a client code finds its lines through an index, as the other renames do.
    await ctx.db.schema
      .createIndex('idx_requests_client_code_id')
      .ifNotExists()
      .on('requests')
      .column('client_code_id')
      .execute();
    if (ctx.dialect === 'postgres') {
      await postgresUp(ctx.db);
    } else {
      await sqliteUp(ctx.db);
    }
    await rebuildRequestSearch(ctx);
  },

  down: dropRequestSearch,
};
