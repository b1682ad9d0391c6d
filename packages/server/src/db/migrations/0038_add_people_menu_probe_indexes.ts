import type { Migration } from './helpers.ts';

/**
 * The people's menus of the Request Tracker (Request User Name, Created By Name) walk the names
 * and test a few people of each for a line under the other filters (`skipDistinct`): one seek
 * into `requests(user_id | created_by, …)` per person. The line's status, region and market (the
 * filters people use most, and a region admin's scope) are now in those indexes behind the
 * sort's `(person, request_id)`, so the test reads index entries alone instead of each of the
 * person's lines. The sorts by person use the new indexes as they used 0013's, which these
 * replace. The Request User Name menu under a status and a region filter, on a million lines on
 * PostgreSQL: 54–62 ms → 35–37 ms of SQL (API 40–43 ms).
 */
const people = ['user_id', 'created_by'] as const;
const scope = ['status_id', 'region_id', 'market_id'] as const;
const replacing = (person: string) => `idx_requests_${person}_request_id`;
const covering = (person: string) => `idx_requests_${person}_request_id_status_id_region_id_market_id`;

export const m0038: Migration = {
  async up({ db }) {
    for (const person of people) {
      await db.schema
        .createIndex(covering(person))
        .ifNotExists()
        .on('requests')
        .columns([person, 'request_id', ...scope])
        .execute();
      await db.schema.dropIndex(replacing(person)).ifExists().execute();
    }
  },

  async down({ db }) {
    for (const person of [...people].reverse()) {
      await db.schema
        .createIndex(replacing(person))
        .ifNotExists()
        .on('requests')
        .columns([person, 'request_id'])
        .execute();
      await db.schema.dropIndex(covering(person)).ifExists().execute();
    }
  },
};
