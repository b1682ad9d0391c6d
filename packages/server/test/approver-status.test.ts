import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages, type ApproverStatusList } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  buildAdminRegion,
  buildMasterApprover,
  buildPath,
  buildUser,
  userIdOf,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

let ctx: TestContext;
const tokens: Partial<Record<keyof typeof demo, string>> = {};
let inside: BuiltPath;
let outside: BuiltPath;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['admin', 'superAdmin', 'auditor'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
  inside = await buildPath(ctx.db.kysely);
  await buildAdminRegion(ctx.db.kysely, await userIdOf(ctx.db.kysely, demo.admin), inside);
  outside = await buildPath(ctx.db.kysely);
});
afterAll(async () => {
  await ctx.close();
});

const call = (who: keyof typeof demo, method: 'GET' | 'PUT', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}` },
    ...(body ? { payload: body } : {}),
  });

/** The status rows of one person the caller sees (searching by their unique email). */
async function rowsOf(who: keyof typeof demo, user: BuiltUser) {
  const res = await call(who, 'PUT', '/api/Approvers/CheckApprovalGrid', { searchCriteria: user.email });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ApproverStatusList }>().data.statusRows;
}

/** A person whose directory account was disabled at `when`. */
async function leaver(when: string) {
  const user = await buildUser(ctx.db.kysely, { active: false });
  await ctx.db.kysely
    .updateTable('directoryUsers')
    .set({ updatedDate: when })
    .where('directoryId', '=', user.directoryId)
    .execute();
  return user;
}

/** A fresh path inside Ada's rows where `user` is the secondary approver. */
async function secondaryOn(user: BuiltUser, at: BuiltPath = inside) {
  const primary = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
  return buildPath(ctx.db.kysely, {
    regionId: at.regionId,
    marketId: at.marketId,
    assignment: { primary: primary.userId, secondary: user.userId },
  });
}

describe('GET/PUT api/Approvers/CheckApprovalGrid', () => {
  it('lists an assigned person whose directory account is disabled, with the fields of the spec', async () => {
    const user = await leaver('2025-03-04T10:00:00.000Z');
    await secondaryOn(user);
    await secondaryOn(user);
    const rows = await rowsOf('admin', user);
    expect(rows).toEqual([
      {
        id: user.userId * 10 + 2,
        userID: user.userId,
        operationDate: '2025-03-04T10:00:00.000Z',
        operationDateFormat: '03-04-2025',
        fullName: user.displayName,
        emailAddress: user.email,
        role: 'Secondary Approver',
        changeDescription: 'Directory account disabled',
        isDeleted: false,
        assignmentCount: 2,
      },
    ]);
    const get = await call('admin', 'GET', '/api/Approvers/CheckApprovalGrid?pageSize=100');
    expect(get.statusCode).toBe(200);
    expect(get.json<{ data: ApproverStatusList }>().data.totalCount).toBeGreaterThan(0);
  });

  it('lists a master approver whose UAP profile is inactive; active people are not listed', async () => {
    const gone = await buildUser(ctx.db.kysely);
    const staying = await buildUser(ctx.db.kysely);
    await buildMasterApprover(ctx.db.kysely, gone.userId, inside);
    await buildMasterApprover(ctx.db.kysely, staying.userId, inside);
    await ctx.db.kysely
      .updateTable('users')
      .set({ isDeleted: 1 })
      .where('userId', '=', gone.userId)
      .execute();
    expect(await rowsOf('admin', gone)).toMatchObject([
      { role: 'Master Approver', changeDescription: messages.statusProfileDeactivated },
    ]);
    expect(await rowsOf('admin', staying)).toEqual([]);
  });

  it('leaves out people only on inactive rows and rows outside the admin rows (a super admin sees those)', async () => {
    const user = await leaver('2025-03-04T10:00:00.000Z');
    await secondaryOn(user, outside);
    const onInactive = await leaver('2025-03-04T10:00:00.000Z');
    const path = await secondaryOn(onInactive);
    await ctx.db.kysely
      .updateTable('approverAssignments')
      .set({ isDeleted: 1 })
      .where('approverId', '=', path.approverId)
      .execute();
    expect(await rowsOf('admin', user)).toEqual([]);
    expect(await rowsOf('superAdmin', user)).toHaveLength(1);
    expect(await rowsOf('auditor', user)).toHaveLength(1);
    expect(await rowsOf('superAdmin', onInactive)).toEqual([]);
  });

  it('filters by role and refuses an unknown column', async () => {
    const user = await leaver('2025-03-04T10:00:00.000Z');
    await secondaryOn(user);
    await buildMasterApprover(ctx.db.kysely, user.userId, inside);
    const res = await call('admin', 'PUT', '/api/Approvers/CheckApprovalGrid', {
      searchCriteria: user.email,
      filters: [{ column: 'role', values: ['Master Approver'] }],
    });
    expect(res.json<{ data: ApproverStatusList }>().data.statusRows.map((r) => r.role)).toEqual([
      'Master Approver',
    ]);
    const bad = await call('admin', 'PUT', '/api/Approvers/CheckApprovalGrid', { orderBy: 'password' });
    expect(bad.statusCode).toBe(400);
    const options = await call('admin', 'PUT', '/api/Approvers/CheckApprovalGrid/Filters', {
      searchCriteria: user.email,
      column: 'role',
    });
    expect(options.json().data.values).toEqual(['Master Approver', 'Secondary Approver']);
  });
});

describe('PUT api/Approvers/…/AcknowledgeApproverOrProvisioner', () => {
  it("acknowledges one person's rows, which leave the list until a new change; false brings them back", async () => {
    const user = await leaver('2025-03-04T10:00:00.000Z');
    await secondaryOn(user);
    await buildMasterApprover(ctx.db.kysely, user.userId, inside);
    const url = `/api/Approvers/ApproverOrProvisioner/AcknowledgeApproverOrProvisioner/${user.userId}`;
    const res = await call('admin', 'PUT', `${url}/true`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Acknowledged successfully');
    expect(await rowsOf('admin', user)).toEqual([]);
    const stored = await ctx.db.kysely
      .selectFrom('assignmentStatusReports')
      .select(['role', 'isDeleted'])
      .where('userId', '=', user.userId)
      .orderBy('role')
      .execute();
    expect(stored).toEqual([
      { role: 'Master Approver', isDeleted: 1 },
      { role: 'Secondary Approver', isDeleted: 1 },
    ]);

    const back = await call('admin', 'PUT', `${url}/false`);
    expect(back.statusCode).toBe(200);
    expect(await rowsOf('admin', user)).toHaveLength(2);

    await call('admin', 'PUT', `${url}/true`);
    await ctx.db.kysely
      .updateTable('directoryUsers')
      .set({ updatedDate: '2025-06-01T00:00:00.000Z' })
      .where('directoryId', '=', user.directoryId)
      .execute();
    expect(await rowsOf('admin', user)).toHaveLength(2);
  });

  it('acknowledges several people at once; one outside the scope makes it 404 and changes nothing', async () => {
    const first = await leaver('2025-03-04T10:00:00.000Z');
    const second = await leaver('2025-03-04T10:00:00.000Z');
    const elsewhere = await leaver('2025-03-04T10:00:00.000Z');
    await secondaryOn(first);
    await secondaryOn(second);
    await secondaryOn(elsewhere, outside);
    const refused = await call('admin', 'PUT', '/api/Approvers/AcknowledgeApproverOrProvisioner', {
      Ids: [first.userId, elsewhere.userId],
      IsDeleted: true,
    });
    expect(refused.statusCode).toBe(404);
    expect(await rowsOf('admin', first)).toHaveLength(1);

    const res = await call('admin', 'PUT', '/api/Approvers/AcknowledgeApproverOrProvisioner', {
      Ids: [first.userId, second.userId],
      IsDeleted: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.acknowledged);
    expect(await rowsOf('admin', first)).toEqual([]);
    expect(await rowsOf('admin', second)).toEqual([]);
  });

  it('refuses the auditor', async () => {
    const user = await leaver('2025-03-04T10:00:00.000Z');
    await secondaryOn(user);
    const res = await call(
      'auditor',
      'PUT',
      `/api/Approvers/ApproverOrProvisioner/AcknowledgeApproverOrProvisioner/${user.userId}/true`,
    );
    expect(res.statusCode).toBe(403);
    expect(await rowsOf('admin', user)).toHaveLength(1);
  });
});
