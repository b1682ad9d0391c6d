import {
  Role,
  messages,
  type MergeResult,
  type TableQuery,
  type UnmergeResult,
  type UserDetailsRow,
} from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { reachesPerson } from '../../http/admin-scope.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import type { TableReader } from '../../http/table-routes.ts';
import { presentProfile } from '../profiles/admin-service.ts';
import { insertProfileLog } from '../profiles/queries.ts';
import { familySpec, findFamilyPage, findFamilyRows, findFamilyValues } from '../profiles/table-queries.ts';
import { settleRoles } from '../approval-paths/role-rule.ts';
import * as q from './queries.ts';

const mergeFieldsOf = (p: q.MergeProfile) => ({
  mergedUserId: p.mergedUserId,
  isChild: p.isChild,
  parentGuid: p.parentGuid,
  childGuid: p.childGuid,
});

/**
 * A merge or unmerge moves rows between the two people, so the caller must reach both: the super
 * admin anyone (spec 3); a region admin only people below ADMIN wholly inside her (region,
 * market) rows.
 */
async function assertReachesAll(trx: Executor, actor: Actor, people: readonly q.MergeProfile[]) {
  if (actor.roleId === Role.SUPERADMIN) {
    return;
  }
  for (const person of people) {
    if (person.roleId >= Role.ADMIN) {
      throw forbidden(messages.mergeSuperAdminOnly(person.userId));
    }
    if (!(await reachesPerson(trx, actor, person.userId))) {
      throw forbidden(messages.mergeOutsideScope(person.userId));
    }
  }
}

/**
 * Merges `childId` into `parentId` in one transaction: the child adopts the parent's GUID and
 * becomes its child; its requests, records, assignments and additional emails go to the parent,
 * each moved row recorded so an unmerge gives back exactly these; roles follow the rows (the one
 * role rule); both profiles get a log row. The history keeps its authors (the child's steps stay
 * the child's; the log shows the merge beside them).
 */
export function mergeProfiles(db: Db, actor: Actor, childId: number, parentId: number): Promise<MergeResult> {
  return inTransaction(db, (trx) => mergeIn(trx, actor, childId, parentId));
}

export async function mergeIn(
  trx: Executor,
  actor: Actor,
  childId: number,
  parentId: number,
): Promise<MergeResult> {
  const actorId = actor.userId;
  if (childId === parentId) {
    throw unprocessable(messages.mergeIntoSelf);
  }
  const [child, parent] = await Promise.all([
    q.getMergeProfile(trx, childId),
    q.getMergeProfile(trx, parentId),
  ]);
  if (!child || child.isDeleted === 1 || !parent || parent.isDeleted === 1) {
    throw notFound(messages.uapIdMissing);
  }
  await assertReachesAll(trx, actor, [child, parent]);
  if (parent.mergedUserId !== null) {
    throw unprocessable(messages.mergeParentIsChild);
  }
  if (child.mergedUserId !== null) {
    throw unprocessable(messages.mergeAlreadyMerged);
  }
  if (await q.hasChildren(trx, childId)) {
    throw unprocessable(messages.mergeChildHasChildren);
  }
  const mergeId = await q.insertMerge(trx, { parentUserId: parentId, child, mergedBy: actorId });
  const moved = await q.moveRows(trx, mergeId, childId, parentId);
  const after = {
    mergedUserId: parentId,
    isChild: 1,
    parentGuid: parent.parentGuid ?? parent.directoryId,
    childGuid: child.parentGuid ?? child.directoryId,
  };
  await q.setMergeFields(trx, childId, after, actorId);
  await settleRoles(trx, [parentId, childId], actorId);
  await insertProfileLog(trx, { userId: childId, changedBy: actorId, before: mergeFieldsOf(child), after });
  await insertProfileLog(trx, {
    userId: parentId,
    changedBy: actorId,
    before: { mergedChildUserId: null },
    after: { mergedChildUserId: childId, ...moved },
  });
  return { parentUserId: parentId, moved };
}

