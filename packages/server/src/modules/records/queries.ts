import { sql, type Expression, type SqlBool } from 'kysely';
import { ACCESS_RECORD_STATUSES, RequestStatus, RequestType, type TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { toCount } from '../../db/connection.ts';
import {
  distinctFilterValues,
  orderTable,
  pageOf,
  tableCondition,
  type TableSpec,
} from '../../db/table-query.ts';
import {
  codedLines,
  type Executor,
  fullName,
  lineColumns,
  recordLineColumns,
  type LineWhere,
  ref,
  type RequestEb,
  text,
} from '../request-lines/line-query.ts';
import { insideAdminScope, routedToProvisioner, TRUE } from '../request-lines/routing.ts';

/**
 * Which request lines an actor may read (DESIGN.md §6, STYLE.md 5): 'own' = created by or
 * about the actor; 'routed' adds the lines routed to a provisioner; 'admin' adds the lines
 * inside the admin's (region, market) rows; 'all' for the super admin and the auditor.
 */
export type RecordScope =
  | { kind: 'own'; userId: number }
  | { kind: 'routed'; userId: number }
  | { kind: 'admin'; userId: number }
  | { kind: 'all' };

function ownLine(eb: RequestEb, userId: number): Expression<SqlBool> {
  return eb.or([eb('r.createdBy', '=', userId), eb('r.userId', '=', userId)]);
}

function inScope(eb: RequestEb, scope: RecordScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return TRUE;
    case 'own':
      return ownLine(eb, scope.userId);
    case 'routed':
      return eb.or([ownLine(eb, scope.userId), routedToProvisioner(eb, scope.userId)]);
    case 'admin':
      return eb.or([
        ownLine(eb, scope.userId),
        routedToProvisioner(eb, scope.userId),
        insideAdminScope(eb, scope.userId),
      ]);
  }
}

const requestId = ref<number>('r.requestId');

/** Record status of spec 1 §2.4: Inactive (isDeleted), Expired (before today UTC), else Active. */
function recordStatus(todayIso: string) {
  return sql<string>`case when ${ref('r.isDeleted')} = 1 then 'Inactive' when ${ref('r.expirationDate')} < ${todayIso} then 'Expired' else 'Active' end`;
}

/** The columns both request tables share; keys are the row field names the web sends. */
const sharedColumns = {
  requestId: { sql: requestId, kind: 'number', isFilterable: true, isSortable: true, isSearchable: true },
  status: text('s.description'),
  requestTypeName: text('t.description'),
  requestUserName: { ...text('u.name'), sql: fullName('u') },
  requestUserEmail: text('u.email'),
  email: text('r.email'),
  regionName: text('rg.description'),
  marketName: text('mk.description'),
  agencyName: text('ag.description'),
  practiceName: text('pr.description'),
  platformName: text('pl.description'),
  clientName: text('c.description'),
  clientCodeName: text('cc.code'),
  assetName: text('at.description'),
  clientAccountName: text('ca.description'),
  platformUserTypeName: text('put.description'),
  expirationDate: { sql: ref('r.expirationDate'), kind: 'date', isSortable: true },
  createdDate: { sql: ref('r.createdDate'), kind: 'date', isSortable: true },
} as const;

/** The User Access Overview / Modify an Existing Access table. */
export function userRecordSpec(todayIso: string): TableSpec {
  return {
    columns: {
      ...sharedColumns,
      statusDescription: { sql: recordStatus(todayIso), kind: 'text', isFilterable: true, isSortable: true },
    },
    id: requestId,
    defaultOrder: { column: 'requestId', isAscending: false },
  };
}

/** The My Requests table. */
export const myRequestSpec: TableSpec = {
  columns: {
    ...sharedColumns,
    comments: { ...text('r.comments'), isFilterable: false },
    secondaryEmail: { ...text('r.email'), isFilterable: false, isSortable: false, isSearchable: false },
    createdByName: { ...text('cu.name'), sql: fullName('cu') },
  },
  id: requestId,
  defaultOrder: { column: 'requestId', isAscending: false },
};

