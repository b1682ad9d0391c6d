import type { Executor } from '../../db/connection.ts';
import type { TableSpec } from '../../db/table-query.ts';
import { requestSearchIndex } from '../../db/search-index.ts';
import { fullName, type LineWhere, text } from '../request-lines/line-query.ts';
import { decisionComment, requestId, requestListColumns } from '../request-lines/lists.ts';
import { ownLine } from '../request-lines/scope.ts';

/** The My Requests table. */
export const myRequestSpec: TableSpec = {
  columns: {
    ...requestListColumns,
    comments: { ...text('r.comments'), isFilterable: false },
    // Free text like the requestor comment: searched and sorted, not offered as a filter.
    decisionComment: { ...text('r.approverComment'), sql: decisionComment, isFilterable: false },
    secondaryEmail: { ...text('r.email'), isFilterable: false, isSortable: false, isSearchable: false },
    createdByName: { ...text('cu.name'), sql: fullName('cu') },
  },
  id: requestId,
  defaultOrder: { column: 'requestId', isAscending: false },
  searchIndex: requestSearchIndex,
};

/** The lines the caller created or is the subject of; a request opened by id shows its whole submission. */
export function myRequestsWhere(userId: number, openedRequestId: number): LineWhere {
  return (eb) => {
    const mine = ownLine(eb, userId);
    if (openedRequestId === 0) {
      return mine;
    }
    return eb.and([
      mine,
      eb(
        'r.submissionId',
        '=',
        eb.selectFrom('requests as q').select('q.submissionId').where('q.requestId', '=', openedRequestId),
      ),
    ]);
  };
}

/** The lines to cancel, with what the rule needs. */
export async function findCancelTargets(trx: Executor, requestIds: number[]) {
  return trx
    .selectFrom('requests')
    .select(['requestId', 'statusId', 'requestTypeId', 'recordId', 'createdBy', 'userId', 'comments'])
    .where('requestId', 'in', requestIds)
    .execute();
}
