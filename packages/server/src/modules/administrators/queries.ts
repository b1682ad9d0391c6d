import { sql, type Expression } from 'kysely';
import { nowIso, type Db, type Dialect, type Executor } from '../../db/connection.ts';
import { sqlTable } from '../../db/sql-table.ts';
import { type TableColumn, type TableSpec } from '../../db/table-query.ts';
import type { AdminScope } from '../../http/admin-scope.ts';
import { inAdminRows } from '../../http/row-scope-queries.ts';

/** An administrator row's fields: the person's, the region's and the market's names. */
const adminRegionColumns = [
  'ar.adminRegionId',
  'ar.userId',
  'ar.regionId',
  'ar.marketId',
  'u.name',
  'u.lastName',
  'u.email',
  'r.description as regionName',
  'm.description as marketName',
  'ar.isDeleted',
] as const;
const superAdminColumns = [
  's.adminId',
  's.userId',
  'u.name',
  'u.lastName',
  'u.email',
  's.isDeleted',
] as const;

/** The administrator rows in the scope (an admin: those of the (region, market) pairs it holds), by name. */
export async function findAdminRegions(db: Db, scope: AdminScope) {
  return scopedAdminRegions(db.kysely, scope)
    .select(adminRegionColumns)
    .orderBy('u.name')
    .orderBy('u.lastName')
    .orderBy('ar.adminRegionId')
    .execute();
}

export async function findSuperAdmins(db: Db) {
  return namedSuperAdmins(db.kysely)
    .select(superAdminColumns)
    .orderBy('u.name')
    .orderBy('u.lastName')
    .execute();
}

// ---------------------------------------------------------------- tables

const statusText = (alias: string) =>
  sql<string>`case when ${sql.ref(`${alias}.isDeleted`)} = 1 then 'Inactive' else 'Active' end`;
const personName = sql<string>`${sql.ref('u.name')} || ' ' || ${sql.ref('u.lastName')}`;
const column = (expression: Expression<unknown>, kind: TableColumn['kind'] = 'text'): TableColumn => ({
  sql: expression,
  kind,
  isFilterable: true,
  isSortable: true,
  isSearchable: kind === 'text',
});

/** The Administrators table (keys = row field names), by name by default. */
export const adminRegionSpec: TableSpec = {
  columns: {
    adminRegionId: column(sql.ref('ar.adminRegionId'), 'number'),
    name: column(personName),
    email: column(sql.ref('u.email')),
    regionName: column(sql.ref('r.description')),
    marketName: column(sql.ref('m.description')),
    status: { ...column(statusText('ar')), isSearchable: false },
  },
  id: sql.ref<number>('ar.adminRegionId'),
  defaultOrder: { column: 'name', isAscending: true },
};

/** The Super Administrators table (keys = row field names), by name by default. */
export const superAdminSpec: TableSpec = {
  columns: {
    adminId: column(sql.ref('s.adminId'), 'number'),
    name: column(personName),
    email: column(sql.ref('u.email')),
    status: { ...column(statusText('s')), isSearchable: false },
  },
  id: sql.ref<number>('s.adminId'),
  defaultOrder: { column: 'name', isAscending: true },
};

function scopedAdminRegions(q: Executor, scope: AdminScope) {
  return q
    .selectFrom('adminRegions as ar')
    .innerJoin('users as u', 'u.userId', 'ar.userId')
    .innerJoin('regions as r', 'r.regionId', 'ar.regionId')
    .innerJoin('markets as m', 'm.marketId', 'ar.marketId')
    .where(inAdminRows(scope, 'ar'));
}

function namedSuperAdmins(q: Executor) {
  return q.selectFrom('superAdmins as s').innerJoin('users as u', 'u.userId', 's.userId');
}

/** The Administrators table bound to its SQL: the admin rows in scope, by name by default. */
export const adminRegionTable = sqlTable({
  spec: adminRegionSpec,
  rows: (db: Db, scope: AdminScope) => scopedAdminRegions(db.kysely, scope),
  select: (qb) => qb.select(adminRegionColumns),
});

/** The Super Administrators table bound to its SQL, by name by default. */
export const superAdminTable = sqlTable({
  spec: superAdminSpec,
  rows: (db: Db) => namedSuperAdmins(db.kysely),
  select: (qb) => qb.select(superAdminColumns),
});

