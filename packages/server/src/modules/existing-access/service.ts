import {
  startOfTodayUtc,
  type ColleagueAccessQuery,
  type ExistingAccessQuery,
  type ExistingAccessRow,
} from '@uap/domain';
import type { TableReader } from '../../http/table-routes.ts';
import type { LineWhere } from '../request-lines/line-query.ts';
import { presentExistingAccess } from './present.ts';
import * as q from './queries.ts';

const specOfToday = () => q.existingAccessSpec(startOfTodayUtc().toISOString());

/** A reader of the existing-access columns over the lines `whereOf` names for the body's userId. */
function accessReader(
  whereOf: (userId: number, todayIso: string) => LineWhere,
): TableReader<ExistingAccessRow> {
  return {
    spec: specOfToday(),
    page: async (db, actor, query) => {
      const today = startOfTodayUtc().toISOString();
      const { userId } = query as ExistingAccessQuery | ColleagueAccessQuery;
      const { rows, totalCount } = await q.findExistingAccessPage(
        db,
        actor,
        whereOf(userId, today),
        q.existingAccessSpec(today),
        query,
        today,
      );
      return { rows: rows.map(presentExistingAccess), totalCount };
    },
    values: (db, _actor, query, column) => {
      const today = startOfTodayUtc().toISOString();
      const { userId } = query as ExistingAccessQuery | ColleagueAccessQuery;
      return q.findExistingAccessValues(
        db,
        whereOf(userId, today),
        q.existingAccessSpec(today),
        query,
        column,
      );
    },
  };
}

/**
 * The subject's pending and active access for the wizard's existing-access check (spec 1 §2.3
 * step 1), whoever requested it, so a request for a colleague sees what others already asked
 * for. The subject is the body's userId (existingAccessTable's body); no export.
 */
export const existingAccessReader = accessReader((userId) => q.liveAccessOf(userId));

/**
 * "Same access as a colleague": the colleague's active records (not deactivated, not expired),
 * in the same columns; the colleague is the body's userId (colleagueAccessTable's body).
 */
export const colleagueAccessReader = accessReader(q.activeRecordsOf);
