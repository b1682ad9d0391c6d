import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, messages, type NotificationPage } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { buildAdminRegion, buildPath, buildRequest, buildUser, type BuiltUser } from './factories.ts';

/** Approve/Provision Assignments' Reassign tells the people who receive paths of the tasks now theirs. */
let ctx: TestContext;
let superAdmin: BuiltUser;
let subject: BuiltUser;
beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await buildUser(ctx.db.kysely, { roleId: Role.SUPERADMIN, name: 'Sue', lastName: 'Boss' });
  subject = await buildUser(ctx.db.kysely);
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
  const body = res.json<{ message: string; data: T }>();
  return { status: res.statusCode, message: body.message, data: body.data };
}

async function notificationsOf(who: BuiltUser) {
  return ctx.db.kysely
    .selectFrom('notifications')
    .select(['event', 'requestId'])
    .where('userId', '=', who.userId)
    .where('event', '=', 'reassigned')
    .execute();
}

async function mailsOf(who: BuiltUser) {
  return ctx.db.kysely
    .selectFrom('mailOutbox')
    .select(['subject', 'textBody', 'recipient'])
    .where('recipientUserId', '=', who.userId)
    .where('event', '=', 'reassigned')
    .execute();
}

const line = async (path: Awaited<ReturnType<typeof buildPath>>, statusId: number, createdBy?: number) =>
  (
    await buildRequest(ctx.db.kysely, {
      path,
      user: subject,
      statusId: statusId as typeof RequestStatus.SUBMITTED,
      ...(createdBy ? { createdBy } : {}),
    })
  ).requestId;

