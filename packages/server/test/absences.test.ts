import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, messages } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import {
  buildAdminRegion,
  buildMasterApprover,
  buildPath,
  buildRequest,
  buildUser,
  type BuiltUser,
} from './factories.ts';

/**
 * Out of office and delegation: while an absence runs, routing gives the delegate
 * the absent person's lines (badge == list), the tasks say for whom, the history records it, and
 * it ends at `to`. The seed's open lines are cancelled first so every count is the lines built here.
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

type Reply<T> = { status: number; body: { succeeded: boolean; message: string; data: T } };

async function call<T = unknown>(
  who: BuiltUser,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
): Promise<Reply<T>> {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await ctx.tokenFor(who.email)}` },
  });
  return { status: res.statusCode, body: res.json() };
}

type Page = { requests: { requestId: number; onBehalfOf?: string | null }[]; totalCount: number };

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function setAbsence(who: BuiltUser, body: object) {
  return call<{ absenceId: number }>(who, 'POST', '/api/Approvers/Absences', body);
}

async function approvalsOf(who: BuiltUser) {
  const badges = await call<{ approvals: number; provisioning: number }>(
    who,
    'GET',
    '/api/Request/TaskCounts',
  );
  const list = await call<Page>(who, 'PUT', '/api/Approvers/RequestList', { pageSize: 100 });
  expect(list.status).toBe(200);
  return { badge: badges.body.data.approvals, list: list.body.data };
}

describe('out of office and delegation', () => {
  it("gives the delegate the absent approver's tasks, named, with badge == list, and records it", async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Alex', lastName: 'Away' });
    const delegate = await buildUser(k, { roleId: Role.APPROVER, name: 'Dana', lastName: 'Deputy' });
    const subject = await buildUser(k);
    const own = await buildPath(k, { assignment: { primary: delegate.userId } });
    const away = await buildPath(k, { assignment: { primary: approver.userId } });
    const ownLine = await buildRequest(k, { path: own, user: subject, statusId: RequestStatus.SUBMITTED });
    const awayLines = [
      await buildRequest(k, { path: away, user: subject, statusId: RequestStatus.SUBMITTED }),
      await buildRequest(k, { path: away, user: subject, statusId: RequestStatus.SUBMITTED }),
    ];
    // The delegate's own request on the absent approver's path: never their task.
    await buildRequest(k, { path: away, user: delegate, statusId: RequestStatus.SUBMITTED });

    const before = await approvalsOf(delegate);
    expect(before.list.requests.map((r) => r.requestId)).toEqual([ownLine.requestId]);
    expect(before.badge).toBe(1);

    const saved = await setAbsence(approver, {
      delegateUserId: delegate.userId,
      fromDate: at(-hour),
      toDate: at(2 * hour),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(messages.absenceSaved('Dana Deputy'));

    const during = await approvalsOf(delegate);
    const ids = during.list.requests.map((r) => r.requestId).sort((a, b) => a - b);
    expect(ids).toEqual([ownLine.requestId, ...awayLines.map((l) => l.requestId)].sort((a, b) => a - b));
    expect(during.badge).toBe(3);
    expect(during.list.totalCount).toBe(during.badge);
    const named = Object.fromEntries(during.list.requests.map((r) => [r.requestId, r.onBehalfOf]));
    expect(named[ownLine.requestId]).toBeNull();
    expect(named[awayLines[0]!.requestId]).toBe('Alex Away');

    // The absent approver still sees their own tasks (with the delegate's own request).
    expect((await approvalsOf(approver)).badge).toBe(3);

    const decided = await call(delegate, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
      requestIds: [awayLines[0]!.requestId],
      isApproved: true,
      comments: 'Approved while Alex is away',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const history = await k
      .selectFrom('requestHistory')
      .select(['createdBy', 'onBehalfOf'])
      .where('requestId', '=', awayLines[0]!.requestId)
      .where('statusId', '=', RequestStatus.APPROVED)
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ createdBy: delegate.userId, onBehalfOf: approver.userId });

    // The activity log names both.
    const admin = await buildUser(k, { roleId: Role.SUPERADMIN });
    const log = await call<{
      requestHistoryLogsDTOs: {
        requestHistory: { statusId: number; onBehalfOf?: { fullName: string } | null };
      }[];
    }>(admin, 'GET', `/api/Request/Logs/${awayLines[0]!.requestId}`);
    expect(log.status).toBe(200);
    const step = log.body.data.requestHistoryLogsDTOs.find(
      (h) => h.requestHistory.statusId === RequestStatus.APPROVED,
    );
    expect(step?.requestHistory.onBehalfOf?.fullName).toBe('Alex Away');
  });

  it('covers provisioning and master approvers too, and ends at `to`', async () => {
    const k = ctx.db.kysely;
    const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pat', lastName: 'Gone' });
    const master = await buildUser(k, { roleId: Role.MASTERAPPROVER, name: 'Max', lastName: 'Gone' });
    const delegate = await buildUser(k, { roleId: Role.PROVISIONER });
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const subject = await buildUser(k);
    const path = await buildPath(k, {
      assignment: { primary: approver.userId, provisioner: provisioner.userId },
    });
    const unassigned = await buildPath(k);
    await buildMasterApprover(k, master.userId, unassigned);
    const approved = await buildRequest(k, { path, user: subject, statusId: RequestStatus.APPROVED });
    const submitted = await buildRequest(k, {
      path: unassigned,
      user: subject,
      statusId: RequestStatus.SUBMITTED,
    });

    for (const absent of [provisioner, master]) {
      const saved = await setAbsence(absent, {
        delegateUserId: delegate.userId,
        fromDate: at(-hour),
        toDate: at(hour),
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const badges = await call<{ approvals: number; provisioning: number }>(
      delegate,
      'GET',
      '/api/Request/TaskCounts',
    );
    const provisioning = await call<Page>(delegate, 'PUT', '/api/Request/RequestForProvisioners', {
      pageSize: 100,
      filters: [{ column: 'status', values: ['Approved'] }],
    });
    expect(provisioning.body.data.requests.map((r) => [r.requestId, r.onBehalfOf])).toEqual([
      [approved.requestId, 'Pat Gone'],
    ]);
    const approvals = await call<Page>(delegate, 'PUT', '/api/Approvers/RequestList', { pageSize: 100 });
    expect(approvals.body.data.requests.map((r) => [r.requestId, r.onBehalfOf])).toEqual([
      [submitted.requestId, 'Max Gone'],
    ]);
    expect(badges.body.data).toEqual({ approvals: 1, provisioning: 1, accessReviews: 0 });

    // The absences reach their end: the delegate holds nothing more.
    await k
      .updateTable('absences')
      .set({ toDate: at(-1000) })
      .where('userId', 'in', [provisioner.userId, master.userId])
      .execute();
    const after = await call<{ approvals: number; provisioning: number }>(
      delegate,
      'GET',
      '/api/Request/TaskCounts',
    );
    expect(after.body.data).toEqual({ approvals: 0, provisioning: 0, accessReviews: 0 });
    const list = await call<Page>(delegate, 'PUT', '/api/Approvers/RequestList', { pageSize: 100 });
    expect(list.body.data.totalCount).toBe(0);
  });

  it('refuses the person as their own delegate, a standard delegate, a past end and an overlap', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const standard = await buildUser(k);
    const delegate = await buildUser(k, { roleId: Role.APPROVER });

    const self = await setAbsence(approver, {
      delegateUserId: approver.userId,
      fromDate: at(0),
      toDate: at(hour),
    });
    expect(self.status).toBe(422);
    expect(self.body.message).toBe(messages.absenceDelegateIsSelf);

    const notEligible = await setAbsence(approver, {
      delegateUserId: standard.userId,
      fromDate: at(0),
      toDate: at(hour),
    });
    expect(notEligible.status).toBe(422);
    expect(notEligible.body.message).toBe(messages.absenceDelegateNotEligible);

    const past = await setAbsence(approver, {
      delegateUserId: delegate.userId,
      fromDate: at(-2 * hour),
      toDate: at(-hour),
    });
    expect(past.status).toBe(422);
    expect(past.body.message).toBe(messages.absenceEndsInPast);

    const backwards = await setAbsence(approver, {
      delegateUserId: delegate.userId,
      fromDate: at(2 * hour),
      toDate: at(hour),
    });
    expect(backwards.status).toBe(400);

    expect(
      (await setAbsence(approver, { delegateUserId: delegate.userId, fromDate: at(0), toDate: at(3 * hour) }))
        .status,
    ).toBe(200);
    const overlap = await setAbsence(approver, {
      delegateUserId: delegate.userId,
      fromDate: at(2 * hour),
      toDate: at(5 * hour),
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(messages.absenceOverlaps);

    const listed = await call<{ absenceId: number; delegateUserId: number; isRunning: boolean }[]>(
      approver,
      'GET',
      '/api/Approvers/Absences',
    );
    expect(listed.body.data.map((a) => [a.delegateUserId, a.isRunning])).toEqual([[delegate.userId, true]]);
    const ended = await call(
      approver,
      'PUT',
      `/api/Approvers/Absences/${listed.body.data[0]!.absenceId}/End`,
    );
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe(messages.absenceEnded);
    expect((await call<unknown[]>(approver, 'GET', '/api/Approvers/Absences')).body.data).toEqual([]);
  });

  it('lets an admin set it for someone inside their scope only; others 403; auditors read', async () => {
    const k = ctx.db.kysely;
    const admin = await buildUser(k, { roleId: Role.ADMIN });
    const approverIn = await buildUser(k, { roleId: Role.APPROVER, name: 'Ina', lastName: 'Inside' });
    const approverOut = await buildUser(k, { roleId: Role.APPROVER });
    const delegate = await buildUser(k, { roleId: Role.APPROVER, name: 'Del', lastName: 'Egate' });
    const auditor = await buildUser(k, { roleId: Role.AUDITOR });
    const inside = await buildPath(k, { assignment: { primary: approverIn.userId } });
    await buildPath(k, { assignment: { primary: approverOut.userId } });
    await buildAdminRegion(k, admin.userId, inside);
    const period = { delegateUserId: delegate.userId, fromDate: at(0), toDate: at(hour) };

    const forIn = await setAbsence(admin, { ...period, userId: approverIn.userId });
    expect(forIn.status, JSON.stringify(forIn.body)).toBe(200);
    expect(forIn.body.message).toBe(messages.absenceSavedFor('Ina Inside', 'Del Egate'));
    expect((await setAbsence(admin, { ...period, userId: approverOut.userId })).status).toBe(404);
    expect((await call(admin, 'GET', `/api/Approvers/Absences?userId=${approverOut.userId}`)).status).toBe(
      404,
    );
    // An approver cannot set another person's absence.
    expect((await setAbsence(approverOut, { ...period, userId: approverIn.userId })).status).toBe(403);
    // The auditor reads anyone's, writes nobody's.
    const read = await call<unknown[]>(auditor, 'GET', `/api/Approvers/Absences?userId=${approverIn.userId}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toHaveLength(1);
    expect((await setAbsence(auditor, { ...period, userId: approverIn.userId })).status).toBe(403);
  });
});
