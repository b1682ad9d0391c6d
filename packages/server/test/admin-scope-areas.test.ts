import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  buildAssignment,
  buildMasterApprover,
  buildPath,
  buildRecord,
  buildRequest,
  buildUser,
  uniqueTag,
  type BuiltPath,
  type BuiltRequest,
} from './factories.ts';

/**
 * An administrator appointed for one market (through AssignAdminRegion) sees and changes that
 * market's rows only, in every administration area.
 */
let ctx: TestContext;
let token: string;
/** Paths in the new admin's market (A, with an assignment; A2 without) and in another one (B, B2). */
let A: BuiltPath;
let A2: BuiltPath;
let B: BuiltPath;
let B2: BuiltPath;
const lines: Record<string, BuiltRequest> = {};
/** The subject of every line. */
let subjectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER });
  A = await buildPath(k, { assignment: { primary: approver.userId } });
  B = await buildPath(k, { assignment: { primary: approver.userId } });
  A2 = await buildPath(k, { regionId: A.regionId, marketId: A.marketId });
  B2 = await buildPath(k, { regionId: B.regionId, marketId: B.marketId });
  const master = await buildUser(k, { roleId: Role.MASTERAPPROVER });
  await buildMasterApprover(k, master.userId, A);
  await buildMasterApprover(k, master.userId, B);

  const admin = await buildUser(k);
  const sue = await ctx.tokenFor(demo.superAdmin);
  const appointed = await ctx.app.inject({
    method: 'POST',
    url: '/api/User/AssignAdminRegion',
    headers: { authorization: `Bearer ${sue}` },
    payload: { userId: admin.userId, regionId: A.regionId, marketId: A.marketId },
  });
  expect(appointed.json().message).toBe('Admin saved!');
  token = await ctx.tokenFor(admin.email);

  const subject = await buildUser(k);
  subjectId = subject.userId;
  const leaver = await buildUser(k, { active: false });
  for (const [key, path] of [
    ['A', A],
    ['B', B],
  ] as const) {
    lines[`submitted${key}`] = await buildRequest(k, { path, user: subject });
    lines[`record${key}`] = await buildRecord(k, { path, user: subject });
    lines[`leaver${key}`] = await buildRecord(k, { path, user: leaver });
  }
  for (const [key, path] of [
    ['A', A2],
    ['B', B2],
  ] as const) {
    lines[`unrouted${key}`] = await buildRequest(k, { path, user: subject });
    lines[`approved${key}`] = await buildRequest(k, {
      path,
      user: subject,
      statusId: RequestStatus.APPROVED,
    });
  }
  await buildAssignment(k, A, { primary: approver.userId, clientScoped: true });
});
afterAll(async () => {
  await ctx.close();
});

const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

/** The answer names market A and never market B. */
async function expectOnlyMarketA(method: 'GET' | 'PUT', url: string, payload?: object) {
  const res = await asAdmin(method, url, payload);
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain(A.names.market);
  expect(res.body).not.toContain(B.names.market);
  return res;
}

const page = { page: 1, pageSize: 100 };

describe('an administrator of one market', () => {
  it('Request Tracker: only the lines of its market', async () => {
    const res = await expectOnlyMarketA('PUT', '/api/Request/AllRequests', page);
    const ids = (res.json().data.requests as { requestId: number }[]).map((r) => r.requestId);
    expect(ids).toContain(lines.submittedA!.requestId);
    expect(ids).not.toContain(lines.submittedB!.requestId);
  });

  it("Activity log: another market's line is not found", async () => {
    expect((await asAdmin('GET', `/api/Request/Logs/${lines.submittedA!.requestId}`)).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/Request/Logs/${lines.submittedB!.requestId}`)).statusCode).toBe(404);
  });

  it('Approvals: the unrouted requests of its market only', async () => {
    const res = await asAdmin('PUT', '/api/Approvers/RequestList', page);
    const ids = (res.json().data.requests as { requestId: number }[]).map((r) => r.requestId);
    expect(ids).toContain(lines.unroutedA!.requestId);
    expect(ids).not.toContain(lines.unroutedB!.requestId);
  });

  it('Provisioning: the unrouted approved requests of its market only', async () => {
    const res = await asAdmin('PUT', '/api/Request/RequestForProvisioners', page);
    const ids = (res.json().data.requests as { requestId: number }[]).map((r) => r.requestId);
    expect(ids).toContain(lines.approvedA!.requestId);
    expect(ids).not.toContain(lines.approvedB!.requestId);
  });

  it("User Access Overview: a person's records of its market only", async () => {
    await expectOnlyMarketA('PUT', '/api/Request/UserRecords', { ...page, userId: subjectId });
  });

  it('Approvers (approval paths), Master Approvers and path coverage: its market only', async () => {
    await expectOnlyMarketA('PUT', '/api/Approvers/Assignments', page);
    await expectOnlyMarketA('PUT', '/api/Approvers/MasterApprovers', page);
    await expectOnlyMarketA('PUT', '/api/Approvers/Coverage', page);
  });

  it('Leavers User Records: the leavers of its market only', async () => {
    const res = await expectOnlyMarketA('PUT', '/api/Request/UserRecordsOfADInactiveUsers', page);
    const ids = (res.json().data.records as { requestId: number }[]).map((r) => r.requestId);
    expect(ids).toEqual([lines.leaverA!.requestId]);
  });

  it('Administrators: only the admin rows of its market', async () => {
    const res = await asAdmin('GET', '/api/User/GetAdminRegion');
    const markets = new Set((res.json().data as { marketId: number }[]).map((r) => r.marketId));
    expect([...markets]).toEqual([A.marketId]);
  });

  it('Database Manager: adds an agency to its market, not to another one', async () => {
    const inA = await asAdmin('POST', '/api/Catalogs/SaveAgency', {
      Description: `Agency ${uniqueTag()}`,
      MarketId: A.marketId,
    });
    expect(inA.statusCode).toBe(200);
    const inB = await asAdmin('POST', '/api/Catalogs/SaveAgency', {
      Description: `Agency ${uniqueTag()}`,
      MarketId: B.marketId,
    });
    expect([403, 404]).toContain(inB.statusCode);
  });

  it("cannot change another market's approval path or master approver", async () => {
    const other = await buildUser(ctx.db.kysely);
    const res = await asAdmin('POST', '/api/Approvers/SaveMasterApprover', {
      userId: other.userId,
      regionId: B.regionId,
      marketId: B.marketId,
      agencyId: B.agencyId,
      practiceId: B.practiceId,
    });
    expect(res.statusCode).toBe(404);
  });

  it('loses every area when its admin row is deactivated: the role falls back to Standard User', async () => {
    const sue = await ctx.tokenFor(demo.superAdmin);
    const rows = await ctx.db.kysely
      .selectFrom('adminRegions')
      .select('adminRegionId')
      .where('marketId', '=', A.marketId)
      .execute();
    for (const row of rows) {
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/User/ActivateDeactivateAdmin',
        headers: { authorization: `Bearer ${sue}` },
        payload: { adminRegionId: row.adminRegionId, isDeleted: true },
      });
    }
    expect((await asAdmin('PUT', '/api/Approvers/Assignments', page)).statusCode).toBe(403);
  });
});
