import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildUser, type BuiltPath, type BuiltUser } from './factories.ts';

/** Callers' profiles kept for a minute: only a write on this process may end that early. */
let ctx: TestContext;
let inside: BuiltPath;
beforeAll(async () => {
  ctx = await createTestContext({ ACTOR_CACHE_SECONDS: '60' });
  inside = await buildPath(ctx.db.kysely);
});
afterAll(async () => {
  await ctx.close();
});

async function call(email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    ...(payload ? { payload } : {}),
  });
}

/** An administrators' read: Admin and above (403 below). */
const adminRead = (user: BuiltUser) => call(user.email, 'PUT', '/api/User/GetAdminRegion', {});

const setProfile = (userId: number, values: { roleId?: number; isDeleted?: number }) =>
  ctx.db.kysely.updateTable('users').set(values).where('userId', '=', userId).execute();

describe("the caller's profile, kept a few seconds", () => {
  it("is reused between requests: a role changed behind the API's back shows only after a write", async () => {
    const user = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN });
    expect((await adminRead(user)).statusCode).toBe(200);
    await setProfile(user.userId, { roleId: Role.STANDARD });
    // Kept: nothing was written through this process.
    expect((await adminRead(user)).statusCode).toBe(200);
    // Any call of a write route on this process forgets every kept profile (here one refused
    // for its empty body).
    expect((await call(user.email, 'POST', '/api/User/AssignAdminRegion', {})).statusCode).toBe(400);
    expect((await adminRead(user)).statusCode).toBe(403);
  });

  it("loses the Admin role at once when an administrator deactivates the person's admin row", async () => {
    const user = await buildUser(ctx.db.kysely);
    expect((await adminRead(user)).statusCode).toBe(403);
    const saved = await call(demo.superAdmin, 'POST', '/api/User/AssignAdminRegion', {
      userId: user.userId,
      regionId: inside.regionId,
      marketId: inside.marketId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await adminRead(user)).statusCode).toBe(200);
    const off = await call(demo.superAdmin, 'PUT', '/api/User/ActivateDeactivateAdmin', {
      adminRegionId: saved.json<{ data: { adminRegionId: number } }>().data.adminRegionId,
      isDeleted: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await adminRead(user)).statusCode).toBe(403);
  });

  it('refuses a deleted profile at once after a job run, and never keeps a missing profile', async () => {
    const user = await buildUser(ctx.db.kysely);
    expect((await call(user.email, 'GET', '/api/Request/TaskCounts')).statusCode).toBe(200);
    await setProfile(user.userId, { isDeleted: 1 });
    expect((await call(user.email, 'GET', '/api/Request/TaskCounts')).statusCode).toBe(200);
    const [job] = ctx.app.jobRunner.jobs;
    await ctx.app.jobRunner.run(job!.name);
    expect((await call(user.email, 'GET', '/api/Request/TaskCounts')).statusCode).toBe(403);
    // No profile: not kept, so restoring it shows at once without any write.
    await setProfile(user.userId, { isDeleted: 0 });
    expect((await call(user.email, 'GET', '/api/Request/TaskCounts')).statusCode).toBe(200);
  });
});
