import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from '../harness.ts';
import { buildPath, buildUser, type BuiltPath } from '../factories.ts';

/**
 * Issue 43, finding 9: an administrator could appoint an external guest as administrator. Only
 * internal colleagues are appointed, administrator or super administrator (422 otherwise).
 */
let ctx: TestContext;
let path: BuiltPath;
let regionAdminToken: string;
let sueToken: string;

const post = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

beforeAll(async () => {
  ctx = await createTestContext();
  path = await buildPath(ctx.db.kysely);
  sueToken = await ctx.tokenFor(demo.superAdmin);
  regionAdminToken = await appointRegionAdmin(ctx, await buildUser(ctx.db.kysely), path);
});
afterAll(async () => {
  await ctx.close();
});

describe('appointing an external guest', () => {
  it('as administrator is refused, by a region admin and by the super administrator', async () => {
    for (const token of [regionAdminToken, sueToken]) {
      const guest = await buildUser(ctx.db.kysely, { isInternal: false, userType: 'Guest' });
      const res = await post(token, '/api/User/AssignAdminRegion', {
        userId: guest.userId,
        regionId: path.regionId,
        marketId: path.marketId,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(messages.adminUserNotInternal);
      const rows = await ctx.db.kysely
        .selectFrom('adminRegions')
        .select('adminRegionId')
        .where('userId', '=', guest.userId)
        .execute();
      expect(rows).toEqual([]);
    }
  });

  it('as super administrator is refused', async () => {
    const guest = await buildUser(ctx.db.kysely, { isInternal: false, userType: 'Guest' });
    const res = await post(sueToken, '/api/User/AssignSuperAdmin', { userId: guest.userId });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(messages.adminUserNotInternal);
  });

  it('an internal colleague is still appointed', async () => {
    const colleague = await buildUser(ctx.db.kysely);
    const res = await post(regionAdminToken, '/api/User/AssignAdminRegion', {
      userId: colleague.userId,
      regionId: path.regionId,
      marketId: path.marketId,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
