import { sql } from 'kysely';
import type { Migration } from './helpers.ts';

/**
 * - `idx_requests_report_times`: the median times of the Reports read, for the lines created in a
 *   range inside an admin's (region, market) rows, the line's status, platform or agency and its
 *   approval and provisioning dates; this index holds all of them, so a range is read from the
 *   index alone.
 * - `idx_directory_users_inactive`: the few directory accounts that are disabled (the leavers),
 *   which the scorecards and the leavers' screens start from, without reading the whole directory.
 */
export const m0028: Migration = {
  async up({ db }) {
    await db.schema
      .createIndex('idx_requests_report_times')
      .ifNotExists()
      .on('requests')
      .columns([
        'created_date',
        'status_id',
        'platform_id',
        'agency_id',
        'region_id',
        'market_id',
        'approved_date',
        'provisioned_date',
      ])
      .execute();
    await db.schema
      .createIndex('idx_directory_users_inactive')
      .ifNotExists()
      .on('directory_users')
      .column('directory_id')
      .where(sql.ref('active'), '=', 0)
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_directory_users_inactive').ifExists().execute();
    await db.schema.dropIndex('idx_requests_report_times').ifExists().execute();
  },
};
