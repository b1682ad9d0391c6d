import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages } from '@uap/domain';
import { createTestContext, type TestContext } from '../harness.ts';
import { buildUser } from '../factories.ts';

/**
 * Issue 43, "Also": a leaver's token kept working for up to an hour after the directory turned
 * them off. Now the directory's word holds on their next call, even with the callers' profiles
 * kept between requests (ACTOR_CACHE_SECONDS) on this instance.
 */
const SECRET = 'scim-secret-for-the-leaver-test-0123456789';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ SCIM_TOKEN: SECRET, ACTOR_CACHE_SECONDS: '3600' });
});
afterAll(async () => {
  await ctx.close();
});

const scim = (method: 'PATCH' | 'DELETE', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      authorization: `Bearer ${SECRET}`,
      ...(body ? { 'content-type': 'application/scim+json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

const myRequests = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/User/GetAdminRegion',
    headers: { authorization: `Bearer ${token}` },
  });

describe('a leaver holding a token', () => {
  it('is refused on the next call once SCIM sets active false', async () => {
    const admin = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN });
    const token = await ctx.tokenFor(admin.email);
    expect((await myRequests(token)).statusCode).toBe(200);

    const off = await scim('PATCH', `/Users/${admin.directoryId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: false }],
    });
    expect(off.statusCode, off.body).toBe(200);

    const next = await myRequests(token);
    expect(next.statusCode, next.body).toBe(401);
    expect(next.json().message).toBe(messages.directoryAccountDisabled);
  });

  it('is refused on the next call once SCIM deletes them', async () => {
    const admin = await buildUser(ctx.db.kysely, { roleId: Role.ADMIN });
    const token = await ctx.tokenFor(admin.email);
    expect((await myRequests(token)).statusCode).toBe(200);

    const gone = await scim('DELETE', `/Users/${admin.directoryId}`);
    expect(gone.statusCode, gone.body).toBe(204);

    expect((await myRequests(token)).statusCode).toBe(401);
  });

  it('gets no new profile either', async () => {
    const leaver = await buildUser(ctx.db.kysely, { active: false });
    await ctx.db.kysely.deleteFrom('users').where('userId', '=', leaver.userId).execute();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/ValidateNewUser',
      headers: { authorization: `Bearer ${await ctx.tokenFor(leaver.email)}` },
    });
    expect(res.statusCode, res.body).toBe(401);
  });
});
