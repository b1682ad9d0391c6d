import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages, type MergeResult, type UserDetailsRow } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  buildMasterApprover,
  buildPath,
  buildRecord,
  buildRequest,
  buildUser,
  type BuiltUser,
} from './factories.ts';

let ctx: TestContext;
let adminToken: string;
/** The rows below lie in markets of their own: only the super admin reaches them all (issue 43). */
let superToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.tokenFor(demo.admin);
  superToken = await ctx.tokenFor(demo.superAdmin);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = adminToken) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

const k = () => ctx.db.kysely;
const profileOf = (userId: number) =>
  k()
    .selectFrom('users')
    .select(['mergedUserId', 'isChild', 'parentGuid', 'childGuid', 'roleId'])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();

/** Everything that names a person, read straight from the tables. */
async function holdings(userId: number) {
  const [subject, made, steps, assignments, masters, emails] = await Promise.all([
    k()
      .selectFrom('requests')
      .select('requestId')
      .where('userId', '=', userId)
      .orderBy('requestId')
      .execute(),
    k()
      .selectFrom('requests')
      .select('requestId')
      .where('createdBy', '=', userId)
      .orderBy('requestId')
      .execute(),
    k().selectFrom('requestHistory').select('id').where('createdBy', '=', userId).orderBy('id').execute(),
    k()
      .selectFrom('approverAssignments')
      .select(['approverId', 'userId', 'secondaryApproverId', 'provisionerId', 'provisionerBackupId'])
      .where((eb) =>
        eb.or([
          eb('userId', '=', userId),
          eb('secondaryApproverId', '=', userId),
          eb('provisionerId', '=', userId),
          eb('provisionerBackupId', '=', userId),
        ]),
      )
      .orderBy('approverId')
      .execute(),
    k()
      .selectFrom('masterApprovers')
      .select(['masterApproverId', 'isDeleted'])
      .where('userId', '=', userId)
      .orderBy('masterApproverId')
      .execute(),
    k().selectFrom('userAdditionalEmails').select('id').where('userId', '=', userId).orderBy('id').execute(),
  ]);
  return { subject, made, steps, assignments, masters, emails };
}

async function family() {
  const parent = await buildUser(k(), { name: 'Dana', lastName: 'Duplicate' });
  const child = await buildUser(k(), { name: 'Dana', lastName: 'Duplicate' });
  // As a profile made from the directory has it: its parent GUID is its own directory id.
  for (const u of [parent, child]) {
    await k()
      .updateTable('users')
      .set({ parentGuid: u.directoryId })
      .where('userId', '=', u.userId)
      .execute();
  }
  return { parent, child };
}

const merge = (child: BuiltUser, parent: BuiltUser, token = adminToken) =>
  call('POST', '/api/User/MergeProfile', { userId: child.userId, mergedUserId: parent.userId }, token);

