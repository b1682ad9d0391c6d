import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType, Role, messages, requestTypeNames, type TrackerRow } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { unsignedCsv } from './signed-body.ts';
import {
  buildAdminRegion,
  buildAssignment,
  buildMasterApprover,
  buildPath,
  buildRecord,
  buildRequest,
  buildUser,
  type BuiltUser,
} from './factories.ts';

let ctx: TestContext;
const tokens = new Map<string, string>();
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function tokenOf(email: string) {
  let token = tokens.get(email);
  if (!token) {
    token = await ctx.tokenFor(email);
    tokens.set(email, token);
  }
  return token;
}

const put = async (email: string, url: string, payload: object) =>
  ctx.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${await tokenOf(email)}` },
    payload,
  });

async function tracker(email: string, body: object = {}) {
  const res = await put(email, '/api/Request/AllRequests', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { requests: TrackerRow[]; page: number; totalCount: number } }>().data;
}

const byIds = (ids: number[]) => ({ filters: [{ column: 'requestId', values: ids.map(String) }] });
const k = () => ctx.db.kysely;

describe('PUT api/Request/AllRequests', () => {
  it('shows a super admin every line of every type and status, newest first', async () => {
    const subject = await buildUser(k());
    const path = await buildPath(k());
    for (const requestType of [RequestType.DEACTIVATE, RequestType.CHANGE, RequestType.ACTIVATE]) {
      const record = await buildRecord(k(), { path, user: subject });
      await buildRequest(k(), { path, user: subject, requestType, recordId: record.requestId });
    }
    for (const statusId of Object.values(RequestStatus)) {
      await buildRequest(k(), { path, user: subject, statusId });
    }
    const page = await tracker(demo.superAdmin, { pageSize: 100 });
    const total = await k()
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(page.totalCount).toBe(Number(total.n));
    const dates = page.requests.map((r) => r.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const types = await put(demo.superAdmin, '/api/Request/AllRequests/Filters', {
      column: 'requestTypeName',
    });
    expect(types.json().data.values).toEqual(expect.arrayContaining(Object.values(requestTypeNames)));
    const statuses = await put(demo.superAdmin, '/api/Request/AllRequests/Filters', { column: 'status' });
    expect(statuses.json().data.values).toEqual(
      expect.arrayContaining(['Submitted', 'Approved', 'Completed', 'Rejected', 'Cancelled', 'Archived']),
    );
  });

  it('shows a provisioner exactly the lines routed to them, in any status', async () => {
    const pat = await buildUser(k(), { roleId: Role.PROVISIONER });
    const approver = await buildUser(k(), { roleId: Role.APPROVER });
    const subject = await buildUser(k());
    const asProvisioner = await buildPath(k(), {
      assignment: { primary: approver.userId, provisioner: pat.userId },
    });
    const asBackup = await buildPath(k(), { assignment: { primary: approver.userId, backup: pat.userId } });
    // Pat is provisioner for every client of this path but another assignment names its client.
    const overridden = await buildPath(k(), {
      assignment: { primary: approver.userId, provisioner: pat.userId },
    });
    await buildAssignment(k(), overridden, { primary: approver.userId, clientScoped: true });
    const elsewhere = await buildPath(k(), { assignment: { primary: approver.userId } });

    const routed = [
      await buildRequest(k(), { path: asProvisioner, user: subject }),
      await buildRequest(k(), { path: asProvisioner, user: subject, statusId: RequestStatus.APPROVED }),
      await buildRequest(k(), { path: asBackup, user: subject, statusId: RequestStatus.COMPLETED }),
    ];
    // Not routed: another path, a path whose client-scoped assignment wins, Pat's own request.
    await buildRequest(k(), { path: elsewhere, user: subject, statusId: RequestStatus.APPROVED });
    await buildRequest(k(), { path: overridden, user: subject, statusId: RequestStatus.APPROVED });
    await buildRequest(k(), { path: asProvisioner, user: pat, statusId: RequestStatus.APPROVED });

    const page = await tracker(pat.email, { pageSize: 100, orderBy: 'requestId' });
    expect(page.totalCount).toBe(routed.length);
    expect(page.requests.map((r) => r.requestId)).toEqual(routed.map((r) => r.requestId).reverse());

    // Under filters on names of lookups (a status; a status and a region), in two orders.
    const status = { column: 'status', values: ['Approved', 'Completed'] };
    const [, approved, completed] = routed.map((r) => r.requestId);
    for (const orderBy of ['requestId', 'marketName']) {
      const ofStatus = await tracker(pat.email, {
        pageSize: 100,
        orderBy,
        orderAsc: false,
        filters: [status],
      });
      expect(ofStatus.totalCount, orderBy).toBe(2);
      expect(new Set(ofStatus.requests.map((r) => r.requestId)), orderBy).toEqual(
        new Set([approved, completed]),
      );
      const inRegion = await tracker(pat.email, {
        pageSize: 100,
        orderBy,
        filters: [status, { column: 'regionName', values: [asBackup.names.region] }],
      });
      expect(inRegion.totalCount, orderBy).toBe(1);
      expect(
        inRegion.requests.map((r) => r.requestId),
        orderBy,
      ).toEqual([completed]);
    }
  });

  it("shows an admin the lines inside their admin rows, and the filters' options within them", async () => {
    const ada = await buildUser(k(), { roleId: Role.ADMIN });
    const subject = await buildUser(k());
    const inside = await buildPath(k());
    const sameRegionOtherMarket = await buildPath(k(), { regionId: inside.regionId });
    const outside = await buildPath(k());
    await buildAdminRegion(k(), ada.userId, inside);
    const expected = [
      await buildRequest(k(), { path: inside, user: subject }),
      await buildRequest(k(), { path: inside, user: subject, statusId: RequestStatus.COMPLETED }),
    ];
    await buildRequest(k(), { path: sameRegionOtherMarket, user: subject });
    await buildRequest(k(), { path: outside, user: subject });

    const page = await tracker(ada.email, { pageSize: 100, orderBy: 'requestId' });
    expect(page.totalCount).toBe(expected.length);
    expect(page.requests.map((r) => r.requestId)).toEqual(expected.map((r) => r.requestId).reverse());
    const regions = await put(ada.email, '/api/Request/AllRequests/Filters', { column: 'regionName' });
    expect(regions.statusCode).toBe(200);
    expect(regions.json().data.values).toEqual([inside.names.region]);
    const markets = await put(ada.email, '/api/Request/AllRequests/Filters', { column: 'marketName' });
    expect(markets.json().data.values).toEqual([inside.names.market]);
    const ids = await put(ada.email, '/api/Request/AllRequests/Filters', { column: 'requestId' });
    expect(ids.json().data.values).toEqual(expected.map((r) => String(r.requestId)));
  });

  it('refuses roles below provisioner with 403', async () => {
    const res = await put(demo.standard, '/api/Request/AllRequests', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.forbiddenRole);
  });

  it('flags the lines that no assignment or master approver covers', async () => {
    const approver = await buildUser(k(), { roleId: Role.APPROVER });
    const master = await buildUser(k(), { roleId: Role.MASTERAPPROVER });
    const subject = await buildUser(k());
    const bare = await buildPath(k());
    const assigned = await buildPath(k(), { assignment: { primary: approver.userId } });
    const mastered = await buildPath(k());
    await buildMasterApprover(k(), master.userId, mastered);
    const unrouted = await buildRequest(k(), { path: bare, user: subject });
    const covered = await buildRequest(k(), { path: assigned, user: subject });
    const byMaster = await buildRequest(k(), { path: mastered, user: subject });

    const page = await tracker(demo.superAdmin, byIds([unrouted, covered, byMaster].map((r) => r.requestId)));
    expect(page.totalCount).toBe(3);
    const flag = new Map(page.requests.map((r) => [r.requestId, r.noApprovalPath]));
    expect(flag.get(unrouted.requestId)).toBe(true);
    expect(flag.get(covered.requestId)).toBe(false);
    expect(flag.get(byMaster.requestId)).toBe(false);
  });

  it('filters by status and region, searches and sorts by a whitelisted column', async () => {
    const subject = await buildUser(k());
    const other = await buildUser(k());
    const first = await buildPath(k());
    const second = await buildPath(k(), {
      regionId: first.regionId,
      marketId: first.marketId,
      agencyId: first.agencyId,
      practiceId: first.practiceId,
    });
    const submitted = [
      await buildRequest(k(), { path: second, user: subject }),
      await buildRequest(k(), { path: first, user: subject }),
    ];
    await buildRequest(k(), { path: first, user: other, statusId: RequestStatus.APPROVED });

    const page = await tracker(demo.superAdmin, {
      pageSize: 50,
      filters: [
        { column: 'status', values: ['Submitted'] },
        { column: 'regionName', values: [first.names.region] },
      ],
      orderBy: 'platformName',
      orderAsc: true,
    });
    expect(page.totalCount).toBe(2);
    const platforms = [first.names.platform, second.names.platform].sort((a, b) =>
      a.localeCompare(b, 'en', { sensitivity: 'base' }),
    );
    expect(page.requests.map((r) => r.platformName)).toEqual(platforms);
    expect(page.requests.map((r) => r.requestId).sort()).toEqual(submitted.map((r) => r.requestId).sort());
    expect(page.requests.every((r) => r.status.description === 'Submitted')).toBe(true);

    const searched = await tracker(demo.superAdmin, { searchCriteria: subject.email });
    expect(searched.requests.map((r) => r.requestId).sort()).toEqual(
      submitted.map((r) => r.requestId).sort(),
    );
    const bad = await put(demo.superAdmin, '/api/Request/AllRequests', { orderBy: 'secret' });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the whole filtered result as CSV, with the approval path flag', async () => {
    const subject = await buildUser(k());
    const unrouted = await buildRequest(k(), { path: await buildPath(k()), user: subject });
    const res = await put(demo.auditor, '/api/Request/AllRequests/Export', byIds([unrouted.requestId]));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = unsignedCsv(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Request ID');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(String(unrouted.requestId));
    expect(lines[1]).toContain(messages.noApprovalPath);

    // A provisioner's export holds exactly the lines routed to them.
    const pat: BuiltUser = await buildUser(k(), { roleId: Role.PROVISIONER });
    const approver = await buildUser(k(), { roleId: Role.APPROVER });
    const path = await buildPath(k(), { assignment: { primary: approver.userId, provisioner: pat.userId } });
    const routed = [
      await buildRequest(k(), { path, user: subject, statusId: RequestStatus.APPROVED }),
      await buildRequest(k(), { path, user: subject, statusId: RequestStatus.COMPLETED }),
    ];
    const patCsv = await put(pat.email, '/api/Request/AllRequests/Export', {});
    const rows = unsignedCsv(patCsv.body).trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(routed.length);
    for (const line of routed) {
      expect(rows.some((row) => row.includes(String(line.requestId)))).toBe(true);
    }
  });
});
