import type { AdminScope } from '../../../http/admin-scope.ts';
import type { MasterApproverPath } from '@uap/domain';
import { nowIso, type Executor } from '../../../db/connection.ts';
import { holdsAdminRow, inAdminRows } from '../../../http/row-scope-queries.ts';
import { PRACTICE_LEVELS, levelColumns, sameLevels } from '../column-queries.ts';

/**
 * Which master approver rows an administrator may change: those inside their admin (region,
 * market) rows ('admin'), or every row (super admin).
 */

/** True when the market lies in the region, the agency in the market and the agency offers the practice. */
export async function isCatalogPath(q: Executor, path: Omit<MasterApproverPath, 'userId'>): Promise<boolean> {
  const row = await q
    .selectFrom('markets as mk')
    .innerJoin('agencies as ag', 'ag.marketId', 'mk.marketId')
    .innerJoin('agencyPractices as ap', 'ap.agencyId', 'ag.agencyId')
    .select('ag.agencyId')
    .where('mk.marketId', '=', path.marketId)
    .where('mk.regionId', '=', path.regionId)
    .where('ag.agencyId', '=', path.agencyId)
    .where('ap.practiceId', '=', path.practiceId)
    .where('ap.isDeleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when the (region, market) lies inside the scope. */
export async function isInsideScope(
  q: Executor,
  scope: AdminScope,
  path: { regionId: number; marketId: number },
): Promise<boolean> {
  return scope.kind === 'all' || holdsAdminRow(q, scope.userId, path);
}

/** A profile with its directory account's state (a profile without one counts as enabled). */
export function getAssignableUser(q: Executor, userId: number) {
  return q
    .selectFrom('users as u')
    .leftJoin('directoryUsers as du', 'du.directoryId', 'u.directoryId')
    .select([
      'u.userId',
      'u.roleId',
      'u.isDeleted',
      'u.isInternal',
      'u.userType',
      'du.active as directoryActive',
    ])
    .where('u.userId', '=', userId)
    .executeTakeFirst();
}

/** An active row of this user on this path, other than `exceptId`. */
export function findActiveDuplicate(q: Executor, path: MasterApproverPath, exceptId: number | null) {
  return q
    .selectFrom('masterApprovers')
    .select('masterApproverId')
    .where((eb) => eb.and(sameLevels(path, ['userId', ...PRACTICE_LEVELS] as const)))
    .where('isDeleted', '=', 0)
    .$if(exceptId !== null, (qb) => qb.where('masterApproverId', '!=', exceptId!))
    .executeTakeFirst();
}

/**
 * The rows with these ids inside the scope (a row outside it is simply not found); on
 * PostgreSQL locked for the transaction.
 */
export function findRowsInScope(
  q: Executor,
  dialect: 'sqlite' | 'postgres',
  scope: AdminScope,
  ids: readonly number[],
) {
  let query = q
    .selectFrom('masterApprovers as a')
    .select(['a.masterApproverId', 'a.userId', ...levelColumns('a', PRACTICE_LEVELS), 'a.isDeleted'])
    .where('a.masterApproverId', 'in', ids)
    .where(inAdminRows(scope, 'a'));
  if (dialect === 'postgres') {
    query = query.forUpdate();
  }
  return query.execute();
}
export type MasterApproverState = Awaited<ReturnType<typeof findRowsInScope>>[number];

export async function insertMasterApprover(
  q: Executor,
  path: MasterApproverPath,
  by: number,
): Promise<number> {
  const now = nowIso();
  const row = await q
    .insertInto('masterApprovers')
    .values({ ...path, isDeleted: 0, createdBy: by, createdDate: now, updatedBy: by, updatedDate: now })
    .returning('masterApproverId')
    .executeTakeFirstOrThrow();
  return row.masterApproverId;
}

export async function updateMasterApprover(
  q: Executor,
  masterApproverId: number,
  set: Partial<MasterApproverPath> & { isDeleted?: number },
  by: number,
): Promise<void> {
  await q
    .updateTable('masterApprovers')
    .set({ ...set, updatedBy: by, updatedDate: nowIso() })
    .where('masterApproverId', '=', masterApproverId)
    .execute();
}

/** Removes the row; status report rows that pointed at it keep their text and lose the link. */
export async function deleteMasterApprover(q: Executor, masterApproverId: number): Promise<void> {
  await q
    .updateTable('assignmentStatusReports')
    .set({ masterApproverId: null })
    .where('masterApproverId', '=', masterApproverId)
    .execute();
  await q.deleteFrom('masterApprovers').where('masterApproverId', '=', masterApproverId).execute();
}
