import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RequestStatus,
  RequestType,
  Role,
  messages,
  type ApprovalDetail,
  type ApprovalRow,
} from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { getLine, historyOf, snapshot } from './modify-helpers.ts';
import {
  buildAdminRegion,
  buildMasterApprover,
  buildPath,
  buildRecord,
  buildRequest,
  buildUser,
  userIdOf,
} from './factories.ts';

type Who = keyof typeof demo;
let ctx: TestContext;
const tokens: Partial<Record<Who, string>> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of Object.keys(demo) as Who[]) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
  ALEX = await userIdOf(ctx.db.kysely, demo.approver);
  SUE = await userIdOf(ctx.db.kysely, demo.superAdmin);
});
afterAll(async () => {
  await ctx.close();
});

let ALEX: number;
let SUE: number;
const DAY = 86_400_000;
const isoDay = (offsetDays: number) =>
  `${new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10)}T00:00:00.000Z`;

async function call(who: Who, method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<{ succeeded: boolean; message: string; data: unknown }>() };
}

async function list(who: Who, body: object = {}) {
  const res = await call(who, 'PUT', '/api/Approvers/RequestList', { pageSize: 100, ...body });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { requests: ApprovalRow[]; totalCount: number; page: number };
}

const decide = (who: Who, body: object) => call(who, 'PATCH', '/api/Approvers/ApproveRejectRequest', body);

async function badge(who: Who) {
  const res = await call(who, 'GET', '/api/Request/TaskCounts');
  return (res.body.data as { approvals: number }).approvals;
}

/** Alex's open tasks, in the default order (urgent first, then the oldest). */
async function alexTaskIds() {
  return (await list('approver')).requests.map((r) => r.requestId);
}

