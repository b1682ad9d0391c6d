import { sql, type SqlBool } from 'kysely';
import { RequestStatus, Role, approvalsTable, type ApprovalListQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { toCount } from '../../db/connection.ts';
import {
  distinctFilterValues,
  orderTable,
  fitsAllRows,
  pageOf,
  tableCondition,
  type TableSpec,
} from '../../db/table-query.ts';
import { requestSearchIndex } from '../../db/search-index.ts';
import type { Actor } from '../../http/actor.ts';
import {
  codedLines,
  columnAlias,
  type Executor,
  fullName,
  lineColumns,
  lookupLines,
  ref,
  type LineWhere,
  type RequestEb,
  linesById,
} from '../request-lines/line-query.ts';
import { declaredColumns, urgentFirst } from '../request-lines/lists.ts';
import {
  approvableBy,
  approvalTask,
  MASTER_PLACES,
  onBehalfOf,
  PATH_PLACES,
  samePlaces,
} from '../request-lines/routing.ts';

export { approvableBy };

/** Which lines a list shows: the open tasks, or the caller's own past decisions (archive). */
function listWhere(actor: Actor, isArchive: boolean): LineWhere {
  return (eb) => {
    if (isArchive) {
      return eb('r.approvedRejectedBy', '=', actor.userId);
    }
    // The read-only auditor sees every submitted request; everyone else their tasks, the
    // rule the home badge counts. A literal status lets both engines use the partial index of
    // Submitted lines (migration 0009).
    return actor.roleId === Role.AUDITOR
      ? eb('r.statusId', '=', sql.lit(RequestStatus.SUBMITTED))
      : approvalTask(eb, actor);
  };
}

/** The approval tables; keys are the row field names the web sends (approvalsTable's columns). */
export const approvalSpec: TableSpec = {
  columns: declaredColumns(approvalsTable),
  id: ref<number>('r.requestId'),
  searchIndex: requestSearchIndex,
  defaultOrder: urgentFirst,
};

/** Lines matching `where` with every name the approval views show. */
function lines(q: Executor, where: LineWhere) {
  return codedLines(q, where).leftJoin('users as au', 'au.userId', 'r.approvedRejectedBy');
}

function selectRow(qb: ReturnType<typeof lines>) {
  return qb.select([
    ...lineColumns,
    'r.createdDate',
    'r.createdBy',
    'r.userId',
    'r.isInternal',
    'r.email',
    'r.requestedPlatformEmail',
    'r.reassignedPrimaryEmail',
    'r.isReassignedRequest',
    'r.platformId',
    'r.platformUserTypeId',
    'r.agencyId',
    'r.productCode',
    'r.beginningDate',
    'r.expirationDate',
    'r.isUrgent',
    'r.isPlatformRequest',
    'r.comments',
    'r.approverComment',
    'r.approvedDate',
    'r.rejectedByApprover',
    'r.changesRequest',
    'u.title',
    'u.organization',
    'u.department',
    'u.officeNumber',
    'u.locationCountry',
    'au.name as deciderName',
    'au.lastName as deciderLastName',
    'au.email as deciderEmail',
    'cc.code as clientCodeName',
    'ca.assetReference',
    'put.basicName as platformUserTypeBasicName',
  ]);
}

/** A page's lines by id with every name, in the order of the ids (a kept statement). */
const pageRows = linesById(
  () => '',
  (db, where) => selectRow(lines(db.kysely, where)),
);
export type ApprovalLineRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

/**
 * The joins the table body's condition reads (every one when it searches), plus `columns`:
 * SQLite keeps an unused LEFT JOIN in an aggregate (the count), 15 primary-key lookups per line.
 */
function joinsOf(query: ApprovalListQuery, columns: readonly string[] = [], exceptColumn?: string) {
  if (query.searchCriteria.trim() !== '') {
    return () => true;
  }
  const keys = [...columns, ...query.filters.filter((f) => f.column !== exceptColumn).map((f) => f.column)];
  const aliases = new Set<string>(keys.flatMap((key) => columnAlias[key] ?? []));
  return (alias: string) => aliases.has(alias);
}

/**
 * The same lines for filtering, counting and ordering only: every join is a LEFT JOIN on a
 * primary key (none changes the lines), made only when `isJoined(alias)`.
 */
function filterLines(q: Executor, where: LineWhere, isJoined: (alias: string) => boolean) {
  return lookupLines(q, where, isJoined, 'left');
}

/**
 * One page of the caller's approval tasks (or archive) and the total of the filtered result.
 * The page is found on narrow rows first (ids, ordered, limited), then only its 50 lines are
 * read with every name.
 */
export async function findApprovalPage(db: Db, actor: Actor, query: ApprovalListQuery) {
  const where = listWhere(actor, query.archaic);
  const condition = tableCondition(db.dialect, approvalSpec, query);
  const base = filterLines(db.kysely, where, joinsOf(query, query.orderBy ? [query.orderBy] : [])).where(
    condition,
  );
  const { limit, offset } = pageOf(query);
  // The archive shows the newest decision first unless the caller sorts.
  const ordered =
    query.archaic && !query.orderBy
      ? base.select('r.requestId').orderBy('r.approvedDate', 'desc').orderBy('r.requestId', 'desc')
      : orderTable(base.select('r.requestId'), approvalSpec, query);
  const [ids, total] = await Promise.all([
    ordered.limit(limit).offset(offset).execute(),
    filterLines(db.kysely, where, joinsOf(query))
      .where(condition)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  const rows = await pageRows(
    db,
    fitsAllRows(query, ids).map((r) => r.requestId),
    null,
    {},
  );
  return { rows, totalCount: toCount(total?.count) };
}

/** Distinct values of one column of the caller's list, under the other filters. */
export async function findApprovalColumnValues(
  db: Db,
  actor: Actor,
  query: ApprovalListQuery,
  column: string,
) {
  return distinctFilterValues(
    filterLines(db.kysely, listWhere(actor, query.archaic), joinsOf(query, [column], column)).where(
      tableCondition(db.dialect, approvalSpec, query, column),
    ),
    approvalSpec,
    column,
  );
}

/** One line the caller may decide or has decided, with `isDecidable` (routed to the caller now). */
export function findApprovalLine(db: Db, actor: Actor, requestId: number) {
  return selectRow(
    lines(db.kysely, (eb) =>
      eb.and([
        eb('r.requestId', '=', requestId),
        eb.or([approvableBy(eb, actor), eb('r.approvedRejectedBy', '=', actor.userId)]),
      ]),
    ),
  )
    .select((eb) => sql<SqlBool>`${approvableBy(eb as unknown as RequestEb, actor)}`.as('isDecidable'))
    .executeTakeFirst();
}

/** The colleague whose access the line copies ("Same access as a colleague"), if any. */
export function findSameAccessColleague(db: Db, requestId: number) {
  return db.kysely
    .selectFrom('requests as r')
    .innerJoin('users as u', 'u.userId', 'r.sameAccessAsUserId')
    .select(['u.name', 'u.lastName'])
    .where('r.requestId', '=', requestId)
    .executeTakeFirst();
}

/** The active assignments and master approvers on the request's path, with their people. */
export async function findPathPeople(db: Db, requestId: number) {
  const line = db.kysely
    .selectFrom('requests')
    .select([...PATH_PLACES, 'clientId'])
    .where('requestId', '=', requestId);
  const assignments = await db.kysely
    .selectFrom('approverAssignments as a')
    .innerJoin(line.as('q'), (j) => j.on(samePlaces('q', 'a')))
    .innerJoin('users as pu', 'pu.userId', 'a.userId')
    .leftJoin('users as su', 'su.userId', 'a.secondaryApproverId')
    .leftJoin('users as vu', 'vu.userId', 'a.provisionerId')
    .leftJoin('users as bu', 'bu.userId', 'a.provisionerBackupId')
    .where('a.isDeleted', '=', 0)
    .where((eb) => eb.or([eb('a.clientId', 'is', null), eb('a.clientId', '=', eb.ref('q.clientId'))]))
    .select([
      'a.clientId',
      'q.clientId as requestClientId',
      sql<string>`${fullName('pu')}`.as('approverName'),
      'pu.email as approverEmail',
      sql<string | null>`${fullName('su')}`.as('secondaryName'),
      'su.email as secondaryEmail',
      sql<string | null>`${fullName('vu')}`.as('provisionerName'),
      'vu.email as provisionerEmail',
      sql<string | null>`${fullName('bu')}`.as('backupName'),
      'bu.email as backupEmail',
    ])
    .orderBy('a.approverId')
    .execute();
  const masters = await db.kysely
    .selectFrom('masterApprovers as m')
    .innerJoin(line.as('q'), (j) => j.on(samePlaces('q', 'm', MASTER_PLACES)))
    .innerJoin('users as mu', 'mu.userId', 'm.userId')
    .where('m.isDeleted', '=', 0)
    .select([sql<string>`${fullName('mu')}`.as('name'), 'mu.email'])
    .orderBy('m.masterApproverId')
    .execute();
  return { assignments, masters };
}

/** The lines of a decision with what its rules need; `isDecidable` = the caller may decide it. */
export function findDecisionTargets(trx: Executor, db: Db, actor: Actor, requestIds: readonly number[]) {
  let query = trx
    .selectFrom('requests as r')
    .select([
      'r.requestId',
      'r.statusId',
      'r.requestTypeId',
      'r.recordId',
      'r.beginningDate',
      'r.expirationDate',
      'r.createdBy',
      'r.userId',
    ])
    .select((eb) => sql<SqlBool>`${approvableBy(eb, actor)}`.as('isDecidable'))
    .select((eb) => onBehalfOf(eb, actor.userId, 'approve').as('onBehalfOf'))
    .where('r.requestId', 'in', [...requestIds]);
  if (db.dialect === 'postgres') {
    // Hold the lines for the transaction so the rules are checked on what is written.
    query = query.forUpdate('r');
  }
  return query.execute();
}
export type DecisionTarget = Awaited<ReturnType<typeof findDecisionTargets>>[number];

/** Who added `email` to the profile of `userId`, when it is one of its additional emails. */
export function findEmailAdder(db: Db, userId: number, email: string) {
  return db.kysely
    .selectFrom('userAdditionalEmails as e')
    .innerJoin('users as a', 'a.userId', 'e.createdBy')
    .select(['a.userId', 'a.name', 'a.lastName', 'a.email'])
    .where('e.userId', '=', userId)
    .where('e.email', '=', email.toLowerCase())
    .orderBy('e.id', 'desc')
    .executeTakeFirst();
}
export type EmailAdder = Awaited<ReturnType<typeof findEmailAdder>>;
