import { expressionBuilder, sql, type Nullable, type SelectQueryBuilder } from 'kysely';
import { AssignmentStatus } from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { toCount } from '../../../db/connection.ts';
import { joinPracticeNames, practiceNameColumns } from '../../../db/path-joins.ts';
import type { Database } from '../../../db/schema.ts';
import { sqlTable } from '../../../db/sql-table.ts';
import { type TableSpec } from '../../../db/table-query.ts';
import { inAdminRows } from '../../../http/row-scope-queries.ts';
import {
  CLIENT_LEVELS,
  PRACTICE_LEVELS,
  fullName,
  levelColumns,
  refColumn,
  textColumn,
} from '../column-queries.ts';

/**
 * Whose assignments a list shows: 'me' = rows naming the caller (onlyMe); 'admin' = rows inside
 * the admin's (region, market) rows; 'all' for super admins and auditors. `userId` narrows to
 * the rows naming that user.
 */
export type AssignmentScope =
  { kind: 'me'; userId: number } | { kind: 'admin'; userId: number } | { kind: 'all' };

/** Whose rows a table reads: the caller's scope and, optionally, one person's rows (userid). */
export interface AssignmentTableScope {
  scope: AssignmentScope;
  userId: number | undefined;
}

/** Whose rows a GET list reads, and which page. */
export interface ListRead extends AssignmentTableScope {
  page: { limit: number; offset: number };
}

/** The four people of an assignment `a`: its approver, secondary approver, provisioner and backup. */
const ASSIGNMENT_PEOPLE = [
  'a.userId',
  'a.secondaryApproverId',
  'a.provisionerId',
  'a.provisionerBackupId',
] as const;

/** One of these columns names the user. */
function namesUser(columns: readonly string[], userId: number) {
  const eb = expressionBuilder<Database, never>();
  return eb.or(columns.map((column) => eb(sql.ref<number>(column), '=', userId)));
}

/**
 * The rows of a list (alias a) in scope: with 'me' or a `userId`, those naming that user in one
 * of `people`; an admin's inside their admin rows.
 */
function inListScope<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  people: readonly string[],
  scope: AssignmentScope,
  userId: number | undefined,
) {
  const who = scope.kind === 'me' ? scope.userId : userId;
  return qb
    .$if(who !== undefined, (q) => q.where(namesUser(people, who!)))
    .$if(scope.kind === 'admin', (q) => q.where(inAdminRows(scope, 'a')));
}

function assignments(db: Db, scope: AssignmentScope, userId: number | undefined) {
  return inListScope(db.kysely.selectFrom('approverAssignments as a'), ASSIGNMENT_PEOPLE, scope, userId);
}

/** The people of an assignment after its primary approver. */
interface BackupPeople {
  secondaryApproverId: number | null;
  provisionerId: number | null;
  provisionerBackupId: number | null;
}
type OptionalUser = Nullable<Database['users']>;
type BackupUsers = { sa: OptionalUser; pv: OptionalUser; pb: OptionalUser };

/**
 * Left-joins the secondary approver (sa), the provisioner (pv) and the provisioner backup (pb)
 * of the assignment `a` (each may be unnamed).
 */
export function joinBackupPeople<DB extends { a: Nullable<BackupPeople> }, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB & BackupUsers, TB | keyof BackupUsers, O> {
  return (qb as unknown as SelectQueryBuilder<Database & { a: BackupPeople }, 'a', O>)
    .leftJoin('users as sa', 'sa.userId', 'a.secondaryApproverId')
    .leftJoin('users as pv', 'pv.userId', 'a.provisionerId')
    .leftJoin('users as pb', 'pb.userId', 'a.provisionerBackupId') as unknown as SelectQueryBuilder<
    DB & BackupUsers,
    TB | keyof BackupUsers,
    O
  >;
}

/** The names of the assignment's four people (ap, sa, pv, pb), as a row selects them. */
export const peopleNames = [
  fullName('ap').as('approverName'),
  fullName('sa').as('secondaryApproverName'),
  fullName('pv').as('provisionerName'),
  fullName('pb').as('provisionerBackupName'),
] as const;

