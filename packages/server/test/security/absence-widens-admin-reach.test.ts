import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role } from '@uap/domain';
import { createTestContext, demo, type TestContext } from '../harness.ts';
import {
  buildAssignment,
  buildMasterApprover,
  buildPath,
  buildRequest,
  buildUser,
  type AssignmentSpec,
  type BuiltPath,
  type BuiltUser,
} from '../factories.ts';

/**
 * Issue 43, item 2: out of office must not widen a region admin's reach. An admin sets absences
 * only for people whose rows all lie inside her (region, market) rows, and a delegate never gets,
 * through an absence an admin set, a line outside that admin's rows: not in the task lists, the
 * badges or the detail, and not by deciding it by id.
 */
let ctx: TestContext;
/** The region admin's market (one path per assignment: one active assignment per path). */
let northAmerica: BuiltPath;
let admin: BuiltUser;
let subject: BuiltUser;

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const period = () => ({ fromDate: at(-hour), toDate: at(2 * hour) });

type Reply<T> = { status: number; body: { succeeded: boolean; message: string; data: T } };
type Page = { requests: { requestId: number; onBehalfOf?: string | null }[]; totalCount: number };

async function call<T = unknown>(
  who: { email: string },
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

/** A fresh path in the admin's market (its own agency, so it can carry its own assignment). */
const inNorthAmerica = (assignment: AssignmentSpec) =>
  buildPath(ctx.db.kysely, { regionId: northAmerica.regionId, marketId: northAmerica.marketId, assignment });

/** The approval tasks and their badge; the badge always equals the list. */
async function approvalsOf(who: BuiltUser) {
  const list = await call<Page>(who, 'PUT', '/api/Approvers/RequestList', { pageSize: 100 });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const badges = await call<{ approvals: number; provisioning: number }>(
    who,
    'GET',
    '/api/Request/TaskCounts',
  );
  expect(badges.body.data.approvals).toBe(list.body.data.totalCount);
  return new Map(list.body.data.requests.map((r) => [r.requestId, r.onBehalfOf ?? null]));
}

async function provisioningOf(who: BuiltUser) {
  const list = await call<Page>(who, 'PUT', '/api/Request/RequestForProvisioners', {
    pageSize: 100,
    filters: [{ column: 'status', values: ['Approved'] }],
  });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const badges = await call<{ approvals: number; provisioning: number }>(
    who,
    'GET',
    '/api/Request/TaskCounts',
  );
  expect(badges.body.data.provisioning).toBe(list.body.data.totalCount);
  return new Map(list.body.data.requests.map((r) => [r.requestId, r.onBehalfOf ?? null]));
}

const approve = (who: BuiltUser, requestId: number) =>
  call(who, 'PATCH', '/api/Approvers/ApproveRejectRequest', {
    requestIds: [requestId],
    isApproved: true,
    comments: 'Approved through an absence',
  });

const provision = (who: BuiltUser, requestId: number) =>
  call(who, 'POST', '/api/Request/ApproveRejectForProvisioner', {
    requestIds: [requestId],
    isApproved: true,
    comments: 'Provisioned through an absence',
  });

const statusOf = async (requestId: number) =>
  (
    await ctx.db.kysely
      .selectFrom('requests')
      .select('statusId')
      .where('requestId', '=', requestId)
      .executeTakeFirstOrThrow()
  ).statusId;

beforeAll(async () => {
  ctx = await createTestContext();
  const k = ctx.db.kysely;
  northAmerica = await buildPath(k);
  admin = await buildUser(k, { name: 'Nora', lastName: 'North' });
  const appointed = await call({ email: demo.superAdmin }, 'POST', '/api/User/AssignAdminRegion', {
    userId: admin.userId,
    regionId: northAmerica.regionId,
    marketId: northAmerica.marketId,
  });
  expect(appointed.status, JSON.stringify(appointed.body)).toBe(200);
  admin = { ...admin, roleId: Role.ADMIN };
  subject = await buildUser(k);
});
afterAll(async () => {
  await ctx.close();
});

describe('an absence set by a region admin', () => {
  it('is refused for a person with one row in her market and others elsewhere', async () => {
    const k = ctx.db.kysely;
    const mixed = await buildUser(k, { roleId: Role.APPROVER });
    const na = await inNorthAmerica({ primary: mixed.userId });
    const emea = await buildPath(k, { assignment: { primary: mixed.userId } });
    const apac = await buildPath(k);
    await buildMasterApprover(k, mixed.userId, apac);
    const lines = {
      na: await buildRequest(k, { path: na, user: subject }),
      emea: await buildRequest(k, { path: emea, user: subject }),
      apac: await buildRequest(k, { path: apac, user: subject }),
    };

    const saved = await call(admin, 'POST', '/api/Approvers/Absences', {
      userId: mixed.userId,
      delegateUserId: admin.userId,
      ...period(),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(404);
    expect(
      await k.selectFrom('absences').select('absenceId').where('userId', '=', mixed.userId).execute(),
    ).toEqual([]);

    const tasks = await approvalsOf(admin);
    for (const line of Object.values(lines)) {
      expect(tasks.has(line.requestId)).toBe(false);
    }
    expect((await approve(admin, lines.emea.requestId)).status).toBe(404);
    expect((await approve(admin, lines.apac.requestId)).status).toBe(404);
    expect(await statusOf(lines.emea.requestId)).toBe(RequestStatus.SUBMITTED);
    expect(await statusOf(lines.apac.requestId)).toBe(RequestStatus.SUBMITTED);

    // Reading or ending that person's absences is outside her reach as well.
    expect((await call(admin, 'GET', `/api/Approvers/Absences?userId=${mixed.userId}`)).status).toBe(404);
    const deputy = await buildUser(k, { roleId: Role.APPROVER });
    const bySuper = await call({ email: demo.superAdmin }, 'POST', '/api/Approvers/Absences', {
      userId: mixed.userId,
      delegateUserId: deputy.userId,
      ...period(),
    });
    expect(bySuper.status, JSON.stringify(bySuper.body)).toBe(200);
    const { absenceId } = bySuper.body.data as { absenceId: number };
    expect((await call(admin, 'PUT', `/api/Approvers/Absences/${absenceId}/End`)).status).toBe(404);
  });

  it('is allowed for a person wholly inside, and gives her nothing of theirs outside her market', async () => {
    const k = ctx.db.kysely;
    const inner = await buildUser(k, { roleId: Role.APPROVER, name: 'Ian', lastName: 'Inner' });
    const na = await inNorthAmerica({ primary: inner.userId });
    const naLine = await buildRequest(k, { path: na, user: subject });

    const saved = await call(admin, 'POST', '/api/Approvers/Absences', {
      userId: inner.userId,
      delegateUserId: admin.userId,
      ...period(),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // The person is given rows elsewhere after the absence was set (by the super admin).
    const emea = await buildPath(k, { assignment: { primary: inner.userId } });
    const apac = await buildPath(k);
    await buildMasterApprover(k, inner.userId, apac);
    const emeaLine = await buildRequest(k, { path: emea, user: subject });
    const apacLine = await buildRequest(k, { path: apac, user: subject });

    const tasks = await approvalsOf(admin);
    expect(tasks.get(naLine.requestId)).toBe('Ian Inner');
    expect(tasks.has(emeaLine.requestId)).toBe(false);
    expect(tasks.has(apacLine.requestId)).toBe(false);
    for (const line of [emeaLine, apacLine]) {
      expect((await call(admin, 'GET', `/api/Approvers/RequestDetail/${line.requestId}`)).status).toBe(404);
      expect((await approve(admin, line.requestId)).status).toBe(404);
      expect(await statusOf(line.requestId)).toBe(RequestStatus.SUBMITTED);
    }
    // Both lines still wait on the absent person themselves.
    const own = await approvalsOf(inner);
    expect(own.has(emeaLine.requestId) && own.has(apacLine.requestId)).toBe(true);

    const decided = await approve(admin, naLine.requestId);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const history = await k
      .selectFrom('requestHistory')
      .select(['createdBy', 'onBehalfOf'])
      .where('requestId', '=', naLine.requestId)
      .where('statusId', '=', RequestStatus.APPROVED)
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ createdBy: admin.userId, onBehalfOf: inner.userId });
  });

  it('gives the delegate she names nothing outside her market either', async () => {
    const k = ctx.db.kysely;
    const inner = await buildUser(k, { roleId: Role.APPROVER, name: 'Ivy', lastName: 'Inner' });
    const delegate = await buildUser(k, { roleId: Role.PROVISIONER });
    const na = await inNorthAmerica({ primary: inner.userId, provisioner: inner.userId });
    const naSubmitted = await buildRequest(k, { path: na, user: subject });
    const naApproved = await buildRequest(k, { path: na, user: subject, statusId: RequestStatus.APPROVED });

    const saved = await call(admin, 'POST', '/api/Approvers/Absences', {
      userId: inner.userId,
      delegateUserId: delegate.userId,
      ...period(),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const emea = await buildPath(k);
    await buildAssignment(k, emea, { primary: inner.userId, provisioner: inner.userId });
    const emeaSubmitted = await buildRequest(k, { path: emea, user: subject });
    const emeaApproved = await buildRequest(k, {
      path: emea,
      user: subject,
      statusId: RequestStatus.APPROVED,
    });

    const approvals = await approvalsOf(delegate);
    expect([...approvals]).toEqual([[naSubmitted.requestId, 'Ivy Inner']]);
    const provisioning = await provisioningOf(delegate);
    expect([...provisioning]).toEqual([[naApproved.requestId, 'Ivy Inner']]);

    expect((await approve(delegate, emeaSubmitted.requestId)).status).toBe(404);
    expect((await provision(delegate, emeaApproved.requestId)).status).toBe(404);
    expect(await statusOf(emeaSubmitted.requestId)).toBe(RequestStatus.SUBMITTED);
    expect(await statusOf(emeaApproved.requestId)).toBe(RequestStatus.APPROVED);

    const provisioned = await provision(delegate, naApproved.requestId);
    expect(provisioned.status, JSON.stringify(provisioned.body)).toBe(200);
    const history = await k
      .selectFrom('requestHistory')
      .select(['createdBy', 'onBehalfOf'])
      .where('requestId', '=', naApproved.requestId)
      .where('statusId', '=', RequestStatus.COMPLETED)
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ createdBy: delegate.userId, onBehalfOf: inner.userId });
  });
});
