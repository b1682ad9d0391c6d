import { sql } from 'kysely';
import type { MergeCounts } from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';
import { chainLater } from '../../db/chain/pending.ts';

/**
 * Every user column a merge hands from the child to the parent: the requests and records they
 * are the subject of, the requests they made, their approval assignments (each of the four
 * roles), their master approver rows and their additional emails. Past-author columns (history
 * steps, logs) are not moved: they keep who did it. Table and column names are constants (never
 * input); values are bound parameters.
 */
export const MOVABLE = [
  { table: 'requests', id: 'request_id', column: 'user_id', kind: 'requests' },
  { table: 'requests', id: 'request_id', column: 'created_by', kind: 'requestsMade' },
  { table: 'approver_assignments', id: 'approver_id', column: 'user_id', kind: 'assignments' },
  { table: 'approver_assignments', id: 'approver_id', column: 'secondary_approver_id', kind: 'assignments' },
  { table: 'approver_assignments', id: 'approver_id', column: 'provisioner_id', kind: 'assignments' },
  { table: 'approver_assignments', id: 'approver_id', column: 'provisioner_backup_id', kind: 'assignments' },
  { table: 'master_approvers', id: 'master_approver_id', column: 'user_id', kind: 'masterApprovers' },
  { table: 'user_additional_emails', id: 'id', column: 'user_id', kind: 'additionalEmails' },
] as const satisfies readonly { table: string; id: string; column: string; kind: keyof MergeCounts }[];

/**
 * Columns an earlier merge moved and a merge no longer does: an unmerge still gives back the
 * rows such a merge recorded (its history steps go back to the child).
 */
const GIVEN_BACK_ONLY = [
  { table: 'request_history', id: 'id', column: 'created_by', kind: 'history' },
] as const satisfies readonly { table: string; id: string; column: string; kind: keyof MergeCounts }[];

type Movable = (typeof MOVABLE)[number] | (typeof GIVEN_BACK_ONLY)[number];

export const emptyCounts = (): MergeCounts => ({
  requests: 0,
  requestsMade: 0,
  history: 0,
  assignments: 0,
  masterApprovers: 0,
  additionalEmails: 0,
});

/** The profile fields a merge reads and changes. */
export function getMergeProfile(q: Executor, userId: number) {
  return q
    .selectFrom('users')
    .select([
      'userId',
      'mergedUserId',
      'isChild',
      'parentGuid',
      'childGuid',
      'directoryId',
      'roleId',
      'isDeleted',
    ])
    .where('userId', '=', userId)
    .executeTakeFirst();
}
export type MergeProfile = NonNullable<Awaited<ReturnType<typeof getMergeProfile>>>;