/** The names `joinPracticeNames` joins, as table columns. */
const practiceNameTableColumns = {
  regionName: refColumn('rg.description'),
  marketName: refColumn('mk.description'),
  agencyName: refColumn('ag.description'),
  practiceName: refColumn('pr.description'),
};

/** The same names as table columns. */
export const peopleNameColumns = {
  approverName: textColumn(fullName('ap')),
  secondaryApproverName: textColumn(fullName('sa')),
  provisionerName: textColumn(fullName('pv')),
  provisionerBackupName: textColumn(fullName('pb')),
};

/** A column the search reads but no filter or sort (a person's email). */
const searchedOnly = (reference: string) => ({
  ...refColumn(reference),
  isFilterable: false,
  isSortable: false,
});

/** Assignments in scope joined to every name a row shows. */
function namedAssignments(db: Db, scope: AssignmentScope, userId: number | undefined) {
  const named = joinPracticeNames(assignments(db, scope, userId), 'a')
    .innerJoin('platforms as pl', 'pl.platformId', 'a.platformId')
    .leftJoin('clients as c', 'c.clientId', 'a.clientId')
    .innerJoin('users as ap', 'ap.userId', 'a.userId');
  return joinBackupPeople(named);
}

function selectAssignment(qb: ReturnType<typeof namedAssignments>) {
  return qb.select([
    'a.approverId',
    'a.isDeleted',
    ...ASSIGNMENT_PEOPLE,
    ...levelColumns('a', CLIENT_LEVELS),
    ...practiceNameColumns,
    'pl.description as platformName',
    'c.description as clientName',
    ...peopleNames,
    'ap.email as approverEmail',
    'sa.email as secondaryApproverEmail',
    'pv.email as provisionerEmail',
    'pb.email as provisionerBackupEmail',
  ]);
}

/** The GET lists' order: active rows first, then by the practice path's names. */
const LIST_ORDER = ['a.isDeleted', 'rg.description', 'mk.description', 'ag.description', 'pr.description'];

/**
 * A page of a GET list in `order` and the count of the list's rows in scope (`inScope`), the two
 * read together.
 */
