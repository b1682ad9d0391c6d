import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser } from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function get(email: string, url: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: unknown }>().data;
}

describe('GET api/Request/TaskCounts for a read-only user', () => {
  it('counts nothing for an auditor, even one an assignment names as approver and provisioner', async () => {
    const k = ctx.db.kysely;
    const auditor = await buildUser(k, { roleId: Role.AUDITOR });
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const subject = await buildUser(k);
    for (const who of [auditor, approver]) {
      const path = await buildPath(k, { assignment: { primary: who.userId, provisioner: who.userId } });
      await buildRequest(k, { path, user: subject, statusId: RequestStatus.SUBMITTED });
      await buildRequest(k, { path, user: subject, statusId: RequestStatus.APPROVED });
    }
    expect(await get(auditor.email, '/api/Request/TaskCounts')).toEqual({
      approvals: 0,
      provisioning: 0,
      accessReviews: 0,
    });
    // The same data counts for an approver: the zero is the auditor's rule, not missing data.
    expect(await get(approver.email, '/api/Request/TaskCounts')).toEqual({
      approvals: 1,
      provisioning: 1,
      accessReviews: 0,
    });
  });
});

async function put(email: string, url: string, payload: object) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url,
    payload,
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { requests: { requestId: number }[] } }>().data.requests.map((r) => r.requestId);
}

describe('default order of the task lists: urgent first, then the oldest', () => {
  const day = (offset: number) => new Date(Date.UTC(2026, 0, 10 + offset)).toISOString();

  it('orders My Approval Tasks and My Provisioning Tasks by urgency, then creation, then id', async () => {
    const k = ctx.db.kysely;
    const worker = await buildUser(k, { roleId: Role.PROVISIONER });
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const subject = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: approver.userId, provisioner: worker.userId } });
    const build = async (statusId: number, offset: number, isUrgent: boolean) =>
      (
        await buildRequest(k, {
          path,
          user: subject,
          statusId: statusId as typeof RequestStatus.SUBMITTED,
          createdDate: day(offset),
          set: { isUrgent: isUrgent ? 1 : 0 },
        })
      ).requestId;
    for (const [statusId, email, url] of [
      [RequestStatus.SUBMITTED, approver.email, '/api/Approvers/RequestList'],
      [RequestStatus.APPROVED, worker.email, '/api/Request/RequestForProvisioners'],
    ] as const) {
      const newNormal = await build(statusId, 5, false);
      const oldNormal = await build(statusId, 1, false);
      const newUrgent = await build(statusId, 4, true);
      const oldUrgent = await build(statusId, 2, true);
      const twinA = await build(statusId, 3, false);
      const twinB = await build(statusId, 3, false);
      const ids = await put(email, url, { pageSize: 100 });
      expect(
        ids.filter((id) => [newNormal, oldNormal, newUrgent, oldUrgent, twinA, twinB].includes(id)),
      ).toEqual([oldUrgent, newUrgent, oldNormal, twinA, twinB, newNormal]);
      // A sort the caller picks replaces the default.
      const byId = await put(email, url, { pageSize: 100, orderBy: 'requestId', orderAsc: false });
      expect(byId).toEqual([...byId].sort((a, b) => b - a));
    }
  });
});
