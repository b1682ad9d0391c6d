import { sql, type Nullable, type SelectQueryBuilder } from 'kysely';
import { AssignmentStatus } from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { toCount } from '../../../db/connection.ts';
import { joinPracticeNames, practiceNameColumns } from '../../../db/path-joins.ts';
import type { Database } from '../../../db/schema.ts';
import { sqlTable } from '../../../db/sql-table.ts';
import { type TableSpec } from '../../../db/table-query.ts';
import { inAdminRows } from '../../../http/row-scope-queries.ts';
import { fullName, refColumn, textColumn } from '../column-queries.ts';

/**
 * Whose assignments a list shows: 'me' = rows naming the caller (onlyMe); 'admin' = rows inside
 * the admin's (region, market) rows; 'all' for super admins and auditors. `userId` narrows to
 * the rows naming that user.
 */
export type AssignmentScope =
  { kind: 'me'; userId: number } | { kind: 'admin'; userId: number } | { kind: 'all' };



function assignments(db: Db, scope: AssignmentScope, userId: number | undefined) {
  const who = scope.kind === 'me' ? scope.userId : userId;
  return db.kysely
    .selectFrom('approverAssignments as a')
    .$if(who !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('a.userId', '=', who!),
          eb('a.secondaryApproverId', '=', who!),
          eb('a.provisionerId', '=', who!),
          eb('a.provisionerBackupId', '=', who!),
        ]),
      ),
    )
    .$if(scope.kind === 'admin', (qb) =>
      qb.where(inAdminRows(scope, 'a')),
    );
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
    'a.userId',
    'a.secondaryApproverId',
    'a.provisionerId',
    'a.provisionerBackupId',
    'a.regionId',
    'a.marketId',
    'a.agencyId',
    'a.practiceId',
    'a.platformId',
    'a.clientId',
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

/** A page of approver/provisioner assignments in scope, with every name, and the total. */
export async function findApproverAssignments(
  db: Db,
  scope: AssignmentScope,
  userId: number | undefined,
  page: { limit: number; offset: number },
) {
  const [rows, total] = await Promise.all([
    selectAssignment(namedAssignments(db, scope, userId))
      .orderBy('a.isDeleted')
      .orderBy('rg.description')
      .orderBy('mk.description')
      .orderBy('ag.description')
      .orderBy('pr.description')
      .orderBy('pl.description')
      .orderBy('a.approverId')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    assignments(db, scope, userId)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  return { rows, totalCount: toCount(total?.count) };
}
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
    regionName: refColumn('rg.description'),
    marketName: refColumn('mk.description'),
    agencyName: refColumn('ag.description'),
    practiceName: refColumn('pr.description'),
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

/** Whose rows a table reads: the caller's scope and, optionally, one person's rows (userid). */
export interface AssignmentTableScope {
  scope: AssignmentScope;
  userId: number | undefined;
}

/** The approver/provisioner assignment table's three reads (page, filter menus, export batches). */
export const approverAssignmentTable = sqlTable({
  spec: approverAssignmentSpec,
  rows: (db: Db, { scope, userId }: AssignmentTableScope) => namedAssignments(db, scope, userId),
  select: selectAssignment,
});

/** Which roles this user holds on active assignments. */
export async function findHeldRoles(db: Db, userId: number) {
  const row = await db.kysely
    .selectFrom('approverAssignments as a')
    .where('a.isDeleted', '=', 0)
    .select([
      sql<number>`max(case when ${sql.ref('a.userId')} = ${userId} or ${sql.ref('a.secondaryApproverId')} = ${userId} then 1 else 0 end)`.as(
        'approver',
      ),
      sql<number>`max(case when ${sql.ref('a.provisionerId')} = ${userId} or ${sql.ref('a.provisionerBackupId')} = ${userId} then 1 else 0 end)`.as(
        'provisioner',
      ),
    ])
    .where((eb) =>
      eb.or([
        eb('a.userId', '=', userId),
        eb('a.secondaryApproverId', '=', userId),
        eb('a.provisionerId', '=', userId),
        eb('a.provisionerBackupId', '=', userId),
      ]),
    )
    .executeTakeFirst();
  return { holdsApprover: Number(row?.approver) === 1, holdsProvisioner: Number(row?.provisioner) === 1 };
}

function masterApprovers(db: Db, scope: AssignmentScope, userId: number | undefined) {
  const who = scope.kind === 'me' ? scope.userId : userId;
  return db.kysely
    .selectFrom('masterApprovers as a')
    .$if(who !== undefined, (qb) => qb.where('a.userId', '=', who!))
    .$if(scope.kind === 'admin', (qb) =>
      qb.where(inAdminRows(scope, 'a')),
    );
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
    'a.regionId',
    'a.marketId',
    'a.agencyId',
    'a.practiceId',
    ...practiceNameColumns,
    fullName('u').as('masterApproverName'),
    'u.email as masterApproverEmail',
  ]);
}

/** A page of master approver assignments in scope, with names, and the total. */
export async function findMasterApprovers(
  db: Db,
  scope: AssignmentScope,
  userId: number | undefined,
  page: { limit: number; offset: number },
) {
  const [rows, total] = await Promise.all([
    selectMasterApprover(namedMasterApprovers(db, scope, userId))
      .orderBy('a.isDeleted')
      .orderBy('rg.description')
      .orderBy('mk.description')
      .orderBy('ag.description')
      .orderBy('pr.description')
      .orderBy('a.masterApproverId')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    masterApprovers(db, scope, userId)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  return { rows, totalCount: toCount(total?.count) };
}
export type MasterApproverDbRow = Awaited<ReturnType<typeof findMasterApprovers>>['rows'][number];

/** The master approver assignment table (keys = row field names); active rows first by default. */
export const masterApproverSpec: TableSpec = {
  columns: {
    status: statusOf('a'),
    masterApproverName: textColumn(fullName('u')),
    masterApproverEmail: refColumn('u.email'),
    regionName: refColumn('rg.description'),
    marketName: refColumn('mk.description'),
    agencyName: refColumn('ag.description'),
    practiceName: refColumn('pr.description'),
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
