import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages, type ActivityLog } from '@uap/domain';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from '../harness.ts';
import {
  buildMasterApprover,
  buildPath,
  buildRecord,
  buildRequest,
  buildUser,
  userIdOf,
  type BuiltPath,
  type BuiltUser,
} from '../factories.ts';

/**
 * Issue 43 item 3: a merge hands the child's requests, assignments and master approver rows to
 * the parent and settles both roles. A region admin merges (and unmerges) only people whose
 * rows all lie in her (region, market) rows; the super admin merges anyone. Past decisions keep
 * their author: the history shows the merge beside the child's name instead.
 */
let ctx: TestContext;
let sue: string;
let regionAdmin: string;
/** In the region admin's market (A) and in another region (B). */
let A: BuiltPath;
let B: BuiltPath;

beforeAll(async () => {
  ctx = await createTestContext();
  const k = ctx.db.kysely;
  A = await buildPath(k);
  B = await buildPath(k);
  sue = await ctx.tokenFor(demo.superAdmin);
  regionAdmin = await appointRegionAdmin(ctx, await buildUser(k), A);
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

const post = (token: string, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });

const merge = (token: string, child: BuiltUser, parent: BuiltUser) =>
  post(token, '/api/User/MergeProfile', { userId: child.userId, mergedUserId: parent.userId });

/** Every row naming a person that a merge could move, and their role and merge fields. */
async function state(userId: number) {
  const [requests, assignments, masters, history, profile] = await Promise.all([
    k()
      .selectFrom('requests')
      .select('requestId')
      .where((eb) => eb.or([eb('userId', '=', userId), eb('createdBy', '=', userId)]))
      .orderBy('requestId')
      .execute(),
    k()
      .selectFrom('approverAssignments')
      .select('approverId')
      .where((eb) => eb.or([eb('userId', '=', userId), eb('provisionerId', '=', userId)]))
      .orderBy('approverId')
      .execute(),
    k()
      .selectFrom('masterApprovers')
      .select(['masterApproverId', 'isDeleted'])
      .where('userId', '=', userId)
      .orderBy('masterApproverId')
      .execute(),
    k().selectFrom('requestHistory').select('id').where('createdBy', '=', userId).orderBy('id').execute(),
    k()
      .selectFrom('users')
      .select(['roleId', 'mergedUserId', 'isChild'])
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { requests, assignments, masters, history, profile };
}

/**
 * A parent with a record on `parentPath` and a child who is the approver on `childPath`, master
 * approver there, and the subject (and decider) of a record there.
 */
async function family(parentPath: BuiltPath, childPath: BuiltPath) {
  const parent = await buildUser(k(), { name: 'Pam', lastName: `Parent ${parentPath.regionId}` });
  const child = await buildUser(k(), { roleId: Role.MASTERAPPROVER, name: 'Chris', lastName: 'Child' });
  const other = await buildUser(k());
  await buildRecord(k(), {
    path: parentPath,
    user: parent,
    createdBy: other.userId,
    decidedBy: other.userId,
  });
  const onChild = await buildPath(k(), {
    regionId: childPath.regionId,
    marketId: childPath.marketId,
    assignment: { primary: child.userId },
  });
  await buildMasterApprover(k(), child.userId, onChild);
  // The child requested a colleague's access and decided it: three history steps by the child.
  const decided = await buildRecord(k(), { path: onChild, user: other, createdBy: child.userId });
  await buildRequest(k(), { path: onChild, user: child, createdBy: other.userId });
  return { parent, child, decided };
}

describe('a region admin merges only people wholly inside her scope', () => {
  it('refuses a child with rows in another region: 403, nothing moved', async () => {
    const { parent, child } = await family(A, B);
    const [childBefore, parentBefore] = [await state(child.userId), await state(parent.userId)];
    const res = await merge(regionAdmin, child, parent);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ succeeded: false, message: messages.mergeOutsideScope(child.userId) });
    expect(await state(child.userId)).toEqual(childBefore);
    expect(await state(parent.userId)).toEqual(parentBefore);
    const merges = await k()
      .selectFrom('userMerges')
      .select('id')
      .where('childUserId', '=', child.userId)
      .execute();
    expect(merges).toEqual([]);
  });

  it('refuses a parent with rows in another region', async () => {
    const { parent, child } = await family(B, A);
    const childBefore = await state(child.userId);
    const res = await merge(regionAdmin, child, parent);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ message: messages.mergeOutsideScope(parent.userId) });
    expect(await state(child.userId)).toEqual(childBefore);
  });

  it('merges and unmerges people whose rows all lie in her market', async () => {
    const { parent, child } = await family(A, A);
    const childBefore = await state(child.userId);
    const res = await merge(regionAdmin, child, parent);
    expect(res.statusCode, res.body).toBe(200);
    const merged = await state(parent.userId);
    expect(merged.assignments).toEqual(childBefore.assignments);
    expect(merged.profile.roleId).toBe(Role.MASTERAPPROVER);
    expect((await state(child.userId)).profile).toEqual({
      roleId: Role.STANDARD,
      mergedUserId: parent.userId,
      isChild: 1,
    });

    const un = await post(regionAdmin, '/api/User/UnMergedSelectedUsers', { userIds: [child.userId] });
    expect(un.statusCode, un.body).toBe(200);
    expect(await state(child.userId)).toEqual(childBefore);
  });

  it('does not unmerge a family the super admin merged across regions', async () => {
    const { parent, child } = await family(A, B);
    expect((await merge(sue, child, parent)).statusCode).toBe(200);
    const childMerged = await state(child.userId);
    for (const [url, payload] of [
      ['/api/User/UnMergedSelectedUsers', { userIds: [child.userId] }],
      ['/api/User/MergeProfile', { userId: child.userId, mergedUserId: child.userId }],
    ] as const) {
      const res = await post(regionAdmin, url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ message: messages.mergeOutsideScope(parent.userId) });
    }
    expect(await state(child.userId)).toEqual(childMerged);
  });

  it('refuses the profile of an administrator or the super admin, whatever their rows', async () => {
    const inside = await buildUser(k());
    const admin = await buildUser(k(), { roleId: Role.ADMIN });
    const sueProfile = { userId: await userIdOf(k(), demo.superAdmin) } as BuiltUser;
    for (const [child, parent] of [
      [sueProfile, inside],
      [inside, sueProfile],
      [admin, inside],
    ] as const) {
      const res = await merge(regionAdmin, child, parent);
      expect(res.statusCode, res.body).toBe(403);
      const privileged = child === inside ? parent : child;
      expect(res.json()).toMatchObject({ message: messages.mergeSuperAdminOnly(privileged.userId) });
    }
    expect((await state(sueProfile.userId)).profile.mergedUserId).toBeNull();
    expect((await state(admin.userId)).profile.mergedUserId).toBeNull();
  });

  it('refuses to accept a Profile Matcher proposal outside her scope; the proposal stays open', async () => {
    const { parent, child } = await family(A, B);
    const proposal = await k()
      .insertInto('profileMergeProposals')
      .values({
        parentUserId: parent.userId,
        childUserId: child.userId,
        reason: 'name',
        status: 'PROPOSED',
        createdDate: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await post(regionAdmin, `/api/User/ProfileMatcherProposals/${proposal.id}/Accept`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ message: messages.mergeOutsideScope(child.userId) });
    const stored = await k()
      .selectFrom('profileMergeProposals')
      .select('status')
      .where('id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('PROPOSED');
    expect((await state(child.userId)).profile.mergedUserId).toBeNull();
  });
});

