import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType, Role, historySteps } from '@uap/domain';
import { queueNotifications } from '../../src/modules/notifications/outbox.ts';
import { createTestContext, type TestContext } from '../harness.ts';
import {
  buildMasterApprover,
  buildPath,
  buildRecord,
  buildRequest,
  buildUser,
  type BuiltUser,
} from '../factories.ts';

/**
 * Issue 43, item 4: a line reaches a delegate only if the absent person could have decided it
 * (never one they requested or are the subject of), and every decision made through an absence
 * records on whose behalf.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

type Reply<T> = { status: number; body: { succeeded: boolean; message: string; data: T } };
type Page = { requests: { requestId: number; onBehalfOf?: string | null }[]; totalCount: number };

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

async function tasksOf(who: BuiltUser) {
  const approvals = await call<Page>(who, 'PUT', '/api/Approvers/RequestList', { pageSize: 100 });
  const provisioning = await call<Page>(who, 'PUT', '/api/Request/RequestForProvisioners', {
    pageSize: 100,
    filters: [{ column: 'status', values: ['Approved'] }],
  });
  const badges = await call<{ approvals: number; provisioning: number }>(
    who,
    'GET',
    '/api/Request/TaskCounts',
  );
  expect(badges.body.data).toEqual({
    approvals: approvals.body.data.totalCount,
    provisioning: provisioning.body.data.totalCount,
    accessReviews: 0,
  });
  const named = (page: Page) => new Map(page.requests.map((r) => [r.requestId, r.onBehalfOf ?? null]));
  return { approvals: named(approvals.body.data), provisioning: named(provisioning.body.data) };
}

const decide = (who: BuiltUser, requestIds: number[], isApproved: boolean) =>
  call(who, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
    requestIds,
    isApproved,
    comments: 'Decided while Alex is away',
  });

const provision = (who: BuiltUser, requestIds: number[], isApproved = true) =>
  call(who, 'POST', '/api/Request/ApproveRejectForProvisioner', {
    requestIds,
    isApproved,
    comments: 'Provisioned while Alex is away',
  });

async function notificationsOf(who: BuiltUser) {
  const rows = await ctx.db.kysely
    .selectFrom('notifications')
    .select('requestId')
    .where('userId', '=', who.userId)
    .execute();
  return rows.map((r) => r.requestId);
}

async function historyOf(requestId: number, statusId: number) {
  return ctx.db.kysely
    .selectFrom('requestHistory')
    .select(['createdBy', 'onBehalfOf'])
    .where('requestId', '=', requestId)
    .where('statusId', '=', statusId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe("an approver's delegate and the approver's own requests", () => {
  it('never gives the delegate a line the absent person requested or is the subject of', async () => {
    const k = ctx.db.kysely;
    const alex = await buildUser(k, { roleId: Role.APPROVER, name: 'Alex', lastName: 'Away' });
    const pat = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pat', lastName: 'Deputy' });
    const manager = await buildUser(k);
    const colleague = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: alex.userId, provisioner: alex.userId } });
    // Alex is master approver of another path too: its lines reach Pat by the same rule.
    const mastered = await buildPath(k);
    await buildMasterApprover(k, alex.userId, mastered);

    const saved = await call(alex, 'POST', '/api/Approvers/Absences', {
      delegateUserId: pat.userId,
      fromDate: at(-hour),
      toDate: at(2 * hour),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const own = {
      forHimself: await buildRequest(k, { path, user: alex }),
      forColleague: await buildRequest(k, { path, user: colleague, createdBy: alex.userId }),
      byManager: await buildRequest(k, { path, user: alex, createdBy: manager.userId }),
      mastered: await buildRequest(k, { path: mastered, user: alex }),
    };
    const ownApproved = await buildRequest(k, {
      path,
      user: alex,
      statusId: RequestStatus.APPROVED,
      decidedBy: manager.userId,
    });

    const tasks = await tasksOf(pat);
    expect([...tasks.approvals]).toEqual([]);
    expect([...tasks.provisioning]).toEqual([]);
    for (const line of Object.values(own)) {
      expect((await call(pat, 'GET', `/api/Approvers/RequestDetail/${line.requestId}`)).status).toBe(404);
      expect((await decide(pat, [line.requestId], true)).status).toBe(404);
      expect((await decide(pat, [line.requestId], false)).status).toBe(404);
    }
    expect((await provision(pat, [ownApproved.requestId])).status).toBe(404);
    const statuses = await k
      .selectFrom('requests')
      .select('statusId')
      .where(
        'requestId',
        'in',
        [...Object.values(own), ownApproved].map((l) => l.requestId),
      )
      .execute();
    expect(statuses.map((s) => s.statusId).sort()).toEqual([1, 1, 1, 1, 2]);

    // Nor is Pat told of them: the notifications follow the same rule.
    await k
      .transaction()
      .execute((trx) =>
        queueNotifications(trx, 'submitted', [own.forHimself.requestId, own.mastered.requestId], alex.userId),
      );
    await k
      .transaction()
      .execute((trx) =>
        queueNotifications(
          trx,
          'submitted',
          [own.forColleague.requestId, own.byManager.requestId],
          manager.userId,
        ),
      );
    await k
      .transaction()
      .execute((trx) => queueNotifications(trx, 'approved', [ownApproved.requestId], manager.userId));
    expect(await notificationsOf(pat)).toEqual([]);
  });

  it("still gives Pat a line of Alex's own that is routed to Pat himself, as his own task", async () => {
    const k = ctx.db.kysely;
    const alex = await buildUser(k, { roleId: Role.APPROVER, name: 'Alex', lastName: 'Elsewhere' });
    const pat = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pat', lastName: 'Direct' });
    await buildPath(k, { assignment: { primary: alex.userId } });
    const patsPath = await buildPath(k, { assignment: { primary: pat.userId } });
    const saved = await call(alex, 'POST', '/api/Approvers/Absences', {
      delegateUserId: pat.userId,
      fromDate: at(-hour),
      toDate: at(2 * hour),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const line = await buildRequest(k, { path: patsPath, user: alex });

    const tasks = await tasksOf(pat);
    expect([...tasks.approvals]).toEqual([[line.requestId, null]]);
    expect((await decide(pat, [line.requestId], true)).status).toBe(200);
    expect(await historyOf(line.requestId, RequestStatus.APPROVED)).toEqual({
      createdBy: pat.userId,
      onBehalfOf: null,
    });
  });

  it('records the absent person on every decision the delegate makes for them, in bulk too', async () => {
    const k = ctx.db.kysely;
    const alex = await buildUser(k, { roleId: Role.APPROVER, name: 'Alex', lastName: 'Absent' });
    const pat = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pat', lastName: 'Proxy' });
    const subject = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: alex.userId, provisioner: alex.userId } });

    const saved = await call(alex, 'POST', '/api/Approvers/Absences', {
      delegateUserId: pat.userId,
      fromDate: at(-hour),
      toDate: at(2 * hour),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const toApprove = [
      await buildRequest(k, { path, user: subject }),
      await buildRequest(k, { path, user: subject }),
    ];
    const toReject = await buildRequest(k, { path, user: subject });
    const approved = await buildRequest(k, { path, user: subject, statusId: RequestStatus.APPROVED });
    const refused = await buildRequest(k, { path, user: subject, statusId: RequestStatus.APPROVED });
    // A deactivation: provisioning it writes a history row on its record as well.
    const record = await buildRecord(k, { path, user: subject });
    const deactivation = await buildRequest(k, {
      path,
      user: subject,
      statusId: RequestStatus.APPROVED,
      requestType: RequestType.DEACTIVATE,
      recordId: record.requestId,
    });

    // Pat is told of the tasks held for Alex.
    await k
      .transaction()
      .execute((trx) => queueNotifications(trx, 'submitted', [toReject.requestId], subject.userId));
    expect(await notificationsOf(pat)).toEqual([toReject.requestId]);

    const tasks = await tasksOf(pat);
    for (const line of [...toApprove, toReject]) {
      expect(tasks.approvals.get(line.requestId)).toBe('Alex Absent');
    }
    expect(tasks.provisioning.get(approved.requestId)).toBe('Alex Absent');

    expect(
      (
        await decide(
          pat,
          toApprove.map((l) => l.requestId),
          true,
        )
      ).status,
    ).toBe(200);
    expect((await decide(pat, [toReject.requestId], false)).status).toBe(200);
    expect((await provision(pat, [approved.requestId])).status).toBe(200);
    expect((await provision(pat, [refused.requestId], false)).status).toBe(200);
    expect((await provision(pat, [deactivation.requestId])).status).toBe(200);
    // The lines Pat approved go on to provisioning, again through the absence.
    expect(
      (
        await provision(
          pat,
          toApprove.map((l) => l.requestId),
        )
      ).status,
    ).toBe(200);

    const expected = { createdBy: pat.userId, onBehalfOf: alex.userId };
    for (const line of toApprove) {
      expect(await historyOf(line.requestId, RequestStatus.APPROVED)).toEqual(expected);
      expect(await historyOf(line.requestId, RequestStatus.COMPLETED)).toEqual(expected);
    }
    expect(await historyOf(toReject.requestId, RequestStatus.REJECTED)).toEqual(expected);
    expect(await historyOf(approved.requestId, RequestStatus.COMPLETED)).toEqual(expected);
    expect(await historyOf(refused.requestId, RequestStatus.REJECTED)).toEqual(expected);
    expect(await historyOf(deactivation.requestId, RequestStatus.COMPLETED)).toEqual(expected);
    const onRecord = await k
      .selectFrom('requestHistory')
      .select(['createdBy', 'onBehalfOf'])
      .where('requestId', '=', record.requestId)
      .where('stepDescription', '=', historySteps.recordDeactivated)
      .executeTakeFirstOrThrow();
    expect(onRecord).toEqual(expected);
  });
});
