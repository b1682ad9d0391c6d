import { timeZoneOrUtc } from '@uap/domain';
import type {
  FilterOptions,
  ProvisioningFilterQuery,
  ProvisioningPage,
  ProvisioningQuery,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery } from '../../../db/table-query.ts';
import type { Actor } from '../../../http/actor.ts';
import { presentProvisioningRow } from '../present.ts';
import * as q from '../queries.ts';
import { provisioningScopeOf } from './scope.ts';
import { findOnBehalfOfNames } from '../../approval-paths/absences/queries.ts';

/** A page of My Provisioning Tasks (or, with Archive, My Archive Provisionings). */
export async function findProvisioningTasks(
  db: Db,
  actor: Actor,
  query: ProvisioningQuery,
): Promise<ProvisioningPage> {
  assertTableQuery(q.provisioningSpec, query);
  const { rows, totalCount } = await q.findProvisioningPage(db, provisioningScopeOf(actor), query);
  const timeZone = timeZoneOrUtc(query.localTimeZone);
  const absent = query.Archive
    ? new Map<number, string>()
    : await findOnBehalfOfNames(
        db.kysely,
        actor.userId,
        rows.map((r) => r.requestId),
        'provision',
      );
  return {
    requests: rows.map((r) => ({
      ...presentProvisioningRow(r, timeZone),
      onBehalfOf: absent.get(r.requestId) ?? null,
    })),
    page: query.page,
    totalCount,
  };
}

/** The distinct values of one column of the provisioning table under its other filters. */
export async function findProvisioningFilterOptions(
  db: Db,
  actor: Actor,
  query: ProvisioningFilterQuery,
): Promise<FilterOptions> {
  assertTableQuery(q.provisioningSpec, query, query.column);
  const values = await q.findProvisioningColumnValues(db, provisioningScopeOf(actor), query, query.column);
  return { values: values.slice(0, FILTER_OPTIONS_LIMIT), isTruncated: values.length > FILTER_OPTIONS_LIMIT };
}
