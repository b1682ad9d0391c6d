import { timeZoneOrUtc } from '@uap/domain';
import type { ProvisioningPage, ProvisioningQuery, ProvisioningRow } from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { assertTableQuery } from '../../../db/table-query.ts';
import type { Actor } from '../../../http/actor.ts';
import type { TableReader } from '../../../http/table-routes.ts';
import { presentProvisioningRow } from '../present.ts';
import * as q from '../list-queries.ts';
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
    requests: rows.map((r) =>
      Object.assign(presentProvisioningRow(r, timeZone), { onBehalfOf: absent.get(r.requestId) ?? null }),
    ),
    page: query.page,
    totalCount,
  };
}

/** The provisioning lists' reads for the declared table's page and filter menus (no export). */
export const provisioningReader: TableReader<ProvisioningRow> = {
  spec: q.provisioningSpec,
  page: async (db, actor, query) => {
    const { requests, totalCount } = await findProvisioningTasks(db, actor, query as ProvisioningQuery);
    return { rows: requests, totalCount };
  },
  values: (db, actor, query, column) =>
    q.findProvisioningColumnValues(db, provisioningScopeOf(actor), query as ProvisioningQuery, column),
};
