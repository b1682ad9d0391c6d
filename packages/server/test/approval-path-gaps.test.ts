import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { unsignedCsv } from './signed-body.ts';
import {
  buildAssignment,
  buildMasterApprover,
  buildPath,
  buildRecord,
  buildUser,
  type BuiltUser,
} from './factories.ts';

/**
 * The gaps: one active assignment per path held by the database as well as the service,
 * and CSV exports of the master approver, approver status and leaver tables.
 */
let ctx: TestContext;
let superAdmin: BuiltUser;
beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await buildUser(ctx.db.kysely, { roleId: Role.SUPERADMIN });
});
afterAll(async () => {
  await ctx.close();
});

async function csvOf(url: string, payload: object) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url,
    payload,
    headers: { authorization: `Bearer ${await ctx.tokenFor(superAdmin.email)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return unsignedCsv(res.body)
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
}

describe('one active assignment per path (migration 0015)', () => {
  it('refuses a second active assignment of a path, with or without a client, and a repeated master row', async () => {
    const k = ctx.db.kysely;
    const a = await buildUser(k, { roleId: Role.APPROVER });
    const b = await buildUser(k, { roleId: Role.APPROVER });
    const path = await buildPath(k, { assignment: { primary: a.userId } });
    await expect(buildAssignment(k, path, { primary: b.userId })).rejects.toThrow();
    // Naming the client is another path; twice is not.
    await buildAssignment(k, path, { primary: b.userId, clientScoped: true });
    await expect(buildAssignment(k, path, { primary: a.userId, clientScoped: true })).rejects.toThrow();
    // An inactive duplicate is allowed (history), and may not come back while the other is active.
    const old = await k
      .insertInto('approverAssignments')
      .values({ ...pathIds(path), userId: b.userId, clientId: null, isDeleted: 1 })
      .returning('approverId')
      .executeTakeFirstOrThrow();
    await expect(
      k
        .updateTable('approverAssignments')
        .set({ isDeleted: 0 })
        .where('approverId', '=', old.approverId)
        .execute(),
    ).rejects.toThrow();

    await buildMasterApprover(k, a.userId, path);
    await expect(buildMasterApprover(k, a.userId, path)).rejects.toThrow();
    await buildMasterApprover(k, b.userId, path);
  });
});

function pathIds(p: {
  regionId: number;
  marketId: number;
  agencyId: number;
  practiceId: number;
  platformId: number;
}) {
  return {
    regionId: p.regionId,
    marketId: p.marketId,
    agencyId: p.agencyId,
    practiceId: p.practiceId,
    platformId: p.platformId,
  };
}

describe('CSV exports of the approval-path tables', () => {
  it('exports the master approver table as filtered', async () => {
    const k = ctx.db.kysely;
    const master = await buildUser(k, { roleId: Role.MASTERAPPROVER, name: 'Mia', lastName: 'Export' });
    const path = await buildPath(k);
    await buildMasterApprover(k, master.userId, path);
    const lines = await csvOf('/api/Approvers/MasterApprovers/Export', { searchCriteria: master.email });
    expect(lines).toEqual([
      'Status,Master Approver,Email,Region,Market,Agency,Practice',
      `Active,Mia Export,${master.email},${path.names.region},${path.names.market},${path.names.agency},${path.names.practice}`,
    ]);
  });

  it('exports the status of approvers and provisioners', async () => {
    const k = ctx.db.kysely;
    const gone = await buildUser(k, { active: false, name: 'Gus', lastName: 'Gone' });
    const primary = await buildUser(k, { roleId: Role.APPROVER });
    await buildPath(k, { assignment: { primary: primary.userId, secondary: gone.userId } });
    // 20:00 UTC on 1 March is already 2 March at UTC+14.
    await k
      .updateTable('directoryUsers')
      .set({ updatedDate: '2026-03-01T20:00:00.000Z' })
      .where('mail', '=', gone.email)
      .execute();
    const lines = await csvOf('/api/Approvers/CheckApprovalGrid/Export', { searchCriteria: gone.email });
    expect(lines).toEqual([
      'User ID,Date,Name,Email,Role,Change,Assignments',
      `${gone.userId},03-01-2026,Gus Gone,${gone.email},Secondary Approver,Directory account disabled,1`,
    ]);
    const kiritimati = await csvOf('/api/Approvers/CheckApprovalGrid/Export', {
      searchCriteria: gone.email,
      localTimeZone: 'Pacific/Kiritimati',
    });
    expect(kiritimati[1]).toBe(
      `${gone.userId},03-02-2026,Gus Gone,${gone.email},Secondary Approver,Directory account disabled,1`,
    );
  });

  it('exports the leaver records', async () => {
    const k = ctx.db.kysely;
    const leaver = await buildUser(k, { active: false, name: 'Lee', lastName: 'Leaver' });
    const path = await buildPath(k);
    const record = await buildRecord(k, {
      path,
      user: { userId: leaver.userId, email: leaver.email },
      createdBy: superAdmin.userId,
    });
    const lines = await csvOf('/api/Request/UserRecordsOfADInactiveUsers/Export', {
      searchCriteria: leaver.email,
    });
    expect(
      lines[0]?.startsWith('Record ID,Leaver Comment,User Name,User Primary Email,User Platform Email,'),
    ).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith(`${record.requestId},,Lee Leaver,${leaver.email},`)).toBe(true);
  });

  it("writes the leaver export's asset type and client account under the tracker's headers, dates in the caller's zone", async () => {
    const k = ctx.db.kysely;
    const leaver = await buildUser(k, { active: false });
    const path = await buildPath(k);
    const record = await buildRecord(k, {
      path,
      user: { userId: leaver.userId, email: leaver.email },
      createdBy: superAdmin.userId,
    });
    // 20:00 UTC on 1 March is already 2 March at UTC+14.
    await k
      .updateTable('requests')
      .set({ createdDate: '2026-03-01T20:00:00.000Z' })
      .where('requestId', '=', record.requestId)
      .execute();
    const cell = (lines: string[], header: string) =>
      lines[1]?.split(',')[lines[0]!.split(',').indexOf(header)];
    const asset = await k
      .selectFrom('assetTypes')
      .select('description')
      .where('assetId', '=', path.assetId)
      .executeTakeFirstOrThrow();
    const kiritimati = await csvOf('/api/Request/UserRecordsOfADInactiveUsers/Export', {
      searchCriteria: leaver.email,
      localTimeZone: 'Pacific/Kiritimati',
    });
    expect(cell(kiritimati, 'Asset Type')).toBe(asset.description);
    expect(cell(kiritimati, 'Asset Name')).toBe(path.names.account);
    expect(cell(kiritimati, 'Created Date')).toBe('03-02-2026 10:00 AM');
    const utc = await csvOf('/api/Request/UserRecordsOfADInactiveUsers/Export', {
      searchCriteria: leaver.email,
    });
    expect(cell(utc, 'Created Date')).toBe('03-01-2026 08:00 PM');
  });
});