/** Unmerges one child (inside the caller's transaction): the rows it brought go back to it. */
async function unmergeIn(trx: Executor, actorId: number, child: q.MergeProfile) {
  const parentId = child.mergedUserId!;
  const merge = await q.getOpenMerge(trx, child.userId);
  const givenBack = merge ? await q.moveRowsBack(trx, merge.id, child.userId, parentId) : q.emptyCounts();
  if (merge) {
    await q.closeMerge(trx, merge.id, actorId);
  }
  const after = {
    mergedUserId: null,
    isChild: 0,
    parentGuid: merge ? merge.childParentGuid : (child.childGuid ?? child.directoryId),
    childGuid: null,
  };
  await q.setMergeFields(trx, child.userId, after, actorId);
  await settleRoles(trx, [parentId, child.userId], actorId);
  await insertProfileLog(trx, {
    userId: child.userId,
    changedBy: actorId,
    before: mergeFieldsOf(child),
    after,
  });
  await insertProfileLog(trx, {
    userId: parentId,
    changedBy: actorId,
    before: { mergedChildUserId: child.userId },
    after: { mergedChildUserId: null, ...givenBack },
  });
}

/**
 * POST api/User/UnMergedSelectedUsers: every selected child is unmerged in one transaction; a
 * selected parent is left as it is, and a selection of parents only is refused.
 */
export function unmergeSelected(db: Db, actor: Actor, userIds: readonly number[]): Promise<UnmergeResult> {
  return inTransaction(db, async (trx) => {
    const selected = await Promise.all([...new Set(userIds)].map((id) => q.getMergeProfile(trx, id)));
    if (selected.some((p) => p === undefined || p.isDeleted === 1)) {
      throw notFound(messages.uapIdMissing);
    }
    const children = selected.filter((p): p is q.MergeProfile => p !== undefined && p.mergedUserId !== null);
    if (children.length === 0) {
      throw unprocessable(messages.unmergeOnlyParent);
    }
    // The parent holds the rows its children brought: both must be inside the caller's reach.
    const parentIds = [...new Set(children.map((c) => c.mergedUserId!))];
    const parents = await Promise.all(parentIds.map((id) => q.getMergeProfile(trx, id)));
    await assertReachesAll(trx, actor, [
      ...children,
      ...parents.filter((p): p is q.MergeProfile => p !== undefined),
    ]);
    for (const child of children) {
      await unmergeIn(trx, actor.userId, child);
    }
    return { unmergedUserIds: children.map((c) => c.userId) };
  });
}

/** POST api/User/MergeProfile: `mergedUserId` equal to the profile's own id clears its merge. */
export async function mergeOrClear(db: Db, actor: Actor, userId: number, mergedUserId: number) {
  if (userId !== mergedUserId) {
    return {
      result: await mergeProfiles(db, actor, userId, mergedUserId),
      message: messages.profileMerged(mergedUserId),
    };
  }
  const { unmergedUserIds } = await unmergeSelected(db, actor, [userId]);
  return {
    result: { parentUserId: userId, moved: q.emptyCounts() },
    message: messages.profilesUnmerged(unmergedUserIds.length),
  };
}

/** The parent of a profile's merged family (the profile itself when it is no child); 404 when absent. */
async function familyParentOf(db: Db, userId: number): Promise<number> {
  const profile = await q.getMergeProfile(db.kysely, userId);
  if (!profile || profile.isDeleted === 1) {
    throw notFound(messages.uapIdMissing);
  }
  return profile.mergedUserId ?? profile.userId;
}

/** GET api/User/userDetailsList/{userId}: the merged family of a profile, its parent first. */
export async function userDetailsList(db: Db, userId: number): Promise<UserDetailsRow[]> {
  const parentId = await familyParentOf(db, userId);
  const rows = await findFamilyRows(db, parentId);
  return rows.map((r) => ({ ...presentProfile(r), isParent: r.userId === parentId }));
}

/** The profile a User Details List call names in its path. */
const familyUserId = (query: TableQuery) => (query as TableQuery & { userId: number }).userId;

/** PUT api/User/userDetailsList/{userId} (+ /Filters): the merged family, the parent first by default. */
export const userDetailsReader: TableReader<UserDetailsRow> = {
  // The columns are the same whatever the family (only the parent-first order names it).
  spec: familySpec(0),
  page: async (db, _actor, query) => {
    const parentId = await familyParentOf(db, familyUserId(query));
    const { rows, totalCount } = await findFamilyPage(db, parentId, query);
    return { rows: rows.map((r) => ({ ...presentProfile(r), isParent: r.userId === parentId })), totalCount };
  },
  values: async (db, _actor, query, column) =>
    findFamilyValues(db, await familyParentOf(db, familyUserId(query)), query, column),
};
