import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, RequestStatus, Role, type RequestStatusId } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { unsignedCsv } from './signed-body.ts';
import {
  buildAdminRegion,
  buildMasterApprover,
  buildPath,
  buildRequest,
  buildUser,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

/**
 * The Reports charts. Every number expected here is worked out by hand from the
 * lines this file makes, in a range (March–April 2001) where the demo seed has none.
 */

let ctx: TestContext;
let superToken = '';
let adminToken = '';
let approver: BuiltUser;
let provisioner: BuiltUser;
let master: BuiltUser;
/** A: assignment (approver, provisioner), inside the admin's rows. B: master approver only. C: no path. */
let pathA: BuiltPath;
let pathB: BuiltPath;
let pathC: BuiltPath;
/** D: the access records of the expiring chart. */
let pathD: BuiltPath;
const RANGE = 'from=2001-03-01&to=2001-04-30';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string, plusHours: number) => new Date(Date.parse(iso) + plusHours * HOUR).toISOString();
const ageDays = (iso: string) => (Date.now() - Date.parse(iso)) / DAY;

async function get(url: string, token = superToken) {
  return ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

async function data<T>(url: string, token = superToken): Promise<T> {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

/** A line approved, and provisioned unless `provisionHours` is null, the given hours after creation. */
async function timedLine(
  path: BuiltPath,
  createdDate: string,
  approveHours: number,
  provisionHours: number | null,
  user: BuiltUser,
) {
  const statusId = provisionHours === null ? RequestStatus.APPROVED : RequestStatus.COMPLETED;
  const line = await buildRequest(ctx.db.kysely, { path, user, statusId, createdDate });
  await ctx.db.kysely
    .updateTable('requests')
    .set({
      approvedDate: at(createdDate, approveHours),
      provisionedDate: provisionHours === null ? null : at(createdDate, approveHours + provisionHours),
    })
    .where('requestId', '=', line.requestId)
    .execute();
  return line;
}

const expiringAt = (days: number) => {
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  return new Date(today + days * DAY + 3 * HOUR).toISOString();
};

beforeAll(async () => {
  ctx = await createTestContext();
  const k = ctx.db.kysely;
  superToken = await ctx.tokenFor(demo.superAdmin);
  const admin = await buildUser(k, { roleId: Role.ADMIN });
  adminToken = await ctx.tokenFor(admin.email);
  approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Report', lastName: 'Approver' });
  provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Report', lastName: 'Provisioner' });
  master = await buildUser(k, { roleId: Role.MASTERAPPROVER });
  const subject = await buildUser(k, {});
  pathA = await buildPath(k, { assignment: { primary: approver.userId, provisioner: provisioner.userId } });
  pathB = await buildPath(k, {});
  pathC = await buildPath(k, {});
  await buildMasterApprover(k, master.userId, pathB);
  await buildAdminRegion(k, admin.userId, pathA);

  pathD = await buildPath(k, {});
  // Median times. A: approve 2, 4, 6, 10 h (median 5); provision 1, 3, 5 h (median 3; the 6 h line
  // is still Approved). B: approve 1, 3, 5 h (median 3); provision 6, 8 h (median 7).
  await timedLine(pathA, '2001-03-02T08:00:00.000Z', 2, 1, subject);
  await timedLine(pathA, '2001-03-05T08:00:00.000Z', 4, 3, subject);
  await timedLine(pathA, '2001-04-10T08:00:00.000Z', 10, 5, subject);
  await timedLine(pathA, '2001-04-12T08:00:00.000Z', 6, null, subject);
  await timedLine(pathB, '2001-03-03T08:00:00.000Z', 1, 6, subject);
  await timedLine(pathB, '2001-03-04T08:00:00.000Z', 3, 8, subject);
  await timedLine(pathB, '2001-04-04T08:00:00.000Z', 5, null, subject);

  // Pending: A's Submitted lines wait on its approver, its Approved one (above) on its provisioner;
  // B's Submitted line on the master approvers, B's Approved one (no assignment) and C's Submitted
  // one on the administrators. Urgent: A Apr 20, C Apr 1, C Apr 3.
  const lines: [BuiltPath, RequestStatusId, string, number][] = [
    [pathA, RequestStatus.SUBMITTED, '2001-03-10T00:00:00.000Z', 0],
    [pathA, RequestStatus.SUBMITTED, '2001-04-20T00:00:00.000Z', 1],
    [pathB, RequestStatus.SUBMITTED, '2001-03-15T00:00:00.000Z', 0],
    [pathC, RequestStatus.SUBMITTED, '2001-04-01T00:00:00.000Z', 1],
    [pathC, RequestStatus.REJECTED, '2001-04-02T00:00:00.000Z', 0],
    [pathC, RequestStatus.CANCELLED, '2001-04-03T00:00:00.000Z', 1],
  ];
  for (const [path, statusId, createdDate, isUrgent] of lines) {
    await buildRequest(k, { path, user: subject, statusId, createdDate, set: { isUrgent } });
  }

  // Expiring: active records created in the range expiring in 2 and 9 days (D) and 20 days (C);
  // not counted: 40 days, yesterday, a deactivated one, one created after the range (all D).
  const records: [BuiltPath, number, number, string][] = [
    [pathD, 2, 0, '2001-03-20T00:00:00.000Z'],
    [pathD, 9, 0, '2001-03-21T00:00:00.000Z'],
    [pathC, 20, 0, '2001-03-22T00:00:00.000Z'],
    [pathD, 40, 0, '2001-03-23T00:00:00.000Z'],
    [pathD, -1, 0, '2001-03-24T00:00:00.000Z'],
    [pathD, 3, 1, '2001-03-25T00:00:00.000Z'],
    [pathD, 3, 0, '2001-05-01T00:00:00.000Z'],
  ];
  for (const [path, days, isDeleted, createdDate] of records) {
    await buildRequest(k, {
      path,
      user: subject,
      statusId: RequestStatus.COMPLETED,
      createdDate,
      set: { expirationDate: expiringAt(days), isDeleted },
    });
  }
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

type Counts = { month: string; statusName: string; count: number }[];
const byMonth = (rows: Counts) =>
  Object.fromEntries(rows.map((r) => [`${r.month} ${r.statusName}`, r.count]));

describe('GET api/Reports/RequestsByMonth', () => {
  it('counts the lines of the range by month and status', async () => {
    const rows = await data<Counts>(`/api/Reports/RequestsByMonth?${RANGE}`);
    // March: Completed A×2, B×2 and the 6 records of Mar 20–25; Submitted A, B.
    // April: Completed A; Approved A, B; Submitted A, C; Rejected C; Cancelled C.
    expect(byMonth(rows)).toEqual({
      '2001-03 Submitted': 2,
      '2001-03 Completed': 10,
      '2001-04 Submitted': 2,
      '2001-04 Approved': 2,
      '2001-04 Completed': 1,
      '2001-04 Rejected': 1,
      '2001-04 Cancelled': 1,
    });
  });

  it('gives an admin only the lines inside their (region, market) rows', async () => {
    const rows = await data<Counts>(`/api/Reports/RequestsByMonth?${RANGE}`, adminToken);
    expect(byMonth(rows)).toEqual({
      '2001-03 Submitted': 1,
      '2001-03 Completed': 2,
      '2001-04 Submitted': 1,
      '2001-04 Approved': 1,
      '2001-04 Completed': 1,
    });
  });

  it('refuses a reversed range and a malformed or missing day with 400', async () => {
    const reversed = await get('/api/Reports/RequestsByMonth?from=2001-04-30&to=2001-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ succeeded: false, message: messages.auditRangeReversed });
    expect((await get('/api/Reports/RequestsByMonth?from=2001-02-30&to=2001-03-01')).statusCode).toBe(400);
    expect((await get('/api/Reports/RequestsByMonth?from=2001-03-01')).statusCode).toBe(400);
  });

  it('exports the same rows as CSV', async () => {
    const res = await get(`/api/Reports/RequestsByMonth/Export?${RANGE}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(unsignedCsv(res.body).replace('\uFEFF', '').trim().split(/\r?\n/)).toEqual([
      'Month,Status,Requests',
      '2001-03,Submitted,1',
      '2001-03,Completed,2',
      '2001-04,Submitted,1',
      '2001-04,Approved,1',
      '2001-04,Completed,1',
    ]);
  });
});

type Median = {
  id: number;
  name: string;
  approvedCount: number;
  medianApproveHours: number | null;
  provisionedCount: number;
  medianProvisionHours: number | null;
};

describe('GET api/Reports/MedianTimes', () => {
  it('gives the median hours to approve and to provision per platform, from the lines’ decision dates', async () => {
    const rows = await data<Median[]>(`/api/Reports/MedianTimes?${RANGE}&by=platform`);
    const of = (path: BuiltPath) => rows.find((r) => r.id === path.platformId);
    expect(of(pathA)).toEqual({
      id: pathA.platformId,
      name: pathA.names.platform,
      approvedCount: 4,
      medianApproveHours: 5,
      provisionedCount: 3,
      medianProvisionHours: 3,
    });
    expect(of(pathB)).toMatchObject({
      approvedCount: 3,
      medianApproveHours: 3,
      provisionedCount: 2,
      medianProvisionHours: 7,
    });
    // The records were approved and provisioned the moment they were made; C's rejected line has no approval.
    expect(of(pathC)).toMatchObject({ approvedCount: 1, medianApproveHours: 0, provisionedCount: 1 });
    expect(of(pathD)).toMatchObject({ approvedCount: 5, provisionedCount: 5 });
  });

  it('groups by agency when asked, and an admin sees only their rows', async () => {
    const rows = await data<Median[]>(`/api/Reports/MedianTimes?${RANGE}&by=agency`);
    expect(rows.find((r) => r.id === pathB.agencyId)).toMatchObject({
      name: pathB.names.agency,
      medianProvisionHours: 7,
    });
    const mine = await data<Median[]>(`/api/Reports/MedianTimes?${RANGE}&by=agency`, adminToken);
    expect(mine.map((r) => r.id)).toEqual([pathA.agencyId]);
  });
});

type Pending = {
  waitsOn: string;
  userId: number | null;
  name: string;
  email: string | null;
  pendingCount: number;
  oldestAgeDays: number;
  medianAgeDays: number;
};

describe('GET api/Reports/PendingByApprover', () => {
  it('puts each pending line on whom the routing rule makes it wait, with its age in days', async () => {
    const rows = await data<Pending[]>(`/api/Reports/PendingByApprover?${RANGE}`);
    const byKey = new Map(rows.map((r) => [`${r.waitsOn} ${r.userId ?? ''}`, r]));
    expect(byKey.size).toBe(4);
    const mine = byKey.get(`approver ${approver.userId}`);
    expect(mine).toMatchObject({ name: approver.displayName, email: approver.email, pendingCount: 2 });
    const [mar10, apr20] = [ageDays('2001-03-10T00:00:00.000Z'), ageDays('2001-04-20T00:00:00.000Z')];
    expect(Math.abs(mine!.oldestAgeDays - mar10)).toBeLessThan(0.2);
    expect(Math.abs(mine!.medianAgeDays - (mar10 + apr20) / 2)).toBeLessThan(0.2);
    expect(byKey.get(`provisioner ${provisioner.userId}`)).toMatchObject({ pendingCount: 1 });
    expect(byKey.get('masterApprover ')).toMatchObject({ pendingCount: 1 });
    const admins = byKey.get('administrators ');
    expect(admins).toMatchObject({ pendingCount: 2 });
    expect(Math.abs(admins!.oldestAgeDays - ageDays('2001-04-01T00:00:00.000Z'))).toBeLessThan(0.2);
  });

  it("reads the line's own path when its agency has since moved market (the stored path no longer matches)", async () => {
    const k = ctx.db.kysely;
    const mover = await buildUser(k);
    const subject = await buildUser(k);
    const path = await buildPath(k, { assignment: { primary: mover.userId } });
    await buildRequest(k, {
      path,
      user: subject,
      statusId: RequestStatus.SUBMITTED,
      createdDate: '2002-01-15T00:00:00.000Z',
    });
    const window = 'from=2002-01-01&to=2002-01-31';
    const before = await data<Pending[]>(`/api/Reports/PendingByApprover?${window}`);
    expect(before.map((r) => [r.waitsOn, r.userId, r.pendingCount])).toEqual([['approver', mover.userId, 1]]);
    // The line keeps its region and market; the assignment on them still routes it.
    const elsewhere = await buildPath(k);
    await k
      .updateTable('agencies')
      .set({ marketId: elsewhere.marketId })
      .where('agencyId', '=', path.agencyId)
      .execute();
    const after = await data<Pending[]>(`/api/Reports/PendingByApprover?${window}`);
    expect(after.map((r) => [r.waitsOn, r.userId, r.pendingCount])).toEqual([['approver', mover.userId, 1]]);
  });

  it('gives an admin the pending work of their rows only', async () => {
    const rows = await data<Pending[]>(`/api/Reports/PendingByApprover?${RANGE}`, adminToken);
    expect(rows.map((r) => [r.waitsOn, r.userId, r.pendingCount])).toEqual([
      ['approver', approver.userId, 2],
      ['provisioner', provisioner.userId, 1],
    ]);
  });
});

describe('GET api/Reports/UrgentShare', () => {
  it('gives the urgent lines and their share per month', async () => {
    const rows = await data<unknown[]>(`/api/Reports/UrgentShare?${RANGE}`);
    expect(rows).toEqual([
      { month: '2001-03', totalCount: 12, urgentCount: 0, urgentPercent: 0 },
      { month: '2001-04', totalCount: 7, urgentCount: 3, urgentPercent: 42.9 },
    ]);
  });
});

describe('GET api/Reports/ExpiringAccess', () => {
  it('counts the active records expiring in the next 30 days per platform and week', async () => {
    const rows = await data<{ platformId: number }[]>(`/api/Reports/ExpiringAccess?${RANGE}`);
    expect(rows.filter((r) => [pathC.platformId, pathD.platformId].includes(r.platformId))).toEqual(
      [
        {
          platformId: pathC.platformId,
          platformName: pathC.names.platform,
          week1: 0,
          week2: 0,
          week3: 1,
          week4: 0,
          totalCount: 1,
        },
        {
          platformId: pathD.platformId,
          platformName: pathD.names.platform,
          week1: 1,
          week2: 1,
          week3: 0,
          week4: 0,
          totalCount: 2,
        },
      ].sort((a, b) => a.platformName.localeCompare(b.platformName)),
    );
    expect(rows).toHaveLength(2);
  });

  it('exports them as CSV', async () => {
    const res = await get(`/api/Reports/ExpiringAccess/Export?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const lines = unsignedCsv(res.body).replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Platform,Days 0-6,Days 7-13,Days 14-20,Days 21-29,Total');
    expect(lines).toContain(`${pathD.names.platform},1,1,0,0,2`);
  });
});