// ---------------------------------------------------------------- writes

/** One administrator row, if it lies inside the scope (locked on PostgreSQL). */
export async function findAdminRegionInScope(trx: Executor, dialect: Dialect, scope: AdminScope, id: number) {
  let query = trx
    .selectFrom('adminRegions as ar')
    .selectAll('ar')
    .where('ar.adminRegionId', '=', id)
    .where(inAdminRows(scope, 'ar'));
  if (dialect === 'postgres') {
    query = query.forUpdate('ar');
  }
  return query.executeTakeFirst();
}

/** True when the market lies in the region. */
export async function isMarketOfRegion(q: Executor, regionId: number, marketId: number): Promise<boolean> {
  const row = await q
    .selectFrom('markets')
    .select('marketId')
    .where('marketId', '=', marketId)
    .where('regionId', '=', regionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A row of this person on this (region, market), active or not, other than `exceptId`. */
export function findAdminRegionDuplicate(
  q: Executor,
  row: { userId: number; regionId: number; marketId: number },
  exceptId: number | null,
) {
  return q
    .selectFrom('adminRegions')
    .select('adminRegionId')
    .where('userId', '=', row.userId)
    .where('regionId', '=', row.regionId)
    .where('marketId', '=', row.marketId)
    .$if(exceptId !== null, (qb) => qb.where('adminRegionId', '<>', exceptId!))
    .executeTakeFirst();
}

export async function insertAdminRegion(
  q: Executor,
  row: { userId: number; regionId: number; marketId: number },
  by: number,
): Promise<number> {
  const now = nowIso();
  const inserted = await q
    .insertInto('adminRegions')
    .values({ ...row, isDeleted: 0, createdBy: by, createdDate: now, updatedBy: by, updatedDate: now })
    .returning('adminRegionId')
    .executeTakeFirstOrThrow();
  return inserted.adminRegionId;
}

export async function updateAdminRegion(
  q: Executor,
  id: number,
  change: Partial<{ userId: number; regionId: number; marketId: number; isDeleted: number }>,
  by: number,
): Promise<void> {
  await q
    .updateTable('adminRegions')
    .set({ ...change, updatedBy: by, updatedDate: nowIso() })
    .where('adminRegionId', '=', id)
    .execute();
}

export async function deleteAdminRegion(q: Executor, id: number): Promise<void> {
  await q.deleteFrom('adminRegions').where('adminRegionId', '=', id).execute();
}

/** The super admin rows, active ones locked on PostgreSQL (the last-one rule reads them). */
export async function findActiveSuperAdminIds(trx: Executor, dialect: Dialect): Promise<number[]> {
  let query = trx.selectFrom('superAdmins').select('adminId').where('isDeleted', '=', 0);
  if (dialect === 'postgres') {
    query = query.forUpdate();
  }
  return (await query.execute()).map((r) => r.adminId);
}

export function findSuperAdminRow(q: Executor, adminId: number) {
  return q.selectFrom('superAdmins').selectAll().where('adminId', '=', adminId).executeTakeFirst();
}

export function findSuperAdminOfUser(q: Executor, userId: number) {
  return q.selectFrom('superAdmins').select('adminId').where('userId', '=', userId).executeTakeFirst();
}

export async function insertSuperAdmin(q: Executor, userId: number, by: number): Promise<number> {
  const now = nowIso();
  const inserted = await q
    .insertInto('superAdmins')
    .values({ userId, isDeleted: 0, createdBy: by, createdDate: now, updatedBy: by, updatedDate: now })
    .returning('adminId')
    .executeTakeFirstOrThrow();
  return inserted.adminId;
}

export async function updateSuperAdmin(
  q: Executor,
  adminId: number,
  change: Partial<{ userId: number; isDeleted: number }>,
  by: number,
): Promise<void> {
  await q
    .updateTable('superAdmins')
    .set({ ...change, updatedBy: by, updatedDate: nowIso() })
    .where('adminId', '=', adminId)
    .execute();
}

export async function deleteSuperAdmin(q: Executor, adminId: number): Promise<void> {
  await q.deleteFrom('superAdmins').where('adminId', '=', adminId).execute();
}