describe('PUT api/Approvers/ReassignApprover: the people who receive paths are told', () => {
  it('tells each receiver once, counting the pending tasks that became theirs, with links to their task lists', async () => {
    const k = ctx.db.kysely;
    const alex = await buildUser(k, { roleId: Role.APPROVER, name: 'Alex' });
    const sid = await buildUser(k, { roleId: Role.APPROVER, name: 'Sid' });
    const pat = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pat' });
    const nina = await buildUser(k, { roleId: Role.STANDARD, name: 'Nina' });
    // Sid is already the secondary approver of path a: its Submitted lines were his before.
    const a = await buildPath(k, {
      assignment: { primary: alex.userId, secondary: sid.userId, provisioner: pat.userId },
    });
    const b = await buildPath(k, { assignment: { primary: alex.userId, provisioner: pat.userId } });
    const aSubmitted = [await line(a, RequestStatus.SUBMITTED), await line(a, RequestStatus.SUBMITTED)];
    const aApproved = await line(a, RequestStatus.APPROVED);
    const bSubmitted = await line(b, RequestStatus.SUBMITTED);
    const bApproved = await line(b, RequestStatus.APPROVED);
    await line(b, RequestStatus.COMPLETED);
    // Sid requested this one: never his task.
    await line(b, RequestStatus.SUBMITTED, sid.userId);

    const answer = await call(superAdmin, 'PUT', '/api/Approvers/ReassignApprover', {
      ApproverIds: [a.approverId, b.approverId],
      PrimaryApproverId: sid.userId,
      PrimaryApproverUpdated: true,
      PrimaryProvisionerId: nina.userId,
      PrimaryProvisionerUpdated: true,
    });
    expect(answer).toMatchObject({ status: 200, message: messages.assignmentsReassigned(2) });

    // Sid: only path b's Submitted line is new to him.
    expect(await notificationsOf(sid)).toEqual([{ event: 'reassigned', requestId: null }]);
    const [sidMail, ...sidMore] = await mailsOf(sid);
    expect(sidMore).toHaveLength(0);
    expect(sidMail?.recipient).toBe(sid.email);
    expect(sidMail?.subject).toBe('UAP: 1 task reassigned to you');
    expect(sidMail?.textBody).toContain(
      'Sue Boss reassigned approval paths to you: 1 request now waits for your approval (My Approval Tasks).',
    );
    expect(sidMail?.textBody).toContain(`Requests #${bSubmitted}.`);
    expect(sidMail?.textBody).toContain('/Approvals');
    expect(sidMail?.textBody).not.toContain('/Provisioners');
    for (const id of aSubmitted) {
      expect(sidMail?.textBody).not.toContain(`#${id}`);
    }

    // Nina: both Approved lines, one notification and one email.
    expect(await notificationsOf(nina)).toHaveLength(1);
    const ninaMails = await mailsOf(nina);
    expect(ninaMails).toHaveLength(1);
    expect(ninaMails[0]?.subject).toBe('UAP: 2 tasks reassigned to you');
    expect(ninaMails[0]?.textBody).toContain(
      'Sue Boss reassigned approval paths to you: 2 requests now wait for your provisioning (My Provisioning Tasks).',
    );
    expect(ninaMails[0]?.textBody).toContain(
      `Requests #${Math.min(aApproved, bApproved)}, #${Math.max(aApproved, bApproved)}.`,
    );
    expect(ninaMails[0]?.textBody).toContain('/Provisioners');
    const bell = await call<NotificationPage>(nina, 'GET', '/api/Notifications');
    const item = bell.data.notifications.find((n) => n.event === 'reassigned');
    expect(item).toMatchObject({
      requestId: null,
      link: '/Provisioners',
      text: 'Sue Boss reassigned approval paths to you: 2 requests now wait for your provisioning (My Provisioning Tasks).',
    });

    // Those who lost the paths, and the super admin who acted, are not told.
    for (const who of [alex, pat, superAdmin]) {
      expect(await notificationsOf(who)).toHaveLength(0);
    }

    // The same reassignment again hands nobody anything new.
    const again = await call(superAdmin, 'PUT', '/api/Approvers/ReassignApprover', {
      ApproverIds: [a.approverId, b.approverId],
      PrimaryApproverId: sid.userId,
      PrimaryApproverUpdated: true,
    });
    expect(again.status).toBe(200);
    expect(await notificationsOf(sid)).toHaveLength(1);
    expect(await mailsOf(sid)).toHaveLength(1);
  });

  it('counts both kinds for one receiver, links the bell to My Approval Tasks, and keeps the email off when the receiver turned it off', async () => {
    const k = ctx.db.kysely;
    const alex = await buildUser(k, { roleId: Role.APPROVER, name: 'Alex' });
    const omar = await buildUser(k, { roleId: Role.APPROVER, name: 'Omar' });
    const path = await buildPath(k, { assignment: { primary: alex.userId, provisioner: alex.userId } });
    await line(path, RequestStatus.SUBMITTED);
    await line(path, RequestStatus.APPROVED);
    await line(path, RequestStatus.APPROVED);
    const saved = await call(omar, 'PUT', '/api/Notifications/Settings', {
      settings: [{ event: 'reassigned', isEmail: false }],
    });
    expect(saved.status, saved.message).toBe(200);
    // An admin of the path's (region, market) reassigns inside its rows.
    const admin = await buildUser(k, { roleId: Role.ADMIN, name: 'Ada', lastName: 'Scope' });
    await buildAdminRegion(k, admin.userId, path);
    const answer = await call(admin, 'PUT', '/api/Approvers/ReassignApprover', {
      ApproverIds: [path.approverId],
      PrimaryApproverId: omar.userId,
      PrimaryApproverUpdated: true,
      PrimaryProvisionerId: omar.userId,
      PrimaryProvisionerUpdated: true,
    });
    expect(answer.status, answer.message).toBe(200);
    expect(await mailsOf(omar)).toHaveLength(0);
    const bell = await call<NotificationPage>(omar, 'GET', '/api/Notifications');
    expect(bell.data.notifications.filter((n) => n.event === 'reassigned')).toEqual([
      expect.objectContaining({
        link: '/Approvals',
        text: 'Ada Scope reassigned approval paths to you: 1 request now waits for your approval (My Approval Tasks) and 2 requests now wait for your provisioning (My Provisioning Tasks).',
      }),
    ]);
  });

  it('tells nobody when the reassignment is refused', async () => {
    const k = ctx.db.kysely;
    const alex = await buildUser(k, { roleId: Role.APPROVER });
    const path = await buildPath(k, { assignment: { primary: alex.userId } });
    await line(path, RequestStatus.SUBMITTED);
    const before = await k
      .selectFrom('notifications')
      .select('notificationId')
      .where('event', '=', 'reassigned')
      .execute();
    const refused = await call(superAdmin, 'PUT', '/api/Approvers/ReassignApprover', {
      ApproverIds: [path.approverId],
      PrimaryApproverId: 99_999_999,
      PrimaryApproverUpdated: true,
    });
    expect(refused.status).toBe(422);
    const after = await k
      .selectFrom('notifications')
      .select('notificationId')
      .where('event', '=', 'reassigned')
      .execute();
    expect(after).toHaveLength(before.length);
  });
});