describe('the super admin merges anyone (spec 3), and history keeps its author', () => {
  it('moves the rows across regions, settles the roles, and leaves past steps to the child', async () => {
    const { parent, child, decided } = await family(A, B);
    const childBefore = await state(child.userId);
    expect(childBefore.history.length).toBeGreaterThanOrEqual(3);
    const res = await merge(sue, child, parent);
    expect(res.statusCode, res.body).toBe(200);
    const parentAfter = await state(parent.userId);
    expect(parentAfter.assignments).toEqual(childBefore.assignments);
    expect(parentAfter.profile.roleId).toBe(Role.MASTERAPPROVER);
    expect((await state(child.userId)).profile.roleId).toBe(Role.STANDARD);
    // The history rows the child wrote still name the child.
    expect((await state(child.userId)).history).toEqual(childBefore.history);

    const log = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/Request/Logs/${decided.requestId}`,
        headers: { authorization: `Bearer ${sue}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: ActivityLog }>().data;
    };
    const childName = `${child.name} ${child.lastName}`;
    const parentName = `${parent.name} ${parent.lastName}`;
    const merged = await log();
    const steps = merged.requestHistoryLogsDTOs.map((d) => d.requestHistory.createdByUser);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    for (const by of steps) {
      expect(by).toEqual({
        fullName: messages.historyAuthorMerged(childName, parentName),
        email: child.email,
      });
    }

    // Unmerged, the steps show the child's name alone again.
    const un = await post(sue, '/api/User/UnMergedSelectedUsers', { userIds: [child.userId] });
    expect(un.statusCode, un.body).toBe(200);
    expect(await state(child.userId)).toEqual(childBefore);
    for (const d of (await log()).requestHistoryLogsDTOs) {
      expect(d.requestHistory.createdByUser).toEqual({ fullName: childName, email: child.email });
    }
  });
});
