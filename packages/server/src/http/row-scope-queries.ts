import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import type { RowScope } from './row-scope.ts';

/**
 * The SQL pieces of a row scope (row-scope.ts), written once for every table whose rows carry a
 * (region, market): request lines, assignments, master approver rows, admin rows.
 */

const TRUE = sql<SqlBool>`1 = 1`;

/**
 * An active admin row of `adminId` (a user id, or a column holding one) covers the (region,
 * market) of the row aliased `alias`.
 */
export function insideAdminRows(adminId: number | Expression<number>, alias: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('adminRegions as adm')
      .select('adm.adminRegionId')
      .where('adm.regionId', '=', sql.ref<number>(`${alias}.regionId`))
      .where('adm.marketId', '=', sql.ref<number>(`${alias}.marketId`))
      .where('adm.userId', '=', adminId)
      .where('adm.isDeleted', '=', 0),
  );
}

/** An administrator's active (region, market) rows. */
export function findAdminRows(q: Executor, userId: number) {
  return q
    .selectFrom('adminRegions')
    .select(['regionId', 'marketId'])
    .where('userId', '=', userId)
    .where('isDeleted', '=', 0)
    .execute();
}

/** Whether one of an administrator's active rows is this (region, market). */
export async function holdsAdminRow(
  q: Executor,
  adminId: number,
  place: { regionId: number; marketId: number },
): Promise<boolean> {
  const row = await q
    .selectFrom('adminRegions')
    .select('adminRegionId')
    .where('userId', '=', adminId)
    .where('regionId', '=', place.regionId)
    .where('marketId', '=', place.marketId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An administration screen's rows for its scope: an admin's inside her admin rows, every row for
 * a wider scope. (The narrower kinds never reach these screens: rowScopeOf refuses them.)
 */
export function inAdminRows(
  scope: Pick<RowScope, 'kind' | 'userId'> | { kind: string; userId?: number },
  alias: string,
): Expression<SqlBool> {
  return scope.kind === 'admin' && scope.userId !== undefined ? insideAdminRows(scope.userId, alias) : TRUE;
}
