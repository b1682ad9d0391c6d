import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages, type RoleId } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  buildAdminRegion,
  buildMasterApprover,
  buildPath,
  buildUser,
  userIdOf,
  type BuiltPath,
} from './factories.ts';

let ctx: TestContext;
const tokens: Partial<Record<keyof typeof demo, string>> = {};
let ADA: number;
/** A fresh path inside Ada's admin rows, and one outside them. */
let inside: BuiltPath;
let outside: BuiltPath;

beforeAll(async () => {
  ctx = await createTestContext();
  ADA = await userIdOf(ctx.db.kysely, demo.admin);
  for (const who of ['admin', 'superAdmin', 'auditor'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
  inside = await buildPath(ctx.db.kysely);
  await buildAdminRegion(ctx.db.kysely, ADA, inside);
  outside = await buildPath(ctx.db.kysely);
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'POST' | 'PUT';
const call = (who: keyof typeof demo, method: Method, url: string, body?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}` },
    ...(body ? { payload: body } : {}),
  });

const pathOf = (p: BuiltPath) => ({
  regionId: p.regionId,
  marketId: p.marketId,
  agencyId: p.agencyId,
  practiceId: p.practiceId,
});

async function rowOf(masterApproverId: number) {
  return ctx.db.kysely
    .selectFrom('masterApprovers')
    .selectAll()
    .where('masterApproverId', '=', masterApproverId)
    .executeTakeFirst();
}

async function roleOf(userId: number): Promise<RoleId> {
  const row = await ctx.db.kysely
    .selectFrom('users')
    .select('roleId')
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.roleId as RoleId;
}

describe('POST api/Approvers/SaveMasterApprover', () => {
  it("refuses a path missing a level with the spec's sentence, and nothing is saved", async () => {
    const user = await buildUser(ctx.db.kysely);
    const res = await call('admin', 'POST', '/api/Approvers/SaveMasterApprover', {
      userId: user.userId,
      regionId: inside.regionId,
      marketId: inside.marketId,
      agencyId: inside.agencyId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select region, market, agency and practice');
    const rows = await ctx.db.kysely
      .selectFrom('masterApprovers')
      .select('masterApproverId')
      .where('userId', '=', user.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a path without a user', async () => {
    const res = await call('admin', 'POST', '/api/Approvers/SaveMasterApprover', pathOf(inside));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please search for an approver');
  });

  it("saves an active row inside Ada's rows and makes a standard user a master approver", async () => {
    const user = await buildUser(ctx.db.kysely);
    const res = await call('admin', 'POST', '/api/Approvers/SaveMasterApprover', {
      userId: user.userId,
      ...pathOf(inside),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.masterApproverSaved);
    const [id] = res.json<{ data: { masterApproverIds: number[] } }>().data.masterApproverIds;
    expect(await rowOf(id!)).toMatchObject({
      userId: user.userId,
      ...pathOf(inside),
      isDeleted: 0,
      createdBy: ADA,
    });
    expect(await roleOf(user.userId)).toBe(Role.MASTERAPPROVER);
  });

  it('refuses the same person twice on one path (409)', async () => {
    const user = await buildUser(ctx.db.kysely);
    await buildMasterApprover(ctx.db.kysely, user.userId, inside);
    const res = await call('admin', 'POST', '/api/Approvers/SaveMasterApprover', {
      userId: user.userId,
      ...pathOf(inside),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.masterApproverExists);
  });

  it("answers 404 for a path outside Ada's rows; a super admin may save it", async () => {
    const user = await buildUser(ctx.db.kysely);
    const body = { userId: user.userId, ...pathOf(outside) };
    expect((await call('admin', 'POST', '/api/Approvers/SaveMasterApprover', body)).statusCode).toBe(404);
    const res = await call('superAdmin', 'POST', '/api/Approvers/SaveMasterApprover', body);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a practice the agency does not offer (422)', async () => {
    const user = await buildUser(ctx.db.kysely);
    const res = await call('admin', 'POST', '/api/Approvers/SaveMasterApprover', {
      userId: user.userId,
      ...pathOf(inside),
      practiceId: outside.practiceId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.invalidMasterApproverPath);
  });

  it('refuses a person whose directory account is disabled (422)', async () => {
    const leaver = await buildUser(ctx.db.kysely, { active: false });
    const res = await call('admin', 'POST', '/api/Approvers/SaveMasterApprover', {
      userId: leaver.userId,
      ...pathOf(inside),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.masterApproverUserInactive);
  });

  it('refuses the auditor', async () => {
    const user = await buildUser(ctx.db.kysely);
    const res = await call('auditor', 'POST', '/api/Approvers/SaveMasterApprover', {
      userId: user.userId,
      ...pathOf(inside),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.auditorsReadOnly);
  });
});

describe('PUT api/Approvers/UpdateMasterApprover', () => {
  it('moves a row to another person; the old one falls back to standard user, the new one is promoted', async () => {
    const before = await buildUser(ctx.db.kysely, { roleId: Role.MASTERAPPROVER });
    const after = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
    const id = await buildMasterApprover(ctx.db.kysely, before.userId, inside);
    const res = await call('admin', 'PUT', '/api/Approvers/UpdateMasterApprover', {
      masterApproverId: id,
      userId: after.userId,
      ...pathOf(inside),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({ userId: after.userId, updatedBy: ADA });
    expect(await roleOf(before.userId)).toBe(Role.STANDARD);
    expect(await roleOf(after.userId)).toBe(Role.MASTERAPPROVER);
  });

  it("answers 404 for a row outside Ada's rows and leaves it as it was", async () => {
    const user = await buildUser(ctx.db.kysely);
    const other = await buildUser(ctx.db.kysely);
    const id = await buildMasterApprover(ctx.db.kysely, user.userId, outside);
    const res = await call('admin', 'PUT', '/api/Approvers/UpdateMasterApprover', {
      masterApproverId: id,
      userId: other.userId,
      ...pathOf(inside),
    });
    expect(res.statusCode).toBe(404);
    expect(await rowOf(id)).toMatchObject({ userId: user.userId, regionId: outside.regionId });
  });
});

describe('PUT api/Approvers/MasterApprover/ActiveDeactive', () => {
  it("deactivates and activates rows with the spec's messages", async () => {
    const user = await buildUser(ctx.db.kysely, { roleId: Role.MASTERAPPROVER });
    const second = await buildPath(ctx.db.kysely, {
      regionId: inside.regionId,
      marketId: inside.marketId,
      agencyId: inside.agencyId,
    });
    const ids = [
      await buildMasterApprover(ctx.db.kysely, user.userId, inside),
      await buildMasterApprover(ctx.db.kysely, user.userId, second),
    ];
    const off = await call('admin', 'PUT', '/api/Approvers/MasterApprover/ActiveDeactive', {
      ids,
      isDeleted: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe('Master Approvers Deactivated');
    for (const id of ids) {
      expect((await rowOf(id))?.isDeleted).toBe(1);
    }
    expect(await roleOf(user.userId)).toBe(Role.STANDARD);

    const on = await call('admin', 'PUT', `/api/Approvers/MasterApprover/ActiveDeactive/${ids[0]}/false`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().message).toBe('Master Approvers Activated');
    expect((await rowOf(ids[0]!))?.isDeleted).toBe(0);
    expect((await rowOf(ids[1]!))?.isDeleted).toBe(1);
    expect(await roleOf(user.userId)).toBe(Role.MASTERAPPROVER);
  });

  it('changes nothing when one row of the selection is outside the scope (404)', async () => {
    const user = await buildUser(ctx.db.kysely);
    const mine = await buildMasterApprover(ctx.db.kysely, user.userId, inside);
    const theirs = await buildMasterApprover(ctx.db.kysely, user.userId, outside);
    const res = await call('admin', 'PUT', '/api/Approvers/MasterApprover/ActiveDeactive', {
      ids: [mine, theirs],
      isDeleted: true,
    });
    expect(res.statusCode).toBe(404);
    expect((await rowOf(mine))?.isDeleted).toBe(0);
    expect((await rowOf(theirs))?.isDeleted).toBe(0);
  });

  it('refuses to activate a row that repeats an active one (409)', async () => {
    const user = await buildUser(ctx.db.kysely);
    await buildMasterApprover(ctx.db.kysely, user.userId, inside);
    // An inactive twin (the unique index of migration 0015 refuses two active ones).
    const { masterApproverId: old } = await ctx.db.kysely
      .insertInto('masterApprovers')
      .values({
        userId: user.userId,
        regionId: inside.regionId,
        marketId: inside.marketId,
        agencyId: inside.agencyId,
        practiceId: inside.practiceId,
        isDeleted: 1,
      })
      .returning('masterApproverId')
      .executeTakeFirstOrThrow();
    const res = await call('admin', 'PUT', `/api/Approvers/MasterApprover/ActiveDeactive/${old}/false`);
    expect(res.statusCode).toBe(409);
    expect((await rowOf(old))?.isDeleted).toBe(1);
  });
});

describe('PUT api/Approvers/MasterApprover/DeleteMasterApprover/{id}', () => {
  it('removes the row and the role it gave', async () => {
    const user = await buildUser(ctx.db.kysely, { roleId: Role.MASTERAPPROVER });
    const id = await buildMasterApprover(ctx.db.kysely, user.userId, inside);
    const res = await call('admin', 'PUT', `/api/Approvers/MasterApprover/DeleteMasterApprover/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
    expect(await roleOf(user.userId)).toBe(Role.STANDARD);
  });

  it("answers 404 outside Ada's rows and keeps the row", async () => {
    const user = await buildUser(ctx.db.kysely);
    const id = await buildMasterApprover(ctx.db.kysely, user.userId, outside);
    const res = await call('admin', 'PUT', `/api/Approvers/MasterApprover/DeleteMasterApprover/${id}`);
    expect(res.statusCode).toBe(404);
    expect(await rowOf(id)).toBeDefined();
  });
});