async function readListPage<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB>(
  rows: SelectQueryBuilder<DB, TB, O>,
  order: readonly string[],
  inScope: SelectQueryBuilder<CDB, CTB, object>,
  page: ListRead['page'],
) {
  const [found, total] = await Promise.all([
    order
      .reduce((ordered, column) => ordered.orderBy(sql.ref(column)), rows)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    inScope.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  return { rows: found, totalCount: toCount((total as { count?: unknown } | undefined)?.count) };
}

/** A page of approver/provisioner assignments in scope, with every name, and the total. */
export const findApproverAssignments = (db: Db, { scope, userId, page }: ListRead) =>
  readListPage(
    selectAssignment(namedAssignments(db, scope, userId)),
    [...LIST_ORDER, 'pl.description', 'a.approverId'],
    assignments(db, scope, userId),
    page,
  );
export type ApproverAssignmentDbRow = Awaited<ReturnType<typeof findApproverAssignments>>['rows'][number];

/** One assignment with every name, whatever its state (the path preview's people). */
export function findNamedAssignment(db: Db, approverId: number) {
  return selectAssignment(namedAssignments(db, { kind: 'all' }, undefined))
    .where('a.approverId', '=', approverId)
    .executeTakeFirst();
}

/** 'Active' / 'Inactive' from the row's isDeleted flag. */
const statusOf = (alias: string) =>
  textColumn(
    sql<string>`case when ${sql.ref(`${alias}.isDeleted`)} = 1 then ${sql.lit(AssignmentStatus.INACTIVE)} else ${sql.lit(AssignmentStatus.ACTIVE)} end`,
  );

/**
 * The approver/provisioner assignment table (keys = row field names); by default active rows
 * first, ties by id. Names are searchable with their emails.
 */
export const approverAssignmentSpec: TableSpec = {
  columns: {
    status: statusOf('a'),
    ...practiceNameTableColumns,
    platformName: refColumn('pl.description'),
    clientName: textColumn(sql`coalesce(${sql.ref('c.description')}, 'All')`),
    ...peopleNameColumns,
    approverEmail: searchedOnly('ap.email'),
    secondaryApproverEmail: searchedOnly('sa.email'),
    provisionerEmail: searchedOnly('pv.email'),
    provisionerBackupEmail: searchedOnly('pb.email'),
  },
  id: sql.ref<number>('a.approverId'),
  defaultOrder: { column: 'status', isAscending: true },
};

/** The approver/provisioner assignment table's three reads (page, filter menus, export batches). */
export const approverAssignmentTable = sqlTable({
  spec: approverAssignmentSpec,
  rows: (db: Db, { scope, userId }: AssignmentTableScope) => namedAssignments(db, scope, userId),
  select: selectAssignment,
});

/** Which roles this user holds on active assignments. */
export async function findHeldRoles(db: Db, userId: number) {
  const holds = (columns: readonly string[]) =>
    sql<number>`max(case when ${namesUser(columns, userId)} then 1 else 0 end)`;
  const row = await db.kysely
    .selectFrom('approverAssignments as a')
    .where('a.isDeleted', '=', 0)
    .select([
      holds(['a.userId', 'a.secondaryApproverId']).as('approver'),
      holds(['a.provisionerId', 'a.provisionerBackupId']).as('provisioner'),
    ])
    .where(namesUser(ASSIGNMENT_PEOPLE, userId))
    .executeTakeFirst();
  return { holdsApprover: Number(row?.approver) === 1, holdsProvisioner: Number(row?.provisioner) === 1 };
}

function masterApprovers(db: Db, scope: AssignmentScope, userId: number | undefined) {
  return inListScope(db.kysely.selectFrom('masterApprovers as a'), ['a.userId'], scope, userId);
}

/** Master approver rows in scope joined to every name a row shows. */
function namedMasterApprovers(db: Db, scope: AssignmentScope, userId: number | undefined) {
  return joinPracticeNames(masterApprovers(db, scope, userId), 'a').innerJoin(
    'users as u',
    'u.userId',
    'a.userId',
  );
}

function selectMasterApprover(qb: ReturnType<typeof namedMasterApprovers>) {
  return qb.select([
    'a.masterApproverId',
    'a.isDeleted',
    'a.userId',
    ...levelColumns('a', PRACTICE_LEVELS),
    ...practiceNameColumns,
    fullName('u').as('masterApproverName'),
    'u.email as masterApproverEmail',
  ]);
}

/** A page of master approver assignments in scope, with names, and the total. */
export const findMasterApprovers = (db: Db, { scope, userId, page }: ListRead) =>
  readListPage(
    selectMasterApprover(namedMasterApprovers(db, scope, userId)),
    [...LIST_ORDER, 'a.masterApproverId'],
    masterApprovers(db, scope, userId),
    page,
  );
export type MasterApproverDbRow = Awaited<ReturnType<typeof findMasterApprovers>>['rows'][number];

/** The master approver assignment table (keys = row field names); active rows first by default. */
export const masterApproverSpec: TableSpec = {
  columns: {
    status: statusOf('a'),
    masterApproverName: textColumn(fullName('u')),
    masterApproverEmail: refColumn('u.email'),
    ...practiceNameTableColumns,
  },
  id: sql.ref<number>('a.masterApproverId'),
  defaultOrder: { column: 'status', isAscending: true },
};

/** The master approver assignment table's three reads (page, filter menus, export batches). */
export const masterApproverTable = sqlTable({
  spec: masterApproverSpec,
  rows: (db: Db, { scope, userId }: AssignmentTableScope) => namedMasterApprovers(db, scope, userId),
  select: selectMasterApprover,
});