export async function hasChildren(q: Executor, userId: number): Promise<boolean> {
  const row = await q
    .selectFrom('users')
    .select('userId')
    .where('mergedUserId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ids of the rows whose `column` names `userId`. */
async function rowsNaming(q: Executor, m: Movable, userId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select ${sql.ref(m.id)} as id from ${sql.table(m.table)}
    where ${sql.ref(m.column)} = ${userId} order by ${sql.ref(m.id)}`.execute(q);
  return rows.map((r) => Number(r.id));
}

async function setColumn(
  q: Executor,
  m: Movable,
  ids: readonly number[],
  from: number,
  to: number,
): Promise<number> {
  let changed = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const result = await sql`update ${sql.table(m.table)} set ${sql.ref(m.column)} = ${to}
      where ${sql.ref(m.id)} in (${sql.join(batch)}) and ${sql.ref(m.column)} = ${from}`.execute(q);
    changed += Number(result.numAffectedRows ?? 0);
  }
  return changed;
}

/**
 * Active master approver rows of the child on a path where the parent already has an active row:
 * the parent cannot hold two, so the child's is deactivated (and reactivated on unmerge).
 */
async function duplicateMasterRows(q: Executor, childId: number, parentId: number): Promise<number[]> {
  const rows = await q
    .selectFrom('masterApprovers as c')
    .innerJoin('masterApprovers as p', (j) =>
      j
        .onRef('p.regionId', '=', 'c.regionId')
        .onRef('p.marketId', '=', 'c.marketId')
        .onRef('p.agencyId', '=', 'c.agencyId')
        .onRef('p.practiceId', '=', 'c.practiceId'),
    )
    .select('c.masterApproverId')
    .where('c.userId', '=', childId)
    .where('c.isDeleted', '=', 0)
    .where('p.userId', '=', parentId)
    .where('p.isDeleted', '=', 0)
    .execute();
  return [...new Set(rows.map((r) => r.masterApproverId))];
}

/**
 * Hands the child's rows to the parent and records each one under the merge; answers the
 * counts. Run inside the merge's transaction.
 */
export async function moveRows(q: Executor, mergeId: number, childId: number, parentId: number) {
  const counts = emptyCounts();
  const deactivated = await duplicateMasterRows(q, childId, parentId);
  if (deactivated.length > 0) {
    await q
      .updateTable('masterApprovers')
      .set({ isDeleted: 1 })
      .where('masterApproverId', 'in', deactivated)
      .execute();
    const moves = await q
      .insertInto('userMergeMoves')
      .values(
        deactivated.map((rowId) => ({
          mergeId,
          tableName: 'master_approvers',
          columnName: 'is_deleted',
          rowId,
          action: 'deactivated',
        })),
      )
      .returning('id')
      .execute();
    chainLater(
      q,
      'user_merge_moves',
      moves.map((m) => m.id),
    );
  }
  for (const m of MOVABLE) {
    const ids = (await rowsNaming(q, m, childId)).filter(
      (id) => !(m.table === 'master_approvers' && deactivated.includes(id)),
    );
    if (ids.length === 0) {
      continue;
    }
    await setColumn(q, m, ids, childId, parentId);
    for (let i = 0; i < ids.length; i += 500) {
      const moves = await q
        .insertInto('userMergeMoves')
        .values(
          ids
            .slice(i, i + 500)
            .map((rowId) => ({ mergeId, tableName: m.table, columnName: m.column, rowId, action: 'moved' })),
        )
        .returning('id')
        .execute();
      chainLater(
        q,
        'user_merge_moves',
        moves.map((x) => x.id),
      );
    }
    counts[m.kind] += ids.length;
  }
  counts.masterApprovers += deactivated.length;
  return counts;
}

/**
 * Gives back what the merge moved: each recorded row still naming the parent names the child
 * again; rows deactivated as duplicates are active again. Answers the counts given back.
 */
export async function moveRowsBack(q: Executor, mergeId: number, childId: number, parentId: number) {
  const counts = emptyCounts();
  const moves = await q
    .selectFrom('userMergeMoves')
    .select(['tableName', 'columnName', 'rowId', 'action'])
    .where('mergeId', '=', mergeId)
    .orderBy('id')
    .execute();
  const reactivate = moves.filter((m) => m.action === 'deactivated').map((m) => m.rowId);
  if (reactivate.length > 0) {
    await q
      .updateTable('masterApprovers')
      .set({ isDeleted: 0 })
      .where('masterApproverId', 'in', reactivate)
      .execute();
    counts.masterApprovers += reactivate.length;
  }
  for (const m of [...MOVABLE, ...GIVEN_BACK_ONLY]) {
    const ids = moves
      .filter((x) => x.action === 'moved' && x.tableName === m.table && x.columnName === m.column)
      .map((x) => x.rowId);
    if (ids.length > 0) {
      counts[m.kind] += await setColumn(q, m, ids, parentId, childId);
      if (m.table === 'request_history') {
        // A history row changed: its new content is chained as a new version of the row.
        chainLater(q, 'request_history', ids);
      }
    }
  }
  return counts;
}

export async function insertMerge(
  q: Executor,
  o: { parentUserId: number; child: MergeProfile; mergedBy: number },
): Promise<number> {
  const row = await q
    .insertInto('userMerges')
    .values({
      parentUserId: o.parentUserId,
      childUserId: o.child.userId,
      mergedDate: nowIso(),
      mergedBy: o.mergedBy,
      unmergedDate: null,
      unmergedBy: null,
      childParentGuid: o.child.parentGuid,
      childRoleId: o.child.roleId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  chainLater(q, 'user_merges', [row.id]);
  return row.id;
}

/** The open merge of a child (not yet unmerged). */
export function getOpenMerge(q: Executor, childUserId: number) {
  return q
    .selectFrom('userMerges')
    .select(['id', 'parentUserId', 'childParentGuid'])
    .where('childUserId', '=', childUserId)
    .where('unmergedDate', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function closeMerge(q: Executor, mergeId: number, unmergedBy: number) {
  await q
    .updateTable('userMerges')
    .set({ unmergedDate: nowIso(), unmergedBy })
    .where('id', '=', mergeId)
    .execute();
  chainLater(q, 'user_merges', [mergeId]);
}

export async function setMergeFields(
  q: Executor,
  userId: number,
  fields: {
    mergedUserId: number | null;
    isChild: number;
    parentGuid: string | null;
    childGuid: string | null;
  },
  by: number,
) {
  await q
    .updateTable('users')
    .set({ ...fields, updatedDate: nowIso(), updatedBy: by })
    .where('userId', '=', userId)
    .execute();
}
