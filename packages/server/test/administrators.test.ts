import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type RoleId } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildAdminRegion, buildPath, buildUser, userIdOf, type BuiltPath } from './factories.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let ADA: number;
let SUE: number;
/** Two markets of one region inside Ada's admin rows, and a path outside them. */
let inside: BuiltPath;
let insideTwo: BuiltPath;
let outside: BuiltPath;

beforeAll(async () => {
  ctx = await createTestContext();
  ADA = await userIdOf(ctx.db.kysely, demo.admin);
  SUE = await userIdOf(ctx.db.kysely, demo.superAdmin);
  for (const who of ['admin', 'superAdmin', 'auditor', 'standard'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
  inside = await buildPath(ctx.db.kysely);
  insideTwo = await buildPath(ctx.db.kysely, { regionId: inside.regionId });
  outside = await buildPath(ctx.db.kysely);
  await buildAdminRegion(ctx.db.kysely, ADA, inside);
  await buildAdminRegion(ctx.db.kysely, ADA, insideTwo);
});
afterAll(async () => {
  await ctx.close();
});

type Who = 'admin' | 'superAdmin' | 'auditor' | 'standard';
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}` },
    ...(body ? { payload: body } : {}),
  });

async function roleOf(userId: number): Promise<RoleId> {
  const row = await ctx.db.kysely
    .selectFrom('users')
    .select('roleId')
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.roleId as RoleId;
}

function adminRowsOf(userId: number) {
  return ctx.db.kysely
    .selectFrom('adminRegions')
    .select(['adminRegionId', 'regionId', 'marketId', 'isDeleted'])
    .where('userId', '=', userId)
    .execute();
}

const pair = (p: BuiltPath) => ({ regionId: p.regionId, marketId: p.marketId });

describe('POST api/User/AssignAdminRegion', () => {
  it('refuses a body without a market, and nothing is saved', async () => {
    const user = await buildUser(ctx.db.kysely);
    const res = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      regionId: inside.regionId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose a user, a region and a market.');
    expect(await adminRowsOf(user.userId)).toEqual([]);
  });

  it("appoints a standard user inside the admin's scope: 'Admin saved!' and the Admin role", async () => {
    const user = await buildUser(ctx.db.kysely);
    const res = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      ...pair(inside),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Admin saved!');
    expect(res.json().succeeded).toBe(true);
    const rows = await adminRowsOf(user.userId);
    expect(rows).toEqual([
      {
        adminRegionId: res.json().data.adminRegionId,
        regionId: inside.regionId,
        marketId: inside.marketId,
        isDeleted: 0,
      },
    ]);
    expect(await roleOf(user.userId)).toBe(Role.ADMIN);
  });

  it('refuses the same person on the same region and market again, even when that row is inactive (409)', async () => {
    const user = await buildUser(ctx.db.kysely);
    const first = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      ...pair(inside),
    });
    expect(first.statusCode).toBe(200);
    const again = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      ...pair(inside),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This user is already an administrator of this region and market.');
    await call('admin', 'PUT', '/api/User/ActivateDeactivateAdmin', {
      adminRegionId: first.json().data.adminRegionId,
      isDeleted: true,
    });
    const whileInactive = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      ...pair(inside),
    });
    expect(whileInactive.statusCode).toBe(409);
    expect(await adminRowsOf(user.userId)).toHaveLength(1);
  });

  it("refuses (404) a region and market outside the admin's own rows; a super admin may appoint there", async () => {
    const user = await buildUser(ctx.db.kysely);
    const res = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      ...pair(outside),
    });
    expect(res.statusCode).toBe(404);
    expect(await adminRowsOf(user.userId)).toEqual([]);
    const bySue = await call('superAdmin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      ...pair(outside),
    });
    expect(bySue.statusCode).toBe(200);
    expect(bySue.json().message).toBe('Admin saved!');
  });

  it('refuses a market of another region (422)', async () => {
    const user = await buildUser(ctx.db.kysely);
    const res = await call('superAdmin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      regionId: inside.regionId,
      marketId: outside.marketId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The selected market is not in the selected region.');
  });

  it('refuses a person whose directory account is disabled, and the auditor (422)', async () => {
    const leaver = await buildUser(ctx.db.kysely, { active: false });
    const res = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: leaver.userId,
      ...pair(inside),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'This user cannot be appointed: the profile or the directory account is inactive.',
    );
    const auditor = await userIdOf(ctx.db.kysely, demo.auditor);
    const asAuditor = await call('superAdmin', 'POST', '/api/User/AssignAdminRegion', {
      userId: auditor,
      ...pair(inside),
    });
    expect(asAuditor.statusCode).toBe(422);
    expect(asAuditor.json().message).toBe('The auditor cannot be appointed: the auditor role is read-only.');
    expect(await roleOf(auditor)).toBe(Role.AUDITOR);
  });

  it('refuses standard users and the auditor (403)', async () => {
    const user = await buildUser(ctx.db.kysely);
    for (const who of ['standard', 'auditor'] as const) {
      const res = await call(who, 'POST', '/api/User/AssignAdminRegion', {
        userId: user.userId,
        ...pair(inside),
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await adminRowsOf(user.userId)).toEqual([]);
  });

  it('keeps a super admin a super admin when they are also given an admin row', async () => {
    const sup = await buildUser(ctx.db.kysely, { roleId: Role.SUPERADMIN });
    const res = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: sup.userId,
      ...pair(inside),
    });
    expect(res.statusCode).toBe(200);
    expect(await roleOf(sup.userId)).toBe(Role.SUPERADMIN);
  });
});

describe('PUT api/User/UpdateAdminRegion', () => {
  it("moves a row to another market in scope: 'Admin updated!'", async () => {
    const user = await buildUser(ctx.db.kysely);
    const id = await buildAdminRegion(ctx.db.kysely, user.userId, inside);
    const res = await call('admin', 'PUT', '/api/User/UpdateAdminRegion', {
      adminRegionId: id,
      userId: user.userId,
      ...pair(insideTwo),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Admin updated!');
    expect(await adminRowsOf(user.userId)).toEqual([
      { adminRegionId: id, regionId: insideTwo.regionId, marketId: insideTwo.marketId, isDeleted: 0 },
    ]);
  });

  it('puts another person on the row: the new one becomes Admin, the former one falls back to the role their paths give', async () => {
    const former = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN });
    await buildPath(ctx.db.kysely, { ...pair(inside), assignment: { primary: former.userId } });
    const id = await buildAdminRegion(ctx.db.kysely, former.userId, inside);
    const next = await buildUser(ctx.db.kysely);
    const res = await call('admin', 'PUT', '/api/User/UpdateAdminRegion', {
      adminRegionId: id,
      userId: next.userId,
      ...pair(inside),
    });
    expect(res.statusCode).toBe(200);
    expect(await roleOf(next.userId)).toBe(Role.ADMIN);
    expect(await roleOf(former.userId)).toBe(Role.APPROVER);
  });

  it('refuses (404) a row outside scope, and a move of an inside row to an outside market', async () => {
    const user = await buildUser(ctx.db.kysely);
    const outsideId = await buildAdminRegion(ctx.db.kysely, user.userId, outside);
    const res = await call('admin', 'PUT', '/api/User/UpdateAdminRegion', {
      adminRegionId: outsideId,
      userId: user.userId,
      ...pair(inside),
    });
    expect(res.statusCode).toBe(404);
    const insideId = await buildAdminRegion(ctx.db.kysely, user.userId, inside);
    const move = await call('admin', 'PUT', '/api/User/UpdateAdminRegion', {
      adminRegionId: insideId,
      userId: user.userId,
      ...pair(outside),
    });
    expect(move.statusCode).toBe(404);
    expect((await adminRowsOf(user.userId)).map((r) => r.marketId).sort()).toEqual(
      [inside.marketId, outside.marketId].sort(),
    );
  });

  it('refuses a change that repeats another row of the person (409)', async () => {
    const user = await buildUser(ctx.db.kysely);
    await buildAdminRegion(ctx.db.kysely, user.userId, inside);
    const second = await buildAdminRegion(ctx.db.kysely, user.userId, insideTwo);
    const res = await call('admin', 'PUT', '/api/User/UpdateAdminRegion', {
      adminRegionId: second,
      userId: user.userId,
      ...pair(inside),
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('PUT api/User/ActivateDeactivateAdmin and DeleteAdmin', () => {
  it("deactivates with the server's message and the person loses the Admin role; activating gives it back", async () => {
    const user = await buildUser(ctx.db.kysely);
    const saved = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      ...pair(inside),
    });
    const adminRegionId = saved.json().data.adminRegionId as number;
    const off = await call('admin', 'PUT', '/api/User/ActivateDeactivateAdmin', {
      adminRegionId,
      isDeleted: true,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('Admin deactivated!');
    expect(await roleOf(user.userId)).toBe(Role.STANDARD);
    const on = await call('admin', 'PUT', '/api/User/ActivateDeactivateAdmin', {
      adminRegionId,
      isDeleted: false,
    });
    expect(on.json().message).toBe('Admin activated!');
    expect(await roleOf(user.userId)).toBe(Role.ADMIN);
  });

  it('keeps the Admin role while another active admin row remains', async () => {
    const user = await buildUser(ctx.db.kysely);
    const first = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      ...pair(inside),
    });
    await call('admin', 'POST', '/api/User/AssignAdminRegion', { userId: user.userId, ...pair(insideTwo) });
    const res = await call('admin', 'PUT', '/api/User/DeleteAdmin', {
      adminRegionId: first.json().data.adminRegionId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Admin deleted!');
    expect(await adminRowsOf(user.userId)).toHaveLength(1);
    expect(await roleOf(user.userId)).toBe(Role.ADMIN);
  });

  it('deletes the last row: the row is gone and the person is a standard user again', async () => {
    const user = await buildUser(ctx.db.kysely);
    const saved = await call('admin', 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      ...pair(inside),
    });
    const res = await call('admin', 'PUT', '/api/User/DeleteAdmin', {
      adminRegionId: saved.json().data.adminRegionId,
    });
    expect(res.json().message).toBe('Admin deleted!');
    expect(await adminRowsOf(user.userId)).toEqual([]);
    expect(await roleOf(user.userId)).toBe(Role.STANDARD);
  });

  it('refuses (404) rows outside the admin scope, and unknown rows', async () => {
    const user = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN });
    const id = await buildAdminRegion(ctx.db.kysely, user.userId, outside);
    const del = await call('admin', 'PUT', '/api/User/DeleteAdmin', { adminRegionId: id });
    expect(del.statusCode).toBe(404);
    const off = await call('admin', 'PUT', '/api/User/ActivateDeactivateAdmin', {
      adminRegionId: id,
      isDeleted: true,
    });
    expect(off.statusCode).toBe(404);
    expect(await adminRowsOf(user.userId)).toEqual([
      { adminRegionId: id, regionId: outside.regionId, marketId: outside.marketId, isDeleted: 0 },
    ]);
    const unknown = await call('superAdmin', 'PUT', '/api/User/DeleteAdmin', { adminRegionId: 987654321 });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('administrator lists', () => {
  it("GET api/User/GetAdminRegion: an admin sees only its own scope's rows, a super admin every row", async () => {
    const user = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN });
    const outsideId = await buildAdminRegion(ctx.db.kysely, user.userId, outside);
    const insideId = await buildAdminRegion(ctx.db.kysely, user.userId, inside);
    const byAda = (await call('admin', 'GET', '/api/User/GetAdminRegion')).json().data as {
      adminRegionId: number;
    }[];
    expect(byAda.map((r) => r.adminRegionId)).toContain(insideId);
    expect(byAda.map((r) => r.adminRegionId)).not.toContain(outsideId);
    const bySue = (await call('superAdmin', 'GET', '/api/User/GetAdminRegion')).json().data as {
      adminRegionId: number;
    }[];
    expect(bySue.map((r) => r.adminRegionId)).toEqual(expect.arrayContaining([insideId, outsideId]));
  });

  it('PUT api/User/GetAdminRegion pages, filters, searches and sorts within scope', async () => {
    const a = await buildUser(ctx.db.kysely, { name: 'Zed', lastName: 'Listed A', roleId: Role.ADMIN });
    const b = await buildUser(ctx.db.kysely, { name: 'Abe', lastName: 'Listed B', roleId: Role.ADMIN });
    await buildAdminRegion(ctx.db.kysely, a.userId, insideTwo);
    await buildAdminRegion(ctx.db.kysely, b.userId, insideTwo);
    await buildAdminRegion(ctx.db.kysely, b.userId, outside);
    const res = await call('admin', 'PUT', '/api/User/GetAdminRegion', {
      page: 1,
      pageSize: 10,
      orderBy: 'name',
      orderAsc: true,
      filters: [{ column: 'marketName', values: [insideTwo.names.market] }],
      searchCriteria: 'Listed',
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.totalCount).toBe(2);
    expect(page.records.map((r: { email: string }) => r.email)).toEqual([b.email, a.email]);
    expect(page.records[0]).toMatchObject({
      name: `Abe Listed B`,
      regionName: inside.names.region,
      marketName: insideTwo.names.market,
      isDeleted: false,
      status: 'Active',
    });
    const bySue = await call('superAdmin', 'PUT', '/api/User/GetAdminRegion', {
      filters: [{ column: 'email', values: [b.email] }],
    });
    expect(bySue.json().data.totalCount).toBe(2);
    const unknown = await call('admin', 'PUT', '/api/User/GetAdminRegion', { orderBy: 'password' });
    expect(unknown.statusCode).toBe(400);
  });

  it('PUT api/User/GetAdminRegion/Filters lists the markets of the admin scope only', async () => {
    const res = await call('admin', 'PUT', '/api/User/GetAdminRegion/Filters', { column: 'marketName' });
    expect(res.statusCode).toBe(200);
    const values = res.json().data.values as string[];
    expect(values).toEqual(expect.arrayContaining([inside.names.market, insideTwo.names.market]));
    expect(values).not.toContain(outside.names.market);
  });
});

describe('super administrators', () => {
  it('refuses admins on every super admin call (403)', async () => {
    const user = await buildUser(ctx.db.kysely);
    const calls = [
      call('admin', 'POST', '/api/User/AssignSuperAdmin', { userId: user.userId }),
      call('admin', 'PUT', '/api/User/GetSuperAdmins', {}),
      call('admin', 'PUT', '/api/User/UpdateSuperAdmin', { adminId: 1, userId: user.userId }),
      call('admin', 'PUT', '/api/User/DeleteSuperAdmin', { adminId: 1 }),
      call('admin', 'PUT', '/api/User/ActivateDeactivateSuperAdmin', { adminId: 1, isDeleted: true }),
      call('auditor', 'POST', '/api/User/AssignSuperAdmin', { userId: user.userId }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
    }
    expect(await roleOf(user.userId)).toBe(Role.STANDARD);
  });

  it('refuses a body without a user', async () => {
    const res = await call('superAdmin', 'POST', '/api/User/AssignSuperAdmin', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose a user.');
  });

  it("appoints: 'Super Admin saved!', the Super Admin role, and a second appointment is refused (409)", async () => {
    const user = await buildUser(ctx.db.kysely);
    const res = await call('superAdmin', 'POST', '/api/User/AssignSuperAdmin', { userId: user.userId });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Super Admin saved!');
    expect(await roleOf(user.userId)).toBe(Role.SUPERADMIN);
    const again = await call('superAdmin', 'POST', '/api/User/AssignSuperAdmin', { userId: user.userId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This user is already a super administrator.');
  });

  it("updates the person: 'Super Admin updated!'; the former one keeps Admin while an admin row names them", async () => {
    const former = await buildUser(ctx.db.kysely, { roleId: Role.SUPERADMIN });
    await buildAdminRegion(ctx.db.kysely, former.userId, outside);
    const row = await ctx.db.kysely
      .selectFrom('superAdmins')
      .select('adminId')
      .where('userId', '=', former.userId)
      .executeTakeFirstOrThrow();
    const next = await buildUser(ctx.db.kysely);
    const res = await call('superAdmin', 'PUT', '/api/User/UpdateSuperAdmin', {
      adminId: row.adminId,
      userId: next.userId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Super Admin updated!');
    expect(await roleOf(next.userId)).toBe(Role.SUPERADMIN);
    expect(await roleOf(former.userId)).toBe(Role.ADMIN);
  });

  it("deactivates, activates and deletes with the server's messages; the role follows", async () => {
    const user = await buildUser(ctx.db.kysely);
    const saved = await call('superAdmin', 'POST', '/api/User/AssignSuperAdmin', { userId: user.userId });
    const adminId = saved.json().data.adminId as number;
    const off = await call('superAdmin', 'PUT', '/api/User/ActivateDeactivateSuperAdmin', {
      adminId,
      isDeleted: true,
    });
    expect(off.json().message).toBe('Super Admin deactivated!');
    expect(await roleOf(user.userId)).toBe(Role.STANDARD);
    const on = await call('superAdmin', 'PUT', '/api/User/ActivateDeactivateSuperAdmin', {
      adminId,
      isDeleted: false,
    });
    expect(on.json().message).toBe('Super Admin activated!');
    expect(await roleOf(user.userId)).toBe(Role.SUPERADMIN);
    const del = await call('superAdmin', 'PUT', '/api/User/DeleteSuperAdmin', { adminId });
    expect(del.json().message).toBe('Super Admin deleted!');
    expect(await roleOf(user.userId)).toBe(Role.STANDARD);
    const rows = await ctx.db.kysely
      .selectFrom('superAdmins')
      .select('adminId')
      .where('adminId', '=', adminId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('GET api/User/GetSuperAdmins answers every row; PUT pages, filters and sorts them', async () => {
    const user = await buildUser(ctx.db.kysely, {
      name: 'Aaron',
      lastName: 'Superlisted',
      roleId: Role.SUPERADMIN,
    });
    const all = (await call('superAdmin', 'GET', '/api/User/GetSuperAdmins')).json().data as {
      userId: number;
    }[];
    expect(all.map((r) => r.userId)).toEqual(expect.arrayContaining([SUE, user.userId]));
    const res = await call('superAdmin', 'PUT', '/api/User/GetSuperAdmins', {
      searchCriteria: 'superlisted',
      filters: [{ column: 'status', values: ['Active'] }],
      orderBy: 'email',
      orderAsc: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      totalCount: 1,
      records: [{ userId: user.userId, name: 'Aaron Superlisted', email: user.email, status: 'Active' }],
    });
    const values = await call('superAdmin', 'PUT', '/api/User/GetSuperAdmins/Filters', { column: 'status' });
    expect(values.json().data.values).toEqual(['Active']);
  });

  it('never deletes or deactivates the last active super administrator (409); Sue stays', async () => {
    // Every other super admin row is made inactive, leaving Sue's the only active one.
    await ctx.db.kysely.updateTable('superAdmins').set({ isDeleted: 1 }).where('userId', '<>', SUE).execute();
    const sue = await ctx.db.kysely
      .selectFrom('superAdmins')
      .select('adminId')
      .where('userId', '=', SUE)
      .executeTakeFirstOrThrow();
    const off = await call('superAdmin', 'PUT', '/api/User/ActivateDeactivateSuperAdmin', {
      adminId: sue.adminId,
      isDeleted: true,
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('The last active super administrator cannot be deleted or deactivated.');
    const del = await call('superAdmin', 'PUT', '/api/User/DeleteSuperAdmin', { adminId: sue.adminId });
    expect(del.statusCode).toBe(409);
    const row = await ctx.db.kysely
      .selectFrom('superAdmins')
      .select('isDeleted')
      .where('adminId', '=', sue.adminId)
      .executeTakeFirstOrThrow();
    expect(row.isDeleted).toBe(0);
    expect(await roleOf(SUE)).toBe(Role.SUPERADMIN);
    // An inactive row may still be deleted.
    const other = await buildUser(ctx.db.kysely, { roleId: Role.SUPERADMIN });
    const otherRow = await ctx.db.kysely
      .selectFrom('superAdmins')
      .select('adminId')
      .where('userId', '=', other.userId)
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .updateTable('superAdmins')
      .set({ isDeleted: 1 })
      .where('adminId', '=', otherRow.adminId)
      .execute();
    const delInactive = await call('superAdmin', 'PUT', '/api/User/DeleteSuperAdmin', {
      adminId: otherRow.adminId,
    });
    expect(delInactive.statusCode).toBe(200);
  });
});
