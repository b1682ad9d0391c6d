import {
  startOfTodayUtc,
  type ExistingAccessFilterQuery,
  type ExistingAccessPage,
  type ExistingAccessQuery,
  type FilterOptions,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { presentExistingAccess } from './present.ts';
import * as q from './queries.ts';

/**
 * The subject's pending and active access for the wizard's existing-access check (spec 1 §2.3
 * step 1), whoever requested it, so a request for a colleague sees what others already asked for.
 */
export async function findExistingAccess(
  db: Db,
  actor: Actor,
  query: ExistingAccessQuery,
): Promise<ExistingAccessPage> {
  const today = startOfTodayUtc().toISOString();
  const spec = q.existingAccessSpec(today);
  assertTableQuery(spec, query);
  const { rows, totalCount } = await q.findExistingAccessPage(db, actor, query.userId, spec, query, today);
  return { requests: rows.map(presentExistingAccess), page: query.page, totalCount };
}

/** The distinct values of one column of the subject's existing access under the other filters. */
export async function findExistingAccessFilterOptions(
  db: Db,
  query: ExistingAccessFilterQuery,
): Promise<FilterOptions> {
  const spec = q.existingAccessSpec(startOfTodayUtc().toISOString());
  assertTableQuery(spec, query, query.column);
  const values = await q.findExistingAccessValues(db, query.userId, spec, query, query.column);
  return { values: values.slice(0, FILTER_OPTIONS_LIMIT), isTruncated: values.length > FILTER_OPTIONS_LIMIT };
}
