import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { buildAssignment, buildMasterApprover, buildPath, buildRequest, buildUser } from './factories.ts';

/**
 * My Approval Tasks finds an approver's lines from their assignments: the same
 * routing rule, read from the person's side. Client-specific assignments win over the path's
 * assignment without a client; secondary and master approvers see the lines too; the badge
 * counts the same lines.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

async function tasksOf(email: string) {
  const token = await ctx.tokenFor(email);
  const headers = { authorization: `Bearer ${token}` };
  const list = await ctx.app.inject({
    method: 'PUT',
    url: '/api/Approvers/RequestList',
    headers,
    payload: { pageSize: 100 },
  });
  expect(list.statusCode, list.body).toBe(200);
  const counts = await ctx.app.inject({ method: 'GET', url: '/api/Request/TaskCounts', headers });
  expect(counts.statusCode, counts.body).toBe(200);
  const data = list.json<{ data: { requests: { requestId: number }[]; totalCount: number } }>().data;
  return {
    ids: data.requests.map((r) => r.requestId).sort((a, b) => a - b),
    total: data.totalCount,
    badge: counts.json<{ data: { approvals: number } }>().data.approvals,
  };
}

describe('My Approval Tasks read from the approver’s assignments', () => {
  it('routes by client-specific, path-wide, secondary and master approver rows; follows a deactivation', async () => {
    const alice = await buildUser(k(), { roleId: Role.APPROVER });
    const sam = await buildUser(k(), { roleId: Role.APPROVER });
    const bob = await buildUser(k(), { roleId: Role.APPROVER });
    const mia = await buildUser(k(), { roleId: Role.MASTERAPPROVER });
    const subject = await buildUser(k());
    // One path with two clients: Alice (primary) and Sam (secondary) for every client, Bob for client 1.
    const first = await buildPath(k(), { assignment: { primary: alice.userId, secondary: sam.userId } });
    const { regionId, marketId, agencyId, practiceId, platformId } = first;
    const second = await buildPath(k(), { regionId, marketId, agencyId, practiceId, platformId });
    const bobsRow = await buildAssignment(k(), first, { primary: bob.userId, clientScoped: true });
    await buildMasterApprover(k(), mia.userId, first);
    const onFirst = await buildRequest(k(), { path: first, user: subject });
    const onSecond = await buildRequest(k(), { path: second, user: subject });
    await buildRequest(k(), { path: first, user: subject, statusId: RequestStatus.APPROVED });
    // Alice's own line is never her task.
    const alicesOwn = await buildRequest(k(), { path: second, user: alice });

    const ids = (...lines: { requestId: number }[]) => lines.map((l) => l.requestId).sort((a, b) => a - b);
    expect(await tasksOf(alice.email)).toEqual({ ids: ids(onSecond), total: 1, badge: 1 });
    expect(await tasksOf(sam.email)).toMatchObject({ ids: ids(onSecond, alicesOwn), total: 2 });
    expect(await tasksOf(bob.email)).toEqual({ ids: ids(onFirst), total: 1, badge: 1 });
    expect((await tasksOf(mia.email)).ids).toEqual(ids(onFirst, onSecond, alicesOwn));

    // Bob's client row goes: the path-wide row covers client 1 again, at once.
    await k()
      .updateTable('approverAssignments')
      .set({ isDeleted: 1 })
      .where('approverId', '=', bobsRow)
      .execute();
    expect(await tasksOf(alice.email)).toEqual({ ids: ids(onFirst, onSecond), total: 2, badge: 2 });
    expect(await tasksOf(sam.email)).toMatchObject({ ids: ids(onFirst, onSecond, alicesOwn) });
    expect(await tasksOf(bob.email)).toEqual({ ids: [], total: 0, badge: 0 });
  });
});