describe('merge and unmerge', () => {
  it('moves requests, records, assignments and emails to the parent (history keeps its author), and an unmerge gives back exactly those', async () => {
    const { parent, child } = await family();
    const other = await buildUser(k());
    // The child: provisioner on one path, backup on another, master approver of a third (and of
    // the parent's own master path: a duplicate), subject of a record and a request, requestor of one.
    const p1 = await buildPath(k(), { assignment: { primary: other.userId, provisioner: child.userId } });
    await buildPath(k(), { assignment: { primary: other.userId, backup: child.userId } });
    const p3 = await buildPath(k());
    const p4 = await buildPath(k());
    await buildMasterApprover(k(), child.userId, p3);
    await buildMasterApprover(k(), child.userId, p4);
    await buildMasterApprover(k(), parent.userId, p4);
    await buildRecord(k(), { path: p1, user: child, createdBy: other.userId, decidedBy: other.userId });
    await buildRequest(k(), { path: p1, user: child });
    await buildRequest(k(), { path: p1, user: other, createdBy: child.userId, decidedBy: other.userId });
    await k()
      .insertInto('userAdditionalEmails')
      .values({ userId: child.userId, email: `dana.${child.userId}@platform.example` })
      .execute();
    // The parent's own rows stay the parent's through merge and unmerge.
    await buildRecord(k(), { path: p1, user: parent, createdBy: other.userId, decidedBy: other.userId });
    await k()
      .updateTable('users')
      .set({ roleId: Role.MASTERAPPROVER })
      .where('userId', '=', child.userId)
      .execute();

    const childBefore = await holdings(child.userId);
    const parentBefore = await holdings(parent.userId);
    expect(childBefore.subject).toHaveLength(2);
    // Their own request and the one for a colleague.
    expect(childBefore.made).toHaveLength(2);
    expect(childBefore.steps.length).toBeGreaterThanOrEqual(2);
    expect(childBefore.assignments).toHaveLength(2);
    expect(childBefore.masters).toHaveLength(2);
    expect(childBefore.emails).toHaveLength(1);

    const res = await merge(child, parent, superToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: MergeResult }>();
    expect(body.message).toBe(messages.profileMerged(parent.userId));
    expect(body.data.moved).toEqual({
      requests: 2,
      requestsMade: 2,
      history: 0,
      assignments: 2,
      masterApprovers: 2,
      additionalEmails: 1,
    });

    const childMerged = await holdings(child.userId);
    expect(childMerged.subject).toEqual([]);
    expect(childMerged.made).toEqual([]);
    // The steps the child took stay the child's (issue 43: a merge does not rewrite history).
    expect(childMerged.steps).toEqual(childBefore.steps);
    expect(childMerged.assignments).toEqual([]);
    expect(childMerged.emails).toEqual([]);
    // The duplicate master row stays the child's, deactivated; the other went to the parent.
    expect(childMerged.masters).toEqual([
      { masterApproverId: childBefore.masters[1]!.masterApproverId, isDeleted: 1 },
    ]);
    const parentMerged = await holdings(parent.userId);
    expect(parentMerged.subject).toHaveLength(parentBefore.subject.length + 2);
    expect(parentMerged.assignments.map((a) => a.approverId)).toEqual(
      childBefore.assignments.map((a) => a.approverId),
    );
    expect(parentMerged.masters).toHaveLength(2);

    expect(await profileOf(child.userId)).toEqual({
      mergedUserId: parent.userId,
      isChild: 1,
      parentGuid: parent.directoryId,
      childGuid: child.directoryId,
      roleId: Role.STANDARD,
    });
    expect((await profileOf(parent.userId)).roleId).toBe(Role.MASTERAPPROVER);
    const logs = await k()
      .selectFrom('userProfileLogs')
      .select(['userId', 'after'])
      .where('userId', 'in', [child.userId, parent.userId])
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.userId)).toEqual([child.userId, parent.userId]);
    expect(JSON.parse(logs[0]!.after!)).toMatchObject({ mergedUserId: parent.userId, isChild: 1 });

    // After the merge the parent gets a new request: it stays the parent's on unmerge.
    const later = await buildRequest(k(), { path: p1, user: parent });

    const un = await call(
      'POST',
      '/api/User/UnMergedSelectedUsers',
      { userIds: [parent.userId, child.userId] },
      superToken,
    );
    expect(un.statusCode, un.body).toBe(200);
    expect(un.json()).toEqual({
      succeeded: true,
      message: messages.profilesUnmerged(1),
      data: { unmergedUserIds: [child.userId] },
    });
    expect(await holdings(child.userId)).toEqual(childBefore);
    const parentAfter = await holdings(parent.userId);
    expect(parentAfter.subject).toEqual([...parentBefore.subject, { requestId: later.requestId }]);
    expect(parentAfter.assignments).toEqual(parentBefore.assignments);
    expect(parentAfter.masters).toEqual(parentBefore.masters);
    expect(await profileOf(child.userId)).toEqual({
      mergedUserId: null,
      isChild: 0,
      parentGuid: child.directoryId,
      childGuid: null,
      roleId: Role.MASTERAPPROVER,
    });
    const merges = await k()
      .selectFrom('userMerges')
      .select(['unmergedDate', 'unmergedBy'])
      .where('childUserId', '=', child.userId)
      .execute();
    expect(merges).toHaveLength(1);
    expect(merges[0]!.unmergedDate).not.toBeNull();
  });

  it('refuses an unmerge of the parent only, and merges that cannot be', async () => {
    const { parent, child } = await family();
    expect((await merge(child, parent)).statusCode).toBe(200);

    const onlyParent = await call('POST', '/api/User/UnMergedSelectedUsers', { userIds: [parent.userId] });
    expect(onlyParent.statusCode).toBe(422);
    expect(onlyParent.json()).toMatchObject({ succeeded: false, message: messages.unmergeOnlyParent });

    const third = await buildUser(k());
    const intoChild = await merge(third, child);
    expect(intoChild.json()).toMatchObject({ message: messages.mergeParentIsChild });
    const again = await merge(child, third);
    expect(again.json()).toMatchObject({ message: messages.mergeAlreadyMerged });
    const parentAway = await merge(parent, third);
    expect(parentAway.json()).toMatchObject({ message: messages.mergeChildHasChildren });
    const self = await call('POST', '/api/User/MergeProfile', {
      userId: 999_999,
      mergedUserId: parent.userId,
    });
    expect(self.statusCode).toBe(404);
    expect(self.json()).toMatchObject({ message: messages.uapIdMissing });

    // Choosing its own id clears the merge.
    const clear = await call('POST', '/api/User/MergeProfile', {
      userId: child.userId,
      mergedUserId: child.userId,
    });
    expect(clear.statusCode, clear.body).toBe(200);
    expect((await profileOf(child.userId)).mergedUserId).toBeNull();
  });

  it('is for administrators: a standard user is refused', async () => {
    const { parent, child } = await family();
    const token = await ctx.tokenFor(demo.standard);
    const res = await call(
      'POST',
      '/api/User/MergeProfile',
      { userId: child.userId, mergedUserId: parent.userId },
      token,
    );
    expect(res.statusCode).toBe(403);
    expect((await profileOf(child.userId)).mergedUserId).toBeNull();
  });
});

