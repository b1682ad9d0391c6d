import type { Migration } from './helpers.ts';

/**
 * Indexes of the Reports charts. The charts read the lines of a creation-date range
 * grouped by status, month, urgency, platform or agency, inside an admin's (region, market) rows:
 * one covering index answers them from the index alone. The median times read each line's first
 * Approved and Completed history steps: one seek each in (request, status, date).
 */
const indexes: Record<string, [table: string, columns: string[]]> = {
  idx_requests_report_window: [
    'requests',
    ['created_date', 'status_id', 'is_urgent', 'region_id', 'market_id', 'platform_id', 'agency_id'],
  ],
  idx_request_history_request_id_status_id_created_date: [
    'request_history',
    ['request_id', 'status_id', 'created_date'],
  ],
};

export const m0022: Migration = {
  async up({ db }) {
    for (const [name, [table, columns]] of Object.entries(indexes)) {
      await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
    }
  },

  async down({ db }) {
    for (const name of Object.keys(indexes)) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
  },
};
