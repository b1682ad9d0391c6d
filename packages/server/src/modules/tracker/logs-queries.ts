import type { TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { readPageAndCount, tableCondition, type TableSpec } from '../../db/table-query.ts';
import { decidedLines, decisionColumns, fullName, lineColumns, ref } from '../request-lines/line-query.ts';
import { inTrackerScope, type TrackerScope } from './line-queries.ts';

/** The request an activity log describes, with every name it shows; undefined outside the scope. */
export async function findLogHeader(db: Db, scope: TrackerScope, requestId: number) {
  return decidedLines(db.kysely, (eb) =>
    eb.and([eb('r.requestId', '=', requestId), inTrackerScope(eb, scope)]),
  )
    .select([
      ...lineColumns,
      'r.submissionId',
      'r.createdDate',
      'r.isUrgent',
      'r.isInternal',
      'r.isDeleted',
      'r.comments',
      'r.email',
      'r.requestedPlatformEmail',
      'r.reassignedPrimaryEmail',
      ...decisionColumns,
      'u.userId',
      'u.title',
      'u.organization',
      'u.department',
      'u.officeNumber',
      'u.locationCountry',
      'cc.code as clientCodeName',
      'ca.assetReference',
      'put.basicName as platformUserTypeBasicName',
      'ap.name as approverName',
      'ap.lastName as approverLastName',
      'ap.email as approverEmail',
      'pv.name as provisionerName',
      'pv.lastName as provisionerLastName',
      'pv.email as provisionerEmail',
    ])
    .executeTakeFirst();
}
export type LogHeaderRow = NonNullable<Awaited<ReturnType<typeof findLogHeader>>>;

/**
 * The history rows of one request joined to the names a step shows; a step's author merged into
 * another profile since (a merge keeps the author) is shown with that profile's name.
 */
function historyOf(db: Db, requestId: number) {
  return db.kysely
    .selectFrom('requestHistory as h')
    .innerJoin('requestTypes as t', 't.requestTypeId', 'h.requestTypeId')
    .innerJoin('requestStatuses as s', 's.statusId', 'h.statusId')
    .innerJoin('users as cu', 'cu.userId', 'h.createdBy')
    .leftJoin('users as cmu', 'cmu.userId', 'cu.mergedUserId')
    .leftJoin('users as obu', 'obu.userId', 'h.onBehalfOf')
    .where('h.requestId', '=', requestId);
}

function selectHistory(qb: ReturnType<typeof historyOf>) {
  return qb.select([
    'h.id',
    'h.stepDescription',
    'h.requestTypeId',
    't.description as requestTypeName',
    'h.changeDesc',
    'h.statusId',
    's.description as statusName',
    'h.comments',
    'h.approverComment',
    'h.provisionerComment',
    'h.createdDate',
    'h.before',
    'h.after',
    'cu.name as creatorName',
    'cu.lastName as creatorLastName',
    'cu.email as creatorEmail',
    'cmu.name as creatorMergedIntoName',
    'cmu.lastName as creatorMergedIntoLastName',
    'obu.name as onBehalfOfName',
    'obu.lastName as onBehalfOfLastName',
    'obu.email as onBehalfOfEmail',
  ]);
}

/**
 * History rows of a request in the order they happened, in keyset pages after
 * (createdDate, id); `after` null starts at the first step.
 */
export async function findHistoryPage(
  db: Db,
  requestId: number,
  after: { createdDate: string; id: number } | null,
  limit: number,
) {
  let qb = selectHistory(historyOf(db, requestId));
  if (after) {
    qb = qb.where((eb) =>
      eb.or([
        eb('h.createdDate', '>', after.createdDate),
        eb.and([eb('h.createdDate', '=', after.createdDate), eb('h.id', '>', after.id)]),
      ]),
    );
  }
  return qb.orderBy('h.createdDate').orderBy('h.id').limit(limit).execute();
}
export type HistoryRow = Awaited<ReturnType<typeof findHistoryPage>>[number];

const historyText = (reference: string) =>
  ({ sql: ref(reference), kind: 'text', isSortable: true, isSearchable: true }) as const;

/**
 * The history table of the activity log (keys = RequestHistoryEntry field names): sortable and
 * searchable, not filtered (a request has a handful of steps). Default order: as it happened.
 */
export const historySpec: TableSpec = {
  columns: {
    createdDate: { sql: ref('h.createdDate'), kind: 'date', isSortable: true },
    stepDescription: historyText('h.stepDescription'),
    requestTypeName: historyText('t.description'),
    status: historyText('s.description'),
    changeDesc: historyText('h.changeDesc'),
    comments: { ...historyText('h.comments'), isSortable: false },
    approverComment: { ...historyText('h.approverComment'), isSortable: false },
    provisionerComment: { ...historyText('h.provisionerComment'), isSortable: false },
    createdByName: { ...historyText('cu.name'), sql: fullName('cu') },
    createdByEmail: { ...historyText('cu.email'), isSortable: false },
  },
  id: ref<number>('h.id'),
  defaultOrder: { column: 'createdDate', isAscending: true },
};

/**
 * One page of a request's history (search, sort) and the total under the search; pageSize
 * ALL_ROWS reads every step (one request's history is short; more than ALL_ROWS_MAX refused).
 */
export function findHistoryTable(db: Db, requestId: number, query: TableQuery) {
  const matching = historyOf(db, requestId).where(tableCondition(db.dialect, historySpec, query));
  return readPageAndCount(matching, selectHistory, historySpec, query);
}
