import {
  ACCESS_RECORD_STATUSES,
  RequestStatus,
  RequestType,
  existingAccessTable,
  type TableQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import {
  distinctFilterValues,
  readPageAndCount,
  tableCondition,
  type TableSpec,
} from '../../db/table-query.ts';
import { requestSearchIndex } from '../../db/search-index.ts';
import type { Actor } from '../../http/actor.ts';
import { codedLines, type LineWhere } from '../request-lines/line-query.ts';
import { declaredColumns, recordStatus, requestListColumns } from '../request-lines/lists.ts';
import { modifiableBy } from '../request-lines/scope.ts';

const PENDING = [RequestStatus.SUBMITTED, RequestStatus.APPROVED];

/** The existing-access table: the spec's columns of the User Access Overview, nothing more. */
export function existingAccessSpec(todayIso: string): TableSpec {
  return {
    columns: declaredColumns(existingAccessTable, {
      statusDescription: { sql: recordStatus(todayIso), kind: 'text', isFilterable: true, isSortable: true },
    }),
    id: requestListColumns.requestId.sql,
    defaultOrder: { column: 'requestId', isAscending: false },
    searchIndex: requestSearchIndex,
  };
}

/**
 * The subject's access that a new request would duplicate, whoever requested it: Add lines still
 * pending (Submitted, Approved) and records not deactivated (the same 'live' lines Create refuses
 * to duplicate). Deliberately not scoped to the caller: anyone may request for anyone.
 */
export function liveAccessOf(subjectId: number): LineWhere {
  return (eb) =>
    eb.and([
      eb('r.userId', '=', subjectId),
      eb('r.requestTypeId', '=', RequestType.ADD),
      eb.or([
        eb('r.statusId', 'in', PENDING),
        eb.and([eb('r.statusId', 'in', [...ACCESS_RECORD_STATUSES]), eb('r.isDeleted', '=', 0)]),
      ]),
    ]);
}

/**
 * A colleague's active records, which "Same access as a colleague" offers to copy: records (Add
 * lines Completed or Archived) not deactivated and not expired on `todayIso`.
 */
export function activeRecordsOf(colleagueId: number, todayIso: string): LineWhere {
  return (eb) =>
    eb.and([
      eb('r.userId', '=', colleagueId),
      eb('r.requestTypeId', '=', RequestType.ADD),
      eb('r.statusId', 'in', [...ACCESS_RECORD_STATUSES]),
      eb('r.isDeleted', '=', 0),
      eb.or([eb('r.expirationDate', 'is', null), eb('r.expirationDate', '>=', todayIso)]),
    ]);
}

function lines(db: Db, where: LineWhere, spec: TableSpec, query: TableQuery, exceptColumn?: string) {
  return codedLines(db.kysely, where).where(tableCondition(db.dialect, spec, query, exceptColumn));
}

/** One page of the lines `where` names (a subject's live access, a colleague's records) in the step's columns, and the total. */
export function findExistingAccessPage(
  db: Db,
  actor: Actor,
  where: LineWhere,
  spec: TableSpec,
  query: TableQuery,
  todayIso: string,
) {
  return readPageAndCount(
    lines(db, where, spec, query),
    (qb) =>
      qb.select((eb) => [
        'r.requestId',
        'r.statusId',
        'r.requestTypeId',
        's.description as statusName',
        't.description as requestTypeName',
        'u.name',
        'u.lastName',
        'u.email as userEmail',
        'r.email',
        'ag.description as agencyName',
        'pr.description as practiceName',
        'pl.description as platformName',
        'c.description as clientName',
        'cc.code as clientCodeName',
        'at.description as assetName',
        'ca.description as clientAccountName',
        'put.description as platformUserTypeName',
        recordStatus(todayIso).as('recordStatus'),
        // 1/0 on both engines (a bare boolean comes back as true on PostgreSQL and 1 on SQLite).
        eb.case().when(modifiableBy(eb, actor)).then(1).else(0).end().as('isModifiable'),
      ]),
    spec,
    query,
  );
}
export type ExistingAccessLine = Awaited<ReturnType<typeof findExistingAccessPage>>['rows'][number];

/** The distinct values of one column under the other filters, sorted, at most the limit + 1. */
export async function findExistingAccessValues(
  db: Db,
  where: LineWhere,
  spec: TableSpec,
  query: TableQuery,
  column: string,
) {
  return distinctFilterValues(lines(db, where, spec, query, column), spec, column);
}
