import { startOfTodayUtc, type ServiceLevels, type TrackerRow } from '@uap/domain';
import type { TableReader } from '../../http/table-routes.ts';
import * as lines from './line-queries.ts';
import { findTrackerColumnValues } from './menu-queries.ts';
import { exportTracker, findTrackerPage, trackerScopeOf } from './service.ts';

/**
 * The Request Tracker's reads for its declared table (trackerTable): pages planned from their
 * anchor line with a count estimate, filter menus by keyed lookups, and an export whose lines
 * the read workers write. `spec` says which columns sort and filter; each read builds today's.
 */
export function trackerReader(levels: ServiceLevels): TableReader<TrackerRow> {
  const specOfNow = () => lines.trackerSpec(startOfTodayUtc().toISOString(), { now: new Date(), levels });
  return {
    spec: specOfNow(),
    page: async (db, actor, query) => {
      // The routes parse the body with the declaration's (trackerQuery): its anchor is there.
      const { requests, totalCount, isCountEstimate } = await findTrackerPage(db, actor, query, levels);
      return { rows: requests, totalCount, isCountEstimate };
    },
    values: (db, actor, query, column) =>
      findTrackerColumnValues(db, trackerScopeOf(actor), specOfNow(), query, column),
    csv: (db, actor, query) => exportTracker(db, actor, query, levels),
  };
}
