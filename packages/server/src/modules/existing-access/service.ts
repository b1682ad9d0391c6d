import { startOfTodayUtc, type ExistingAccessQuery, type ExistingAccessRow } from '@uap/domain';
import type { TableReader } from '../../http/table-routes.ts';
import { presentExistingAccess } from './present.ts';
import * as q from './queries.ts';

const specOfToday = () => q.existingAccessSpec(startOfTodayUtc().toISOString());

/**
 * The subject's pending and active access for the wizard's existing-access check (spec 1 §2.3
 * step 1), whoever requested it, so a request for a colleague sees what others already asked
 * for. The subject is the body's userId (existingAccessTable's body); no export.
 */
export const existingAccessReader: TableReader<ExistingAccessRow> = {
  spec: specOfToday(),
  page: async (db, actor, query) => {
    const today = startOfTodayUtc().toISOString();
    const { userId } = query as ExistingAccessQuery;
    const { rows, totalCount } = await q.findExistingAccessPage(
      db,
      actor,
      userId,
      q.existingAccessSpec(today),
      query,
      today,
    );
    return { rows: rows.map(presentExistingAccess), totalCount };
  },
  values: (db, _actor, query, column) =>
    q.findExistingAccessValues(db, (query as ExistingAccessQuery).userId, specOfToday(), query, column),
};