describe('GET /api/User/userDetailsList/{userId}', () => {
  it('lists the family parent first, from the parent or a child', async () => {
    const { parent, child } = await family();
    const second = await buildUser(k(), { name: 'Dana', lastName: 'Duplicate' });
    await merge(child, parent);
    await merge(second, parent);
    for (const id of [parent.userId, second.userId]) {
      const res = await call('GET', `/api/User/userDetailsList/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<{ data: UserDetailsRow[] }>().data;
      expect(rows.map((r) => [r.userId, r.isParent, r.mergedUserId])).toEqual([
        [parent.userId, true, null],
        [child.userId, false, parent.userId],
        [second.userId, false, parent.userId],
      ]);
      expect(rows[0]).toMatchObject({ email: parent.email, adEnabled: 'Yes', isSyncButtonEnabled: true });
      // The rows are All User Profiles rows: the page reuses the profile dialogs.
      expect(rows[1]).toMatchObject({
        uapId: `${child.userId} (${parent.userId})`,
        isChild: true,
        roleName: 'Standard User',
        userType: 'Internal',
        canDelete: false,
      });
    }
    const lone = await buildUser(k());
    const single = await call('GET', `/api/User/userDetailsList/${lone.userId}`);
    expect(single.json<{ data: UserDetailsRow[] }>().data).toHaveLength(1);
    const missing = await call('GET', '/api/User/userDetailsList/0');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: messages.uapIdMissing });
  });
});
