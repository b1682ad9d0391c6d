import { sql, type Expression, type SqlBool } from 'kysely';
import { RequestStatus, RequestType, userStatusStates, type TableQuery } from '@uap/domain';
import type { Db, Executor } from '../../db/connection.ts';
import {
  distinctFilterValues,
  filterColumn,
  readPageByIds,
  tableCondition,
  type TableColumn,
  type TableSpec,
} from '../../db/table-query.ts';

/** The Actions column's filter: 'Open' rows wait for acknowledgement, 'Acknowledged' ones do not. */
function stateIn(values: readonly string[]): Expression<SqlBool> {
  const flags = values.flatMap((v) => (v === 'Open' ? [0] : v === 'Acknowledged' ? [1] : []));
  return flags.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`s.is_deleted in (${sql.join(flags)})`;
}

/** A text column of the report row; each sortable one has an index on (column, id) (0042). */
const reportText = (ref: string): TableColumn => ({
  sql: sql.ref(ref),
  kind: 'text',
  isSortable: true,
  isFilterable: true,
  isSearchable: true,
});

/**
 * The Status of Users columns (spec 3 §2.7; keys = row field names): open rows first, newest
 * change first by default, served by idx_user_status_reports_is_deleted_operation_date.
 */
export const userStatusSpec: TableSpec = {
  columns: {
    isDeleted: {
      sql: sql.ref('s.isDeleted'),
      kind: 'number',
      isSortable: true,
      isFilterable: true,
      filterWhere: stateIn,
      filterValues: userStatusStates,
    },
    userID: { sql: sql.ref('s.userId'), kind: 'number', isSortable: true, isSearchable: true },
    fullName: {
      sql: sql<string>`${sql.ref('u.name')} || ' ' || ${sql.ref('u.lastName')}`,
      kind: 'text',
      isSearchable: true,
    },
    role: reportText('s.roleName'),
    operationDate: { sql: sql.ref('s.operationDate'), kind: 'date', isSortable: true },
    agency: reportText('s.agency'),
    changeDescription: reportText('s.changeDescription'),
  },
  id: sql.ref('s.id'),
  defaultOrder: {
    column: 'isDeleted',
    isAscending: true,
    thenBy: { column: 'operationDate', isAscending: false },
  },
};

/** The report rows with their profiles, as `s` and `u`. */
function base(db: Db) {
  return db.kysely.selectFrom('userStatusReports as s').innerJoin('users as u', 'u.userId', 's.userId');
}

/** The row's columns: is the profile merged (child or parent), and its active (completed Add) records. */
export function selectStatusRows(db: Db) {
  return base(db).select([
    's.id',
    's.isDeleted',
    's.userId',
    's.roleName',
    's.changeDescription',
    's.agency',
    's.operationDate',
    'u.name',
    'u.lastName',
    'u.roleId',
    (eb) =>
      eb
        .or([
          eb('u.mergedUserId', 'is not', null),
          eb.exists(
            eb.selectFrom('users as c').select('c.userId').whereRef('c.mergedUserId', '=', 'u.userId'),
          ),
        ])
        .as('isMerged'),
    (eb) =>
      eb
        .selectFrom('requests as r')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('r.userId', '=', 'u.userId')
        .where('r.requestTypeId', '=', RequestType.ADD)
        .where('r.statusId', '=', RequestStatus.COMPLETED)
        .where('r.isDeleted', '=', 0)
        .as('activeRecordsCount'),
  ]);
}
export type StatusDbRow = Awaited<ReturnType<ReturnType<typeof selectStatusRows>['execute']>>[number];

/** One page of Status of Users and the count of the filtered rows (a row's counts read for the page's rows only). */
export function findUserStatusPage(db: Db, query: TableQuery) {
  const condition = tableCondition(db.dialect, userStatusSpec, query);
  return readPageByIds(
    base(db),
    condition,
    (isOnPage) => selectStatusRows(db).where(isOnPage),
    userStatusSpec,
    query,
  );
}

/** The values of one column's filter menu under the other filters (the Actions column: its states). */
export async function findUserStatusValues(db: Db, query: TableQuery, column: string): Promise<string[]> {
  const { filterValues } = filterColumn(userStatusSpec, column);
  if (filterValues) {
    return [...filterValues];
  }
  return distinctFilterValues(
    base(db).where(tableCondition(db.dialect, userStatusSpec, query, column)),
    userStatusSpec,
    column,
  );
}

/** Where the last completed run of `jobName` before `before` started, if any. */
export async function findLastCompletedRunStart(q: Executor, jobName: string, before: string) {
  const last = await q
    .selectFrom('jobRuns')
    .select('startedOn')
    .where('jobName', '=', jobName)
    .where('status', '=', 'COMPLETED')
    .where('startedOn', '<', before)
    .orderBy('startedOn', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.startedOn ?? null;
}

/** Internal, live profiles whose directory entry changed after `from`, with what the report keeps. */
export function findDirectoryChangesSince(q: Executor, from: string) {
  return q
    .selectFrom('directoryUsers as d')
    .innerJoin('users as u', 'u.directoryId', 'd.directoryId')
    .innerJoin('roles as r', 'r.roleId', 'u.roleId')
    .select([
      'u.userId',
      'r.description as roleName',
      'u.organization',
      'd.active',
      'd.isDeleted',
      'd.updatedDate',
    ])
    .where('d.updatedDate', '>', from)
    .where('u.isDeleted', '=', 0)
    .where('u.isInternal', '=', 1)
    .orderBy('u.userId')
    .execute();
}

/** The open (unacknowledged) report rows of these people: user id and change. */
export async function findOpenStatusRows(q: Executor, userIds: readonly number[]) {
  const rows: { userId: number; changeDescription: string }[] = [];
  for (let i = 0; i < userIds.length; i += BATCH) {
    rows.push(
      ...(await q
        .selectFrom('userStatusReports')
        .select(['userId', 'changeDescription'])
        .where('userId', 'in', userIds.slice(i, i + BATCH))
        .where('isDeleted', '=', 0)
        .execute()),
    );
  }
  return rows;
}

export interface NewStatusRow {
  userId: number;
  roleName: string;
  changeDescription: string;
  agency: string | null;
  operationDate: string;
}

export async function insertStatusRows(q: Executor, rows: readonly NewStatusRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await q
      .insertInto('userStatusReports')
      .values(rows.slice(i, i + BATCH).map((row) => ({ ...row, isDeleted: 0 })))
      .execute();
  }
}

/** Acknowledges (isDeleted 1) or reopens rows; answers how many rows exist among `ids`. */
export async function setStatusRowsAcknowledged(db: Db, ids: readonly number[], isDeleted: boolean) {
  const result = await db.kysely
    .updateTable('userStatusReports')
    .set({ isDeleted: isDeleted ? 1 : 0 })
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Rows per statement: well under SQLite's 32,766 parameters with six columns a row. */
const BATCH = 500;