describe('GET/PUT api/Approvers/RequestList — who sees what', () => {
  it('an approver sees exactly the submitted requests routed to them, none of their own, with the spec fields', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const subject = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    const record = await buildRecord(k, { path, user: subject });
    const expected = [
      await buildRequest(k, {
        path,
        user: subject,
        set: { beginningDate: isoDay(1), expirationDate: isoDay(30) },
      }),
      await buildRequest(k, {
        path,
        user: subject,
        requestType: RequestType.CHANGE,
        recordId: record.requestId,
        set: {
          changesRequest: JSON.stringify({
            kind: 'LengthOfAccess',
            before: { beginningDate: null, expirationDate: null },
            after: { beginningDate: isoDay(1), expirationDate: isoDay(60) },
          }),
        },
      }),
    ];
    // Not in the queue: decided, the approver's own, on a path nobody assigned to them.
    await buildRequest(k, { path, user: subject, statusId: RequestStatus.APPROVED });
    await buildRequest(k, { path, user: approver });
    await buildRequest(k, { path, user: subject, createdBy: approver.userId });
    await buildRequest(k, { path: await buildPath(k), user: subject });

    const email = approver.email;
    const token = await ctx.tokenFor(email);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Approvers/RequestList',
      headers: { authorization: `Bearer ${token}` },
      payload: { pageSize: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: { requests: ApprovalRow[]; totalCount: number } }>().data;
    expect(page.totalCount).toBe(expected.length);
    // None is urgent: the oldest first (the default order).
    expect(page.requests.map((r) => r.requestId)).toEqual(expected.map((r) => r.requestId));
    const counts = await ctx.app.inject({
      method: 'GET',
      url: '/api/Request/TaskCounts',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(counts.json<{ data: { approvals: number } }>().data.approvals).toBe(expected.length);
    for (const row of page.requests) {
      expect(row.statusId).toBe(RequestStatus.SUBMITTED);
      expect(row.status.description).toBe('Submitted');
      expect(row.requestUser.userId).toBe(subject.userId);
      expect(row.platformUserType.description).toBe(row.platformUserTypeName);
      expect(row.accessDate).toMatch(/^(Unlimited|\d\d-\d\d-\d{4}( - \d\d-\d\d-\d{4})?)$/);
    }
    const change = page.requests.find((r) => r.requestTypeId === RequestType.CHANGE);
    expect(change?.changesRequest?.before).toBeTypeOf('object');
    expect(change?.changesRequest?.after).toBeTypeOf('object');
  });

  it('a master approver and an admin see their own queues; the super admin and the auditor every submitted one', async () => {
    const k = ctx.db.kysely;
    const master = await buildUser(k, { roleId: Role.MASTERAPPROVER });
    const admin = await buildUser(k, { roleId: Role.ADMIN });
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const subject = await buildUser(k);
    const mastered = await buildPath(k);
    await buildMasterApprover(k, master.userId, mastered);
    // The admin decides what no assignment covers inside their rows, not what an approver covers.
    const unassigned = await buildPath(k);
    const assigned = await buildPath(k, {
      regionId: unassigned.regionId,
      marketId: unassigned.marketId,
      assignment: { primary: approver.userId },
    });
    await buildAdminRegion(k, admin.userId, unassigned);
    const forMaster = [
      await buildRequest(k, { path: mastered, user: subject }),
      await buildRequest(k, { path: mastered, user: subject }),
    ];
    const forAdmin = [await buildRequest(k, { path: unassigned, user: subject })];
    await buildRequest(k, { path: assigned, user: subject });

    const queue = async (email: string) => {
      const token = await ctx.tokenFor(email);
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Approvers/RequestList',
        headers: { authorization: `Bearer ${token}` },
        payload: { pageSize: 100 },
      });
      return res.json<{ data: { requests: ApprovalRow[]; totalCount: number } }>().data;
    };
    const ids = (rows: { requestId: number }[]) => rows.map((r) => r.requestId).sort((x, y) => x - y);
    expect(ids((await queue(master.email)).requests)).toEqual(ids(forMaster));
    expect(ids((await queue(admin.email)).requests)).toEqual(ids(forAdmin));

    const sue = await userIdOf(k, demo.superAdmin);
    const submitted = await k
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('statusId', '=', RequestStatus.SUBMITTED)
      .where('createdBy', '!=', sue)
      .where('userId', '!=', sue)
      .executeTakeFirstOrThrow();
    expect((await list('superAdmin')).totalCount).toBe(Number(submitted.n));
    expect((await list('auditor')).totalCount).toBeGreaterThanOrEqual(Number(submitted.n));
  });

  it('refuses the standard role (403) and answers an empty page to a provisioner with nothing routed', async () => {
    expect((await call('standard', 'PUT', '/api/Approvers/RequestList', {})).status).toBe(403);
    expect((await call('standard', 'GET', '/api/Approvers/RequestList')).status).toBe(403);
    const pat = await list('provisioner');
    expect(pat.totalCount).toBe(await badge('provisioner'));
  });

  it('pages, searches and filters in SQL (PUT body and GET query string)', async () => {
    const all = await list('approver');
    const platform = all.requests[0]!.platformName;
    const filtered = await list('approver', { filters: [{ column: 'platformName', values: [platform] }] });
    expect(filtered.totalCount).toBe(all.requests.filter((r) => r.platformName === platform).length);
    expect(filtered.requests.every((r) => r.platformName === platform)).toBe(true);

    const filters = encodeURIComponent(JSON.stringify([{ column: 'platformName', values: [platform] }]));
    const viaGet = await call('approver', 'GET', `/api/Approvers/RequestList?pageSize=5&filters=${filters}`);
    expect(viaGet.status, viaGet.body.message).toBe(200);
    const getPage = viaGet.body.data as { requests: ApprovalRow[]; totalCount: number };
    expect(getPage.totalCount).toBe(filtered.totalCount);
    expect(getPage.requests.length).toBe(Math.min(5, filtered.totalCount));

    const second = await list('approver', { pageSize: 5, page: 2 });
    expect(second.requests.map((r) => r.requestId)).toEqual(
      all.requests.slice(5, 10).map((r) => r.requestId),
    );

    const email = all.requests[0]!.requestUser.email;
    const searched = await list('approver', { searchCriteria: email.toUpperCase() });
    expect(searched.requests.every((r) => JSON.stringify(r).toLowerCase().includes(email))).toBe(true);

    const options = await call('approver', 'PUT', '/api/Approvers/RequestList/Filters', {
      column: 'platformName',
    });
    expect((options.body.data as { values: string[] }).values).toContain(platform);
    const urgent = await call('approver', 'PUT', '/api/Approvers/RequestList/Filters', {
      column: 'isUrgent',
    });
    expect((urgent.body.data as { values: string[] }).values.every((v) => v === 'Yes' || v === 'No')).toBe(
      true,
    );

    const bad = await call('approver', 'PUT', '/api/Approvers/RequestList', { orderBy: 'password' });
    expect(bad.status).toBe(400);
  });
});

