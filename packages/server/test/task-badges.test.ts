import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, limits, type RequestStatusId } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { buildAdminRegion, buildPath, buildRequest, buildUser, type BuiltUser } from './factories.ts';

/**
 * A home badge always equals the length of the list it opens, for every role. The
 * seed's open requests are cancelled first on this file's private database, so every count below
 * is exactly the lines built here.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.kysely
    .updateTable('requests')
    .set({ statusId: RequestStatus.CANCELLED })
    .where('statusId', 'in', [RequestStatus.SUBMITTED, RequestStatus.APPROVED])
    .execute();
});
afterAll(async () => {
  await ctx.close();
});

async function call<T>(who: BuiltUser, method: 'GET' | 'PUT', url: string, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await ctx.tokenFor(who.email)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

type Page = { requests: { requestId: number; statusId: number }[]; totalCount: number };

const emptyPage: Page = { requests: [], totalCount: 0 };

/**
 * The badges and the totals of the two lists they open (provisioning: its Approved lines). A
 * list the role may not open (403, as its menu is hidden) counts as empty.
 */
async function badgesAndLists(who: BuiltUser, opens: { approvals: boolean; provisioning: boolean }) {
  const badges = await call<{ approvals: number; provisioning: number }>(
    who,
    'GET',
    '/api/Request/TaskCounts',
  );
  const approvals = opens.approvals
    ? await call<Page>(who, 'PUT', '/api/Approvers/RequestList', { pageSize: 100 })
    : emptyPage;
  const provisioning = opens.provisioning
    ? await call<Page>(who, 'PUT', '/api/Request/RequestForProvisioners', {
        pageSize: 100,
        filters: [{ column: 'status', values: ['Approved'] }],
      })
    : emptyPage;
  return {
    badges,
    lists: { approvals: approvals.totalCount, provisioning: provisioning.totalCount },
    approvalIds: approvals.requests.map((r) => r.requestId).sort((a, b) => a - b),
    provisioningIds: provisioning.requests.map((r) => r.requestId).sort((a, b) => a - b),
  };
}

describe('home badges equal the task lists they open', () => {
  it('for a standard approver, a provisioner, admins in and out of scope and a super admin', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const provisioner = await buildUser(k, { roleId: Role.PROVISIONER });
    const admin = await buildUser(k, { roleId: Role.ADMIN });
    const otherAdmin = await buildUser(k, { roleId: Role.ADMIN });
    const superAdmin = await buildUser(k, { roleId: Role.SUPERADMIN });
    const subject = await buildUser(k);

    const routed = await buildPath(k, {
      assignment: { primary: approver.userId, provisioner: provisioner.userId },
    });
    // Same (region, market), no assignment: the admin's unrouted work.
    const unrouted = await buildPath(k, { regionId: routed.regionId, marketId: routed.marketId });
    const elsewhere = await buildPath(k);
    await buildAdminRegion(k, admin.userId, routed);
    await buildAdminRegion(k, otherAdmin.userId, elsewhere);

    const line = async (
      path: typeof routed,
      statusId: RequestStatusId,
      o: { user?: BuiltUser; createdBy?: BuiltUser } = {},
    ) =>
      (
        await buildRequest(k, {
          path,
          user: o.user ?? subject,
          statusId,
          ...(o.createdBy ? { createdBy: o.createdBy.userId } : {}),
        })
      ).requestId;
    const S = RequestStatus.SUBMITTED;
    const A = RequestStatus.APPROVED;
    const routedSubmitted = [await line(routed, S), await line(routed, S)];
    const routedApproved = await line(routed, A);
    // Completed by the provisioner: listed for archiving, not a task.
    await buildRequest(k, {
      path: routed,
      user: subject,
      statusId: RequestStatus.COMPLETED,
      decidedBy: provisioner.userId,
    });
    const unroutedSubmitted = await line(unrouted, S);
    const unroutedApproved = await line(unrouted, A);
    // The admin's own unrouted lines: never their task (separation of duties).
    const adminsOwnSubmitted = await line(unrouted, S, { createdBy: admin });
    const adminsOwnApproved = await line(unrouted, A, { user: admin });
    const elsewhereSubmitted = await line(elsewhere, S);
    const elsewhereApproved = await line(elsewhere, A);
    // The super admin's own line: not in their list nor their badge (the other admin's task).
    const supersOwnSubmitted = await line(elsewhere, S, { createdBy: superAdmin });

    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    const cases = [
      {
        who: approver,
        approvals: [...routedSubmitted],
        provisioning: [],
      },
      { who: provisioner, approvals: [], provisioning: [routedApproved] },
      { who: admin, approvals: [unroutedSubmitted], provisioning: [unroutedApproved] },
      {
        who: otherAdmin,
        approvals: [elsewhereSubmitted, supersOwnSubmitted],
        provisioning: [elsewhereApproved],
      },
      {
        who: superAdmin,
        approvals: [...routedSubmitted, unroutedSubmitted, adminsOwnSubmitted, elsewhereSubmitted],
        provisioning: [routedApproved, unroutedApproved, adminsOwnApproved, elsewhereApproved],
      },
    ];
    for (const c of cases) {
      const seen = await badgesAndLists(c.who, {
        approvals: c.who.roleId !== Role.PROVISIONER,
        provisioning: c.who.roleId !== Role.APPROVER,
      });
      const label = `role ${c.who.roleId}`;
      expect(seen.approvalIds, label).toEqual(sorted(c.approvals));
      expect(seen.provisioningIds, label).toEqual(sorted(c.provisioning));
      expect(seen.badges, label).toEqual({
        approvals: c.approvals.length,
        provisioning: c.provisioning.length,
        accessReviews: 0,
      });
      expect(seen.lists, label).toEqual({
        approvals: seen.badges.approvals,
        provisioning: seen.badges.provisioning,
      });
    }
  });

  it('counts up to the cap, one more than the badge shows', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const subject = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    for (let i = 0; i < limits.taskBadgeMax + 2; i++) {
      await buildRequest(k, { path, user: subject, statusId: RequestStatus.SUBMITTED });
    }
    const { badges, lists } = await badgesAndLists(approver, { approvals: true, provisioning: false });
    expect(lists.approvals).toBe(limits.taskBadgeMax + 2);
    expect(badges.approvals).toBe(limits.taskBadgeMax + 1);
  });
});
