import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, messages } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { unsignedCsv } from './signed-body.ts';
import {
  buildAdminRegion,
  buildAssignment,
  buildMasterApprover,
  buildPath,
  buildRequest,
  buildUser,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

/** The writes of Approve/Provision Assignments, their scope, messages and role rule. */
let ctx: TestContext;
let superAdmin: BuiltUser;
let subject: BuiltUser;
beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await buildUser(ctx.db.kysely, { roleId: Role.SUPERADMIN });
  subject = await buildUser(ctx.db.kysely);
});
afterAll(async () => {
  await ctx.close();
});

interface Answer<T = unknown> {
  status: number;
  message: string;
  data: T;
}

async function call<T = { ids: number[] }>(
  who: BuiltUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
): Promise<Answer<T>> {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await ctx.tokenFor(who.email)}` },
  });
  const body = res.json<{ message: string; data: T }>();
  return { status: res.statusCode, message: body.message, data: body.data };
}

const pathBody = (path: BuiltPath, clientScoped = false) => ({
  regionId: path.regionId,
  marketId: path.marketId,
  agencyId: path.agencyId,
  practiceId: path.practiceId,
  platformId: path.platformId,
  clientId: clientScoped ? path.clientId : null,
});

async function roleOf(user: BuiltUser) {
  const row = await ctx.db.kysely
    .selectFrom('users')
    .select(['roleId', 'showApprover'])
    .where('userId', '=', user.userId)
    .executeTakeFirstOrThrow();
  return row.roleId;
}

async function badges(who: BuiltUser) {
  const answer = await call<{ approvals: number; provisioning: number }>(
    who,
    'GET',
    '/api/Request/TaskCounts',
  );
  expect(answer.status).toBe(200);
  return answer.data;
}

async function assignmentState(approverId: number) {
  return ctx.db.kysely
    .selectFrom('approverAssignments')
    .selectAll()
    .where('approverId', '=', approverId)
    .executeTakeFirst();
}

describe('POST api/Approvers', () => {
  it('adds an assignment: pending requests of the path reach the named people at once, who get their roles', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k);
    const provisioner = await buildUser(k);
    const path = await buildPath(k);
    await buildRequest(k, { path, user: subject, statusId: RequestStatus.SUBMITTED });
    await buildRequest(k, { path, user: subject, statusId: RequestStatus.APPROVED });
    expect(await badges(approver)).toEqual({ approvals: 0, provisioning: 0, accessReviews: 0 });

    const answer = await call(superAdmin, 'POST', '/api/Approvers', {
      ...pathBody(path),
      userId: approver.userId,
      provisionerId: provisioner.userId,
    });
    expect(answer.status).toBe(200);
    expect(answer.message).toBe(messages.assignmentSaved);
    const row = await assignmentState(answer.data.ids[0]!);
    expect(row).toMatchObject({
      userId: approver.userId,
      provisionerId: provisioner.userId,
      secondaryApproverId: null,
      clientId: null,
      isDeleted: 0,
      createdBy: superAdmin.userId,
    });
    expect(await roleOf(approver)).toBe(Role.APPROVER);
    expect(await roleOf(provisioner)).toBe(Role.PROVISIONER);
    expect((await badges(approver)).approvals).toBe(1);
    expect((await badges(provisioner)).provisioning).toBe(1);
  });

  it("refuses a path without a primary approver: 'Please search for an approver'", async () => {
    const path = await buildPath(ctx.db.kysely);
    const answer = await call(superAdmin, 'POST', '/api/Approvers', pathBody(path));
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(messages.searchForApprover);
  });

  it('refuses a path an active assignment already covers, but not one only an inactive one covers', async () => {
    const k = ctx.db.kysely;
    const first = await buildUser(k, { roleId: Role.APPROVER });
    const second = await buildUser(k, { roleId: Role.APPROVER });
    const path = await buildPath(k, { assignment: { primary: first.userId } });
    const twin = await call(superAdmin, 'POST', '/api/Approvers', {
      ...pathBody(path),
      userId: second.userId,
    });
    expect(twin.status).toBe(422);
    expect(twin.message).toBe(
      messages.duplicateAssignment(
        [
          path.names.region,
          path.names.market,
          path.names.agency,
          path.names.practice,
          path.names.platform,
          'All',
        ].join(' / '),
      ),
    );
    // A row naming the client is another path.
    const clientRow = await call(superAdmin, 'POST', '/api/Approvers', {
      ...pathBody(path, true),
      userId: second.userId,
    });
    expect(clientRow.status).toBe(200);
    // Once the first is inactive, the path may be assigned again.
    await k
      .updateTable('approverAssignments')
      .set({ isDeleted: 1 })
      .where('approverId', '=', path.approverId!)
      .execute();
    const again = await call(superAdmin, 'POST', '/api/Approvers', {
      ...pathBody(path),
      userId: second.userId,
    });
    expect(again.status).toBe(200);
  });

  it('refuses levels that do not form a path, and people without a profile', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k);
    const a = await buildPath(k);
    const b = await buildPath(k);
    const crossed = await call(superAdmin, 'POST', '/api/Approvers', {
      ...pathBody(a),
      platformId: b.platformId,
      userId: approver.userId,
    });
    expect(crossed.status).toBe(422);
    expect(crossed.message).toBe(messages.assignmentPathNotFound);
    const ghost = await call(superAdmin, 'POST', '/api/Approvers', {
      ...pathBody(a),
      userId: approver.userId,
      provisionerId: 99_999_999,
    });
    expect(ghost.status).toBe(422);
    expect(ghost.message).toBe(messages.assignmentUserNotFound);
  });
});

describe('admin scope and the auditor', () => {
  it('lets an admin write inside their (region, market) rows only: 404 outside, 403 for the auditor', async () => {
    const k = ctx.db.kysely;
    const admin = await buildUser(k, { roleId: Role.ADMIN });
    const auditor = await buildUser(k, { roleId: Role.AUDITOR });
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const inside = await buildPath(k);
    const outside = await buildPath(k, { assignment: { primary: approver.userId } });
    await buildAdminRegion(k, admin.userId, inside);

    const created = await call(admin, 'POST', '/api/Approvers', {
      ...pathBody(inside),
      userId: approver.userId,
    });
    expect(created.status).toBe(200);
    const refused = await call(admin, 'POST', '/api/Approvers', {
      ...pathBody(outside, true),
      userId: approver.userId,
    });
    expect(refused.status).toBe(404);
    for (const [url, body] of [
      ['/api/Approvers/Approver/ActiveDeactive', { ids: [outside.approverId], isDeleted: true }],
      // One id outside the scope refuses the whole call.
      [
        '/api/Approvers/Approver/ActiveDeactive',
        { ids: [created.data.ids[0], outside.approverId], isDeleted: true },
      ],
      ['/api/Approvers/Approver/DeleteBulkAssignment', { ids: [outside.approverId] }],
      [
        '/api/Approvers/ReassignApprover',
        { ApproverIds: [outside.approverId], SecondaryApproverUpdated: true },
      ],
    ] as const) {
      expect((await call(admin, 'PUT', url, body)).status, url).toBe(404);
    }
    expect((await assignmentState(created.data.ids[0]!))?.isDeleted).toBe(0);
    expect((await assignmentState(outside.approverId!))?.isDeleted).toBe(0);

    const audited = await call(auditor, 'PUT', '/api/Approvers/Approver/ActiveDeactive', {
      ids: [created.data.ids[0]],
      isDeleted: true,
    });
    expect(audited.status).toBe(403);
    expect(audited.message).toBe(messages.auditorsReadOnly);
    // The super admin reaches every row.
    const bySuper = await call(
      superAdmin,
      'PUT',
      `/api/Approvers/Approver/ActiveDeactive/${outside.approverId}/true`,
    );
    expect(bySuper.status).toBe(200);
  });
});

describe('PUT api/Approvers/Approver/ActiveDeactive', () => {
  it('deactivates and activates with the spec messages; the role follows', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const a = await buildPath(k, { assignment: { primary: approver.userId } });
    const b = await buildPath(k, { assignment: { primary: approver.userId } });
    const ids = [a.approverId!, b.approverId!];

    const off = await call(superAdmin, 'PUT', '/api/Approvers/Approver/ActiveDeactive', {
      ids,
      isDeleted: true,
    });
    expect(off).toMatchObject({ status: 200, message: 'Approvers/Provisioners Deactivated', data: { ids } });
    expect((await assignmentState(a.approverId!))?.isDeleted).toBe(1);
    expect(await roleOf(approver)).toBe(Role.STANDARD);

    const on = await call(superAdmin, 'PUT', `/api/Approvers/Approver/ActiveDeactive/${a.approverId}/false`);
    expect(on).toMatchObject({ status: 200, message: 'Approvers/Provisioners Activated' });
    expect((await assignmentState(a.approverId!))?.isDeleted).toBe(0);
    expect(await roleOf(approver)).toBe(Role.APPROVER);
  });

  it('warns with the count before leaving pending requests with no approval path', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const master = await buildUser(k, { roleId: Role.MASTERAPPROVER });
    const bare = await buildPath(k, { assignment: { primary: approver.userId } });
    await buildRequest(k, { path: bare, user: subject, statusId: RequestStatus.SUBMITTED });
    await buildRequest(k, { path: bare, user: subject, statusId: RequestStatus.APPROVED });
    // Done work is not pending.
    await buildRequest(k, { path: bare, user: subject, statusId: RequestStatus.COMPLETED });
    // A master approver keeps this path covered.
    const mastered = await buildPath(k, { assignment: { primary: approver.userId } });
    await buildMasterApprover(k, master.userId, mastered);
    await buildRequest(k, { path: mastered, user: subject, statusId: RequestStatus.SUBMITTED });
    // A second assignment (every client) keeps covering when the client's own row goes.
    const doubled = await buildPath(k, { assignment: { primary: approver.userId, clientScoped: true } });
    await buildAssignment(k, doubled, { primary: master.userId });
    await buildRequest(k, { path: doubled, user: subject, statusId: RequestStatus.SUBMITTED });

    const ids = [bare.approverId!, mastered.approverId!, doubled.approverId!];
    const warned = await call<{ pendingWithoutPath: number }>(
      superAdmin,
      'PUT',
      '/api/Approvers/Approver/ActiveDeactive',
      { ids, isDeleted: true },
    );
    expect(warned.status).toBe(409);
    expect(warned.data).toEqual({ pendingWithoutPath: 2 });
    expect(warned.message).toBe(messages.pendingWithoutPath(2));
    expect((await assignmentState(bare.approverId!))?.isDeleted).toBe(0);

    const single = await call(
      superAdmin,
      'PUT',
      `/api/Approvers/Approver/ActiveDeactive/${bare.approverId}/1`,
    );
    expect(single.status).toBe(409);

    const confirmed = await call(superAdmin, 'PUT', '/api/Approvers/Approver/ActiveDeactive', {
      ids,
      isDeleted: true,
      confirm: true,
    });
    expect(confirmed.status).toBe(200);
    expect((await assignmentState(bare.approverId!))?.isDeleted).toBe(1);
  });

  it('refuses to activate a row whose path an active assignment covers', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    // An inactive twin (the unique index of migration 0015 refuses two active ones).
    const { approverId: old } = await k
      .insertInto('approverAssignments')
      .values({
        userId: approver.userId,
        regionId: path.regionId,
        marketId: path.marketId,
        agencyId: path.agencyId,
        practiceId: path.practiceId,
        platformId: path.platformId,
        clientId: null,
        isDeleted: 1,
      })
      .returning('approverId')
      .executeTakeFirstOrThrow();
    const answer = await call(superAdmin, 'PUT', `/api/Approvers/Approver/ActiveDeactive/${old}/false`);
    expect(answer.status).toBe(422);
    expect(answer.message).toContain('An active assignment already covers');
    // Selecting the active twin along with it changes nothing.
    const both = await call(superAdmin, 'PUT', '/api/Approvers/Approver/ActiveDeactive', {
      ids: [path.approverId, old],
      isDeleted: false,
    });
    expect(both.status).toBe(422);
    expect((await assignmentState(old))?.isDeleted).toBe(1);
  });
});

describe('deleting assignments', () => {
  it('warns first, then removes the rows; the last one gone, the role falls back', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const provisioner = await buildUser(k, { roleId: Role.PROVISIONER });
    const a = await buildPath(k, {
      assignment: { primary: approver.userId, provisioner: provisioner.userId },
    });
    const b = await buildPath(k, { assignment: { primary: approver.userId } });
    await buildRequest(k, { path: a, user: subject, statusId: RequestStatus.SUBMITTED });

    const warned = await call(superAdmin, 'PUT', '/api/Approvers/Approver/DeleteBulkAssignment', {
      ids: [a.approverId, b.approverId],
      isDeleted: true,
    });
    expect(warned.status).toBe(409);
    expect(warned.data).toEqual({ pendingWithoutPath: 1 });

    const noWarning = await call(
      superAdmin,
      'PUT',
      `/api/Approvers/Approver/DeleteAssignment/${b.approverId}`,
    );
    expect(noWarning).toMatchObject({ status: 200, message: messages.assignmentsDeleted(1) });
    expect(await assignmentState(b.approverId!)).toBeUndefined();
    expect(await roleOf(approver)).toBe(Role.APPROVER);

    const confirmed = await call(
      superAdmin,
      'PUT',
      `/api/Approvers/Approver/DeleteAssignment/${a.approverId}?confirm=true`,
    );
    expect(confirmed.status).toBe(200);
    expect(await assignmentState(a.approverId!)).toBeUndefined();
    expect(await roleOf(approver)).toBe(Role.STANDARD);
    expect(await roleOf(provisioner)).toBe(Role.STANDARD);
  });
});

describe('PUT api/Approvers/ReassignApprover', () => {
  it("moves the named roles of every selected row; pending work follows and the old approver's badge drops to 0", async () => {
    const k = ctx.db.kysely;
    const alex = await buildUser(k, { roleId: Role.APPROVER });
    const mia = await buildUser(k, { roleId: Role.MASTERAPPROVER });
    const pat = await buildUser(k, { roleId: Role.PROVISIONER });
    const a = await buildPath(k, { assignment: { primary: alex.userId, provisioner: pat.userId } });
    const b = await buildPath(k, { assignment: { primary: alex.userId, provisioner: pat.userId } });
    // Mia holds a master approver row of her own (elsewhere), so she stays a master approver.
    await buildMasterApprover(k, mia.userId, await buildPath(k, { assignment: null }));
    await buildRequest(k, { path: a, user: subject, statusId: RequestStatus.SUBMITTED });
    await buildRequest(k, { path: b, user: subject, statusId: RequestStatus.SUBMITTED });
    expect((await badges(alex)).approvals).toBe(2);
    const miaBefore = (await badges(mia)).approvals;

    const answer = await call(superAdmin, 'PUT', '/api/Approvers/ReassignApprover', {
      ApproverIds: [a.approverId, b.approverId],
      PrimaryApproverId: mia.userId,
      PrimaryApproverUpdated: true,
      // Not updated: the provisioner stays.
      PrimaryProvisionerId: alex.userId,
      PrimaryProvisionerUpdated: false,
    });
    expect(answer).toMatchObject({ status: 200, message: messages.assignmentsReassigned(2) });
    expect(await assignmentState(a.approverId!)).toMatchObject({
      userId: mia.userId,
      provisionerId: pat.userId,
    });
    expect((await badges(alex)).approvals).toBe(0);
    expect((await badges(mia)).approvals).toBe(miaBefore + 2);
    expect(await roleOf(alex)).toBe(Role.STANDARD);
    // A master approver on a master approver row keeps the role and now shows the approver role details.
    expect(await roleOf(mia)).toBe(Role.MASTERAPPROVER);
    const miaRow = await k
      .selectFrom('users')
      .select('showApprover')
      .where('userId', '=', mia.userId)
      .executeTakeFirstOrThrow();
    expect(miaRow.showApprover).toBe(1);
  });

  it('refuses a call with no role to reassign, and clearing the primary approver', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    const none = await call(superAdmin, 'PUT', '/api/Approvers/ReassignApprover', {
      ApproverIds: [path.approverId],
    });
    expect(none).toMatchObject({ status: 400, message: messages.chooseRoleToReassign });
    const cleared = await call(superAdmin, 'PUT', '/api/Approvers/ReassignApprover', {
      ApproverIds: [path.approverId],
      PrimaryApproverUpdated: true,
      PrimaryApproverId: null,
    });
    expect(cleared).toMatchObject({ status: 400, message: messages.searchForApprover });
  });
});

describe('PUT api/Approvers', () => {
  it('changes the path and people of an assignment, refusing a path another active one covers', async () => {
    const k = ctx.db.kysely;
    const first = await buildUser(k, { roleId: Role.APPROVER });
    const second = await buildUser(k);
    const taken = await buildPath(k, { assignment: { primary: first.userId } });
    const free = await buildPath(k);
    const own = await buildPath(k, { assignment: { primary: first.userId } });

    const clash = await call(superAdmin, 'PUT', '/api/Approvers', {
      approverId: own.approverId,
      ...pathBody(taken),
      userId: first.userId,
    });
    expect(clash.status).toBe(422);
    // Its own path is not a twin of itself.
    const same = await call(superAdmin, 'PUT', '/api/Approvers', {
      approverId: own.approverId,
      ...pathBody(own),
      userId: first.userId,
      secondaryApproverId: second.userId,
    });
    expect(same.status).toBe(200);
    expect(await roleOf(second)).toBe(Role.APPROVER);
    const moved = await call(superAdmin, 'PUT', '/api/Approvers', {
      approverId: own.approverId,
      ...pathBody(free),
      userId: first.userId,
    });
    expect(moved).toMatchObject({ status: 200, message: messages.assignmentSaved });
    expect(await assignmentState(own.approverId!)).toMatchObject({
      platformId: free.platformId,
      secondaryApproverId: null,
    });
    // Unnamed, the secondary falls back.
    expect(await roleOf(second)).toBe(Role.STANDARD);
  });
});

describe('GET api/Approvers?userid=', () => {
  it("lists one person's rows (the /Approvers?userId= pre-filter)", async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const a = await buildPath(k, { assignment: { primary: approver.userId } });
    const b = await buildPath(k, { assignment: { primary: superAdmin.userId, backup: approver.userId } });
    await buildPath(k, { assignment: { primary: superAdmin.userId } });
    const answer = await call<{ approvers: { approverId: number }[]; totalCount: number }>(
      superAdmin,
      'GET',
      `/api/Approvers?userid=${approver.userId}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.data.approvers.map((r) => r.approverId).sort((x, y) => x - y)).toEqual(
      [a.approverId, b.approverId].sort((x, y) => x! - y!),
    );
  });
});

describe('PUT api/Approvers/Assignments/Export', () => {
  it("streams one person's filtered rows as CSV, newest first", async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Csv', lastName: 'Person' });
    const a = await buildPath(k, { assignment: { primary: approver.userId } });
    const b = await buildPath(k, { assignment: { primary: superAdmin.userId, secondary: approver.userId } });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Approvers/Assignments/Export',
      payload: { userid: approver.userId },
      headers: { authorization: `Bearer ${await ctx.tokenFor(superAdmin.email)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = unsignedCsv(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Status,Region,Market,Agency,Practice,Platform,Client,Primary Approver,Secondary Approver,Provisioner,Provisioner Backup',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(b.names.platform);
    expect(lines[1]).toContain(`Csv Person (${approver.email})`);
    expect(lines[2]).toContain(a.names.platform);
    expect(lines[2]).toMatch(/,All,/);
    expect(lines[2]).toMatch(/^Active,/);
  });
});
