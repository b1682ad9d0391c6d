import { sql } from 'kysely';
import {
  RecordStatus,
  RequestStatus,
  RequestType,
  type TableDeclaration,
  type TableQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import {
  distinctFilterValues,
  orderTable,
  fitsAllRows,
  pageOf,
  tableCondition,
  type TableColumn,
  type TableSpec,
} from '../../db/table-query.ts';
import {
  codedLines,
  fullName,
  lineColumns,
  recordLineColumns,
  type LineWhere,
  ref,
  text,
} from './line-query.ts';
import { countLines } from './count.ts';

/**
 * The request lists every requestor screen shows (User Access Overview, My Requests, the
 * wizard's existing access): one line query with every name, one row shape, paged, filtered,
 * sorted and exported through the table engine; each screen brings its own WHERE.
 */

export const requestId = ref<number>('r.requestId');

/**
 * Record status of spec 1 §2.4: Inactive (isDeleted), Expired (before today UTC) — 'Expired —
 * removal pending' while the Deactivate request that removes it waits — else Active.
 */
export function recordStatus(todayIso: string) {
  return sql<string>`case when ${ref('r.isDeleted')} = 1 then 'Inactive' when ${ref('r.expirationDate')} < ${todayIso} then ${expiredStatus} else 'Active' end`;
}

/** The status of an expired record: removal pending while a Deactivate of it is Submitted or Approved. */
export const expiredStatus = sql<string>`case when exists (select 1 from requests pd where pd.request_id = ${ref(
  'r.pendingChangeRequestId',
)} and pd.request_type_id = ${sql.lit(RequestType.DEACTIVATE)} and pd.status_id in (${sql.lit(
  RequestStatus.SUBMITTED,
)}, ${sql.lit(RequestStatus.APPROVED)})) then ${sql.lit(RecordStatus.EXPIRED_REMOVAL_PENDING)} else ${sql.lit(
  RecordStatus.EXPIRED,
)} end`;

/**
 * Why a Rejected line was rejected, for its requestor and subject: the comment of the approver
 * (`rejectedByApprover`) or of the provisioner who rejected it; '' on every other line (an
 * approval's comment is not a reason), so both engines sort it alike.
 */
export const decisionComment = sql<string>`coalesce(case when ${ref('r.statusId')} = ${sql.lit(
  RequestStatus.REJECTED,
)} then case when ${ref('r.rejectedByApprover')} = 1 then ${ref('r.approverComment')} else ${ref(
  'r.provisionerComment',
)} end end, '')`;

/** The columns the request tables share; keys are the row field names the web sends. */
export const requestListColumns = {
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

const urgentText = sql<string>`case when ${ref('r.isUrgent')} = 1 then 'Yes' else 'No' end`;
/** A long text: searched and sorted, offered in no filter menu. */
const longText = (reference: string) => ({ ...text(reference), isFilterable: false }) as const;

/** The columns the task tables (My Approval Tasks, My Provisioning Tasks) add to the shared ones. */
const taskColumns = {
  isUrgent: { sql: urgentText, kind: 'text', isFilterable: true, isSortable: true },
  createdByName: { ...text('cu.name'), sql: fullName('cu') },
  comments: longText('r.comments'),
  approverComment: longText('r.approverComment'),
  provisionerComment: longText('r.provisionerComment'),
  approvedDate: { sql: ref('r.approvedDate'), kind: 'date', isSortable: true },
  assetReference: text('ca.assetReference'),
  platformUserTypeBasicName: text('put.basicName'),
} as const;

const lineTableColumns = { ...requestListColumns, ...taskColumns };

/**
 * A declared request table's column map: each column it sorts or filters by, in its order, bound
 * to its SQL among the request tables' columns or the table's `own` (`tableRoutes` checks at
 * start-up that the two agree on what sorts and filters).
 */
export function declaredColumns(
  table: TableDeclaration<never>,
  own: Readonly<Record<string, TableColumn>> = {},
): Record<string, TableColumn> {
  const shared: Readonly<Record<string, TableColumn>> = lineTableColumns;
  return Object.fromEntries(
    table.columns
      .filter((column) => column.isSortable || column.isFilterable)
      .map(({ id }) => {
        const column = own[id] ?? (Object.hasOwn(shared, id) ? shared[id] : undefined);
        if (!column) {
          throw new Error(`${table.title}: no SQL for the column '${id}'`);
        }
        return [id, column];
      }),
  );
}

/** The task tables' default order: urgent first, then the longest waiting. */
export const urgentFirst = {
  column: 'isUrgent',
  isAscending: false,
  thenBy: { column: 'createdDate', isAscending: true },
};

/** Request lines in scope with every name the tables show; `where` sees only `r`. */
export function lines(db: Db, where: LineWhere) {
  return codedLines(db.kysely, where);
}

export function selectRow(qb: ReturnType<typeof lines>, todayIso: string) {
  return qb.select([
    ...lineColumns,
    ...recordLineColumns,
    recordStatus(todayIso).as('recordStatus'),
    decisionComment.as('decisionComment'),
  ]);
}
export type LineRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

/**
 * One page of a table and the total of its filtered result: exact up to EXACT_COUNT_UP_TO or
 * when the body asks (`exactCount`), else an estimate marked `isCountEstimate`.
 */
export async function findLinePage(
  db: Db,
  where: LineWhere,
  spec: TableSpec,
  query: TableQuery,
  todayIso: string,
) {
  const base = lines(db, where).where(tableCondition(db.dialect, spec, query));
  const { limit, offset } = pageOf(query);
  const [rows, count] = await Promise.all([
    selectRow(base, todayIso)
      .$call((qb) => orderTable(qb, spec, query))
      .limit(limit)
      .offset(offset)
      .execute(),
    countLines(db, base, query.exactCount === true),
  ]);
  return { rows: fitsAllRows(query, rows), ...count };
}

/** The distinct values of one column under the other filters, sorted, at most the limit + 1. */
export async function findColumnValues(
  db: Db,
  where: LineWhere,
  spec: TableSpec,
  query: TableQuery,
  column: string,
) {
  return distinctFilterValues(
    lines(db, where).where(tableCondition(db.dialect, spec, query, column)),
    spec,
    column,
  );
}

/** One keyset batch of the whole filtered result, newest first (the CSV export). */
export async function findLineBatch(
  db: Db,
  where: LineWhere,
  spec: TableSpec,
  query: TableQuery,
  todayIso: string,
  beforeId: number | null,
  limit: number,
) {
  let qb = selectRow(lines(db, where).where(tableCondition(db.dialect, spec, query)), todayIso);
  if (beforeId !== null) {
    qb = qb.where('r.requestId', '<', beforeId);
  }
  return qb.orderBy('r.requestId', 'desc').limit(limit).execute();
}
