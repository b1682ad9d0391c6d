import type { AdminScope } from '../../http/admin-scope.ts';
import { sql } from 'kysely';
import { RequestStatus, RequestType } from '@uap/domain';
import { type Db, type Executor } from '../../db/connection.ts';
import { sqlTable } from '../../db/sql-table.ts';
import { tableColumn as column, tableColumnRef as ref, type TableSpec } from '../../db/table-query.ts';
import { fullName, namedLines, type LineWhere } from '../request-lines/line-query.ts';
import { inAdminRows } from '../../http/row-scope-queries.ts';

/** An active access record (a completed or archived Add line not deactivated) inside the scope. */
const activeRecordIn =
  (scope: AdminScope): LineWhere =>
  (eb) =>
    eb.and([
      eb('r.requestTypeId', '=', RequestType.ADD),
      eb('r.statusId', 'in', [RequestStatus.COMPLETED, RequestStatus.ARCHIVED]),
      eb('r.isDeleted', '=', 0),
      inAdminRows(scope, 'r'),
    ]);

/** Active access records of users whose directory account is disabled, inside the scope. */
function leaverRecords(q: Executor, scope: AdminScope) {
  return q
    .selectFrom('requests as r')
    .where(activeRecordIn(scope))
    .innerJoin('users as u', 'u.userId', 'r.userId')
    .innerJoin('directoryUsers as du', 'du.directoryId', 'u.directoryId')
    .where('du.active', '=', 0);
}

/** The records with every name the leavers table shows (the kernel's named lines). */
function namedLeaverRecords(q: Executor, scope: AdminScope) {
  return namedLines(q, activeRecordIn(scope))
    .innerJoin('directoryUsers as du', 'du.directoryId', 'u.directoryId')
    .where('du.active', '=', 0)
    .innerJoin('roles as ro', 'ro.roleId', 'u.roleId')
    .leftJoin('users as ap', 'ap.userId', 'r.approvedRejectedBy');
}

function selectLeaverRecord(qb: ReturnType<typeof namedLeaverRecords>) {
  return qb.select((eb) => [
    'r.requestId',
    'r.isDeleted',
    'r.email',
    'r.createdDate',
    'r.approvedDate',
    'r.pendingChangeRequestId',
    'u.userId as requestUserId',
    'u.name as requestUserName',
    'u.lastName as requestUserLastName',
    'u.email as requestUserEmail',
    'u.locationCountry as userLocation',
    'ro.description as roleName',
    'du.updatedDate as leftDate',
    'rg.description as regionDescription',
    'mk.description as marketDescription',
    'ag.description as agencyDescription',
    'pr.description as practiceDescription',
    'pl.description as platformDescription',
    'c.description as clientDescription',
    'at.description as assetName',
    'ca.description as clientAccountDescription',
    'ca.assetReference as clientAccountAssetReference',
    'put.description as platformUserTypeDescription',
    'cu.name as createdByUserName',
    'cu.lastName as createdByUserLastName',
    'cu.email as createdByUserEmail',
    'ap.name as approverName',
    'ap.lastName as approverLastName',
    'ap.email as approverEmail',
    eb
      .selectFrom('leaverComments as lc')
      .select('lc.comment')
      .whereRef('lc.requestId', '=', 'r.requestId')
      .orderBy('lc.createdDate', 'desc')
      .orderBy('lc.id', 'desc')
      .limit(1)
      .as('leaverUserComment'),
  ]);
}

/** The leavers table (keys = row field names); the most recent leavers first by default. */
export const leaverRecordSpec: TableSpec = {
  columns: {
    requestId: ref('r.requestId', 'number'),
    requestUserName: column(fullName('u')),
    requestUserEmail: ref('u.email'),
    email: ref('r.email'),
    roleName: ref('ro.description'),
    userLocation: ref('u.locationCountry'),
    regionDescription: ref('rg.description'),
    marketDescription: ref('mk.description'),
    agencyDescription: ref('ag.description'),
    practiceDescription: ref('pr.description'),
    platformDescription: ref('pl.description'),
    clientDescription: ref('c.description'),
    assetName: ref('at.description'),
    clientAccountDescription: ref('ca.description'),
    clientAccountAssetReference: ref('ca.assetReference'),
    platformUserTypeDescription: ref('put.description'),
    createdDate: ref('r.createdDate', 'date'),
    approvedDate: ref('r.approvedDate', 'date'),
    leftDate: ref('du.updatedDate', 'date'),
  },
  id: sql.ref<number>('r.requestId'),
  defaultOrder: { column: 'leftDate', isAscending: false },
};

/** The leavers table's three reads (page, filter menus, export batches). */
export const leaverTable = sqlTable({
  spec: leaverRecordSpec,
  rows: (db: Db, scope: AdminScope) => namedLeaverRecords(db.kysely, scope),
  select: selectLeaverRecord,
});
export type LeaverDbRow = Awaited<ReturnType<typeof leaverTable.page>>['rows'][number];

/** Which of these ids are leaver records in scope. */
export async function findLeaverIds(
  q: Executor,
  scope: AdminScope,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await leaverRecords(q, scope).select('r.requestId').where('r.requestId', 'in', ids).execute();
  return rows.map((r) => r.requestId);
}

/** True when the Add line (a record, whatever its state now) lies in scope. */
export async function isRecordInScope(q: Executor, scope: AdminScope, requestId: number): Promise<boolean> {
  const row = await q
    .selectFrom('requests as r')
    .select('r.requestId')
    .where('r.requestId', '=', requestId)
    .where('r.requestTypeId', '=', RequestType.ADD)
    .where(inAdminRows(scope, 'r'))
    .executeTakeFirst();
  return row !== undefined;
}