describe('PUT api/Approvers/ReassignMasterApprover', () => {
  it("refuses without a new user: 'Select a new user'", async () => {
    const user = await buildUser(ctx.db.kysely);
    const id = await buildMasterApprover(ctx.db.kysely, user.userId, inside);
    const res = await call('admin', 'PUT', '/api/Approvers/ReassignMasterApprover', {
      oldMasterApproverIds: [id],
      NewMasterApproverUserId: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Select a new user');
  });

  it('moves the rows to the new person; a path they already hold is deactivated instead of repeated', async () => {
    const from = await buildUser(ctx.db.kysely, { roleId: Role.MASTERAPPROVER });
    const to = await buildUser(ctx.db.kysely);
    const second = await buildPath(ctx.db.kysely, {
      regionId: inside.regionId,
      marketId: inside.marketId,
      agencyId: inside.agencyId,
    });
    const moved = await buildMasterApprover(ctx.db.kysely, from.userId, inside);
    const repeated = await buildMasterApprover(ctx.db.kysely, from.userId, second);
    await buildMasterApprover(ctx.db.kysely, to.userId, second);
    const res = await call('admin', 'PUT', '/api/Approvers/ReassignMasterApprover', {
      oldMasterApproverIds: [moved, repeated],
      NewMasterApproverUserId: to.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(moved)).toMatchObject({ userId: to.userId, isDeleted: 0 });
    expect(await rowOf(repeated)).toMatchObject({ userId: from.userId, isDeleted: 1 });
    expect(await roleOf(from.userId)).toBe(Role.STANDARD);
    expect(await roleOf(to.userId)).toBe(Role.MASTERAPPROVER);
  });
});