/** Request lines in scope with every name the tables show; `where` sees only `r`. */
function lines(db: Db, where: LineWhere) {
  return codedLines(db.kysely, where);
}

function selectRow(qb: ReturnType<typeof lines>, todayIso: string) {
  return qb.select([...lineColumns, ...recordLineColumns, recordStatus(todayIso).as('recordStatus')]);
}
export type LineRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

/** Where a table's rows come from. */
export type LineSource =
  | { kind: 'userRecords'; scope: RecordScope; subjectId: number }
  | { kind: 'myRequests'; userId: number; requestId: number };

function sourceWhere(source: LineSource): LineWhere {
  if (source.kind === 'userRecords') {
    // The subject's Add lines that are pending (1, 2) or records (3, 6).
    return (eb) =>
      eb.and([
        eb('r.userId', '=', source.subjectId),
        eb('r.requestTypeId', '=', RequestType.ADD),
        eb('r.statusId', 'in', [
          RequestStatus.SUBMITTED,
          RequestStatus.APPROVED,
          RequestStatus.COMPLETED,
          RequestStatus.ARCHIVED,
        ]),
        inScope(eb, source.scope),
      ]);
  }
  return (eb) => {
    const mine = ownLine(eb, source.userId);
    if (source.requestId === 0) {
      return mine;
    }
    // A request opened by id shows its whole submission.
    return eb.and([
      mine,
      eb(
        'r.submissionId',
        '=',
        eb.selectFrom('requests as q').select('q.submissionId').where('q.requestId', '=', source.requestId),
      ),
    ]);
  };
}

/** One page of a table and the total count of its filtered result. */
export async function findLinePage(
  db: Db,
  source: LineSource,
  spec: TableSpec,
  query: TableQuery,
  todayIso: string,
) {
  const base = lines(db, sourceWhere(source)).where(tableCondition(db.dialect, spec, query));
  const { limit, offset } = pageOf(query);
  const [rows, total] = await Promise.all([
    selectRow(base, todayIso)
      .$call((qb) => orderTable(qb, spec, query))
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  return { rows, totalCount: toCount(total?.count) };
}

/** The distinct values of one column under the other filters, sorted, at most the limit + 1. */
export async function findColumnValues(
  db: Db,
  source: LineSource,
  spec: TableSpec,
  query: TableQuery,
  column: string,
) {
  return distinctFilterValues(
    lines(db, sourceWhere(source)).where(tableCondition(db.dialect, spec, query, column)),
    spec,
    column,
  );
}

/** One keyset batch of the whole filtered result, newest first (the CSV export). */
export async function findLineBatch(
  db: Db,
  source: LineSource,
  spec: TableSpec,
  query: TableQuery,
  todayIso: string,
  beforeId: number | null,
  limit: number,
) {
  let qb = selectRow(lines(db, sourceWhere(source)).where(tableCondition(db.dialect, spec, query)), todayIso);
  if (beforeId !== null) {
    qb = qb.where('r.requestId', '<', beforeId);
  }
  return qb.orderBy('r.requestId', 'desc').limit(limit).execute();
}

/** The subject's records (completed or archived Add lines) in scope, newest first. */
export async function findRecordsOfUser(
  db: Db,
  scope: RecordScope,
  subjectId: number,
  todayIso: string,
  limit: number,
) {
  return selectRow(
    lines(db, (eb) =>
      eb.and([
        eb('r.userId', '=', subjectId),
        eb('r.requestTypeId', '=', RequestType.ADD),
        eb('r.statusId', 'in', [...ACCESS_RECORD_STATUSES]),
        inScope(eb, scope),
      ]),
    ),
    todayIso,
  )
    .orderBy('r.requestId', 'desc')
    .limit(limit)
    .execute();
}

/** The lines to cancel, with what the rule needs. */
export async function findCancelTargets(trx: Executor, requestIds: number[]) {
  return trx
    .selectFrom('requests')
    .select(['requestId', 'statusId', 'requestTypeId', 'recordId', 'createdBy', 'userId', 'comments'])
    .where('requestId', 'in', requestIds)
    .execute();
}
