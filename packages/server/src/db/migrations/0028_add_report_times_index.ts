import type { Migration } from './helpers.ts';

/**
 * The median times of the Reports read, for the lines created in a range inside an admin's
 * (region, market) rows, the line's status, platform or agency, and its approval and provisioning
 * dates: this index holds all of them, so a range is read from the index alone.
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
  },

  async down({ db }) {
    await db.schema.dropIndex('idx_requests_report_times').ifExists().execute();
  },
};
