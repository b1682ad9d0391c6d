import type { Migration } from './helpers.ts';

/**
 * Indexes of the Agency Platform Scorecards. Every card reads one platform's
 * lines; each index starts with the platform and holds every column its query reads, so a card
 * is answered from the indexes alone:
 * - active records (type, status, not deleted) by agency, user type and user, with the flags and
 *   dates the card counts; the pending lines (status 1/2) and their age from the same index;
 * - the lines approved, and those provisioned, since a date, with the two dates to subtract.
 * The scope columns (region, market, practice) close each one for the admin and master approver
 * checks.
 */
const indexes: Record<string, string[]> = {
  idx_requests_scorecard_lines: [
    'platform_id',
    'status_id',
    'request_type_id',
    'is_deleted',
    'agency_id',
    'platform_user_type_id',
    'user_id',
    'is_internal',
    'expiration_date',
    'created_date',
    'region_id',
    'market_id',
    'practice_id',
  ],
  idx_requests_scorecard_approved: [
    'platform_id',
    'approved_date',
    'status_id',
    'agency_id',
    'created_date',
    'region_id',
    'market_id',
    'practice_id',
  ],
  idx_requests_scorecard_provisioned: [
    'platform_id',
    'provisioned_date',
    'status_id',
    'agency_id',
    'approved_date',
    'region_id',
    'market_id',
    'practice_id',
  ],
};

export const m0023: Migration = {
  async up({ db }) {
    for (const [name, columns] of Object.entries(indexes)) {
      await db.schema.createIndex(name).ifNotExists().on('requests').columns(columns).execute();
    }
  },

  async down({ db }) {
    for (const name of Object.keys(indexes)) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
  },
};