describe('PATCH api/Approvers/ApproveRejectRequest', () => {
  it('approves with a comment: 1 → 2, decision columns, one history row, leaves the list, enters the archive', async () => {
    const [id] = await alexTaskIds();
    const res = await decide('approver', {
      isApproved: true,
      comments: 'Access is justified',
      ApprovedRejectedBy: 999,
      requestIds: [id],
      ChangeDescription: 'approved from the list',
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(messages.requestApproved);
    const line = await getLine(ctx, id!);
    expect(line.statusId).toBe(RequestStatus.APPROVED);
    expect(line.approvedRejectedBy).toBe(ALEX);
    expect(line.approverComment).toBe('Access is justified');
    expect(line.approvedDate).not.toBeNull();
    const [history] = await historyOf(ctx, id!);
    expect(history).toMatchObject({
      statusId: RequestStatus.APPROVED,
      stepDescription: 'Request approved',
      approverComment: 'Access is justified',
      changeDesc: 'approved from the list',
      createdBy: ALEX,
    });
    expect(await alexTaskIds()).not.toContain(id);
    const archive = await list('approver', { archaic: true });
    expect(archive.requests[0]?.requestId).toBe(id);
    expect(archive.requests[0]?.approverName).toBe('Alex Approver');
    const viaGet = await call('approver', 'GET', '/api/Approvers/RequestList?Archaic=true&pageSize=5');
    expect((viaGet.body.data as { requests: ApprovalRow[] }).requests[0]?.requestId).toBe(id);
  });

  it('rejects with the other body variant: 1 → 4 by the approver; a second decision is 409 naming the status', async () => {
    const [id] = await alexTaskIds();
    const res = await decide('approver', { Comments: 'Not needed', RequestIds: [id], IsApproved: false });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(messages.requestRejected);
    const line = await getLine(ctx, id!);
    expect(line.statusId).toBe(RequestStatus.REJECTED);
    expect(line.rejectedByApprover).toBe(1);
    expect((await historyOf(ctx, id!))[0]?.stepDescription).toBe('Request rejected by approver');

    const again = await decide('approver', {
      isApproved: true,
      comments: 'Changed my mind',
      requestIds: [id],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.requestAlreadyInStatus(id!, 'Rejected'));
  });

  it('needs a non-blank comment (400, the spec message) and changes nothing', async () => {
    const [id] = await alexTaskIds();
    const before = await snapshot(ctx);
    for (const comments of ['', '   ']) {
      const res = await decide('approver', { isApproved: true, comments, requestIds: [id] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.inputComment);
    }
    const missing = await decide('approver', { IsApproved: true, RequestIds: [id] });
    expect(missing.body.message).toBe(messages.inputComment);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('answers 404 for an id not routed to the caller, and nothing changes on any line', async () => {
    const [mine] = await alexTaskIds();
    const alexIds = await alexTaskIds();
    const miaOnly = (await list('master')).requests.find((r) => !alexIds.includes(r.requestId));
    const notRouted = await ctx.db.kysely
      .selectFrom('requests')
      .select('requestId')
      .where('statusId', '=', RequestStatus.SUBMITTED)
      .where('requestId', 'not in', await alexTaskIds())
      .orderBy('requestId')
      .executeTakeFirstOrThrow();
    const before = await snapshot(ctx);
    for (const other of [notRouted.requestId, miaOnly?.requestId ?? notRouted.requestId, 99_999_999]) {
      const res = await decide('approver', { isApproved: true, comments: 'ok', requestIds: [mine, other] });
      expect(res.status, `request ${other}`).toBe(404);
    }
    expect(await snapshot(ctx)).toEqual(before);
    expect((await getLine(ctx, mine!)).statusId).toBe(RequestStatus.SUBMITTED);
  });

  it('separation of duties: nobody decides a request they created or are the subject of (403)', async () => {
    const [a, b] = await alexTaskIds();
    await ctx.db.kysely
      .updateTable('requests')
      .set({ createdBy: ALEX })
      .where('requestId', '=', a!)
      .execute();
    await ctx.db.kysely.updateTable('requests').set({ userId: SUE }).where('requestId', '=', b!).execute();
    expect(await alexTaskIds()).not.toContain(a);
    const own = await decide('approver', { isApproved: true, comments: 'Mine', requestIds: [a] });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(messages.ownRequestDecision);
    const sue = await decide('superAdmin', { isApproved: true, comments: 'About me', requestIds: [b] });
    expect(sue.status).toBe(403);
    expect((await getLine(ctx, a!)).statusId).toBe(RequestStatus.SUBMITTED);
    expect((await getLine(ctx, b!)).statusId).toBe(RequestStatus.SUBMITTED);
    // Anyone else on the path still may: the super admin decides Alex's request.
    const other = await decide('superAdmin', {
      isApproved: true,
      comments: 'Approved for Alex',
      requestIds: [a],
    });
    expect(other.status, other.body.message).toBe(200);
  });

  it('refuses the auditor (403) and the standard role (403)', async () => {
    const [id] = await alexTaskIds();
    expect((await decide('auditor', { isApproved: true, comments: 'x', requestIds: [id] })).status).toBe(403);
    expect((await decide('standard', { isApproved: true, comments: 'x', requestIds: [id] })).status).toBe(
      403,
    );
  });

  it('rejecting a pending change frees its record', async () => {
    const change = (await list('approver')).requests.find(
      (r) => r.requestTypeId === RequestType.CHANGE && r.recordId !== null,
    );
    expect(change).toBeDefined();
    expect((await getLine(ctx, change!.recordId!)).pendingChangeRequestId).toBe(change!.requestId);
    const res = await decide('approver', {
      isApproved: false,
      comments: 'No',
      requestIds: [change!.requestId],
    });
    expect(res.status, res.body.message).toBe(200);
    expect((await getLine(ctx, change!.recordId!)).pendingChangeRequestId).toBeNull();
  });
});

describe('the expired-deactivation rule', () => {
  /** Turns some of Alex's open Add tasks into Deactivation requests with these end dates. */
  async function deactivations(ends: number[]) {
    const ids = (await alexTaskIds()).slice(0, ends.length);
    // Records with no pending change (one pending change per record).
    const records = await ctx.db.kysely
      .selectFrom('requests')
      .select('requestId')
      .where('requestTypeId', '=', RequestType.ADD)
      .where('statusId', '=', RequestStatus.COMPLETED)
      .where('requestId', 'not in', (eb) =>
        eb
          .selectFrom('requests as p')
          .select('p.recordId')
          .where('p.statusId', 'in', [RequestStatus.SUBMITTED, RequestStatus.APPROVED])
          .where('p.recordId', 'is not', null)
          .$narrowType<{ recordId: number }>(),
      )
      .limit(ends.length)
      .execute();
    for (const [i, id] of ids.entries()) {
      await ctx.db.kysely
        .updateTable('requests')
        .set({
          requestTypeId: RequestType.DEACTIVATE,
          recordId: records[i]!.requestId,
          beginningDate: isoDay(-200),
          expirationDate: isoDay(ends[i]!),
        })
        .where('requestId', '=', id)
        .execute();
    }
    return ids;
  }

  it('a single expired deactivation cannot be rejected (422) until its length of access is modified', async () => {
    const [id] = await deactivations([-3]);
    const row = (await list('approver')).requests.find((r) => r.requestId === id);
    expect(row?.isExpired).toBe(true);
    const res = await decide('approver', { isApproved: false, comments: 'No', requestIds: [id] });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(messages.expiredDeactivationReject);

    // The approver gives it a future range through the expired edit view, then may reject it.
    const edit = await call('approver', 'PATCH', '/api/Request/UpdateExpiredRequest', {
      requestId: id,
      BeginningDate: isoDay(0).slice(0, 10),
      ExpirationDate: isoDay(30).slice(0, 10),
      comments: 'New range before deciding',
    });
    expect(edit.status, edit.body.message).toBe(200);
    const again = await decide('approver', { isApproved: false, comments: 'No', requestIds: [id] });
    expect(again.status, again.body.message).toBe(200);
  });

  it('several expired deactivations with different lengths of access cannot be rejected together', async () => {
    const [a, b, c] = await deactivations([-3, -8, 20]);
    const mixed = await decide('approver', { isApproved: false, comments: 'No', requestIds: [a, b, c] });
    expect(mixed.status).toBe(422);
    expect(mixed.body.message).toBe(messages.bulkRejectExpiredTooltip);
    const approved = await decide('approver', {
      isApproved: true,
      comments: 'Deactivate',
      requestIds: [a, b],
    });
    expect(approved.status, approved.body.message).toBe(200);
  });
});

describe('GET api/Approvers/RequestDetail/{id}', () => {
  it('shows the approver and provisioner details to the approver, and 404 to others', async () => {
    const [id] = await alexTaskIds();
    const res = await call('approver', 'GET', `/api/Approvers/RequestDetail/${id}`);
    expect(res.status, res.body.message).toBe(200);
    const detail = res.body.data as ApprovalDetail;
    expect(detail.canDecide).toBe(true);
    expect(detail.approvers.map((p) => p.email)).toContain(demo.approver);
    expect(detail.provisioners.map((p) => p.email)).toContain(demo.provisioner);
    expect((await call('standard', 'GET', `/api/Approvers/RequestDetail/${id}`)).status).toBe(403);

    const archived = (await list('approver', { archaic: true })).requests[0]!;
    const past = await call('approver', 'GET', `/api/Approvers/RequestDetail/${archived.requestId}`);
    expect((past.body.data as ApprovalDetail).canDecide).toBe(false);
  });

  it('lets the approver modify a routed submitted request before deciding (UpdateRequest)', async () => {
    const task = (await list('approver')).requests.find(
      (r) => r.requestTypeId === RequestType.ADD && !r.isUnlimited,
    );
    expect(task).toBeDefined();
    const res = await call('approver', 'PATCH', '/api/Request/UpdateRequest', {
      requestId: task!.requestId,
      ModificationType: 'LengthOfAccess',
      BeginningDate: isoDay(0).slice(0, 10),
      ExpirationDate: isoDay(60).slice(0, 10),
      comments: 'Shorter access is enough',
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(messages.requestsModified);
    expect((await getLine(ctx, task!.requestId)).expirationDate).toBe(isoDay(60));
  });
});
