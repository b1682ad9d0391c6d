import { ACCESS_RECORD_STATUSES, RequestStatus, RequestType } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { TableSpec } from '../../db/table-query.ts';
import { requestSearchIndex } from '../../db/search-index.ts';
import type { LineWhere } from '../request-lines/line-query.ts';
import { lines, recordStatus, requestId, requestListColumns, selectRow } from '../request-lines/lists.ts';
import { inScope, type RecordScope } from '../request-lines/scope.ts';

/** The User Access Overview / Modify an Existing Access table. */
export function userRecordSpec(todayIso: string): TableSpec {
  return {
    columns: {
      ...requestListColumns,
      statusDescription: { sql: recordStatus(todayIso), kind: 'text', isFilterable: true, isSortable: true },
    },
    id: requestId,
    defaultOrder: { column: 'requestId', isAscending: false },
    searchIndex: requestSearchIndex,
  };
}

/** The subject's Add lines that are pending (1, 2) or records (3, 6), within the reader's scope. */
export function userRecordsWhere(scope: RecordScope, subjectId: number): LineWhere {
  return (eb) =>
    eb.and([
      eb('r.userId', '=', subjectId),
      eb('r.requestTypeId', '=', RequestType.ADD),
      eb('r.statusId', 'in', [
        RequestStatus.SUBMITTED,
        RequestStatus.APPROVED,
        RequestStatus.COMPLETED,
        RequestStatus.ARCHIVED,
      ]),
      inScope(eb, scope),
    ]);
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
