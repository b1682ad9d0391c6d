import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser, type BuiltUser } from './factories.ts';

/** Task counts reused for a minute: only the caller's own write may refresh them early. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TASK_COUNTS_CACHE_SECONDS: '60' });
});
afterAll(async () => {
  await ctx.close();
});

async function call(
  user: BuiltUser,
  method: 'GET' | 'PATCH' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(user.email)}` },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: unknown }>().data;
}

const countsOf = (user: BuiltUser) => call(user, 'GET', '/api/Request/TaskCounts');

/** Sets a line's status behind the API's back: someone else's change, as far as the cache knows. */
async function setStatus(requestId: number, statusId: number) {
  await ctx.db.kysely.updateTable('requests').set({ statusId }).where('requestId', '=', requestId).execute();
}

describe('GET api/Request/TaskCounts, cached per user', () => {
  it("keeps an approver's counts while others write, and shows the approver's own approval at once", async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const subject = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    const first = await buildRequest(k, { path, user: subject });
    const second = await buildRequest(k, { path, user: subject });
    const third = await buildRequest(k, { path, user: subject });

    expect(await countsOf(approver)).toEqual({ approvals: 3, provisioning: 0, accessReviews: 0 });
    // Someone else decides one: the approver's badge may lag for the cache's lifetime.
    await setStatus(third.requestId, RequestStatus.REJECTED);
    expect(await countsOf(approver)).toEqual({ approvals: 3, provisioning: 0, accessReviews: 0 });

    await call(approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: true,
      comments: 'Justified',
      requestIds: [first.requestId],
    });
    expect(await countsOf(approver)).toEqual({ approvals: 1, provisioning: 0, accessReviews: 0 });

    await call(approver, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: false,
      comments: 'Not needed',
      requestIds: [second.requestId],
    });
    expect(await countsOf(approver)).toEqual({ approvals: 0, provisioning: 0, accessReviews: 0 });
  });

  it("shows a provisioner's own provisioning at once, and reads (the tracker) keep the cache", async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const provisioner = await buildUser(k, { roleId: Role.PROVISIONER });
    const subject = await buildUser(k);
    const path = await buildPath(k, {
      assignment: { primary: approver.userId, provisioner: provisioner.userId },
    });
    const lines = [
      await buildRequest(k, {
        path,
        user: subject,
        statusId: RequestStatus.APPROVED,
        decidedBy: approver.userId,
      }),
      await buildRequest(k, {
        path,
        user: subject,
        statusId: RequestStatus.APPROVED,
        decidedBy: approver.userId,
      }),
    ];
    expect(await countsOf(provisioner)).toEqual({ approvals: 0, provisioning: 2, accessReviews: 0 });

    await setStatus(lines[1]!.requestId, RequestStatus.SUBMITTED);
    // A table read with PUT is not a write: the counts stay as they were.
    await call(provisioner, 'GET', '/api/Request/TaskCounts');
    const tracker = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Request/AllRequests',
      headers: { authorization: `Bearer ${await ctx.tokenFor(provisioner.email)}` },
      payload: { pageSize: 5 },
    });
    expect(tracker.statusCode, tracker.body).toBe(200);
    expect(await countsOf(provisioner)).toEqual({ approvals: 0, provisioning: 2, accessReviews: 0 });

    await call(provisioner, 'POST', '/api/Request/ApproveRejectForProvisioner', {
      requestIds: [lines[0]!.requestId],
      comments: 'Done in the platform',
      isApproved: true,
    });
    expect(await countsOf(provisioner)).toEqual({ approvals: 0, provisioning: 0, accessReviews: 0 });
  });

  it('reads afresh for a user whose role changed', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const subject = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    await buildRequest(k, { path, user: subject });
    expect(await countsOf(approver)).toEqual({ approvals: 1, provisioning: 0, accessReviews: 0 });
    await k
      .updateTable('users')
      .set({ roleId: Role.AUDITOR })
      .where('userId', '=', approver.userId)
      .execute();
    expect(await countsOf(approver)).toEqual({ approvals: 0, provisioning: 0, accessReviews: 0 });
  });

  it("forgets everyone's counts when an administrator changes an approval path", async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const successor = await buildUser(k, { roleId: Role.APPROVER });
    const superAdmin = await buildUser(k, { roleId: Role.SUPERADMIN });
    const subject = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    await buildRequest(k, { path, user: subject });
    expect(await countsOf(approver)).toEqual({ approvals: 1, provisioning: 0, accessReviews: 0 });
    expect(await countsOf(successor)).toEqual({ approvals: 0, provisioning: 0, accessReviews: 0 });

    await call(superAdmin, 'PUT', '/api/Approvers/ReassignApprover', {
      ApproverIds: [path.approverId],
      PrimaryApproverId: successor.userId,
      PrimaryApproverUpdated: true,
    });
    expect(await countsOf(approver)).toEqual({ approvals: 0, provisioning: 0, accessReviews: 0 });
    expect(await countsOf(successor)).toEqual({ approvals: 1, provisioning: 0, accessReviews: 0 });
  });
});
