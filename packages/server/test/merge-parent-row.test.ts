import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfilePage } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildUser, type BuiltUser } from './factories.ts';

/**
 * All User Profiles (spec 3 §5): a merge parent is marked as merged (its User Details List lists
 * the merged profiles) and is not offered Delete, which the server refuses for it anyway.
 */
let ctx: TestContext;
let sue: string;

beforeAll(async () => {
  ctx = await createTestContext();
  sue = await ctx.tokenFor(demo.superAdmin);
});
afterAll(async () => {
  await ctx.close();
});

async function rowOf(user: BuiltUser) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/User/GetAllUsers',
    headers: { authorization: `Bearer ${sue}` },
    payload: { searchCriteria: user.email },
  });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json<{ data: ProfilePage }>().data.users;
  expect(rows.map((r) => r.userId)).toEqual([user.userId]);
  return rows[0]!;
}

describe('a merge parent in All User Profiles', () => {
  it('is marked as merged and offers no Delete; a lone profile is neither', async () => {
    const parent = await buildUser(ctx.db.kysely);
    const child = await buildUser(ctx.db.kysely);
    expect(await rowOf(parent)).toMatchObject({ hasMergedChildren: false, canDelete: true });

    const merged = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/MergeProfile',
      headers: { authorization: `Bearer ${sue}` },
      payload: { userId: child.userId, mergedUserId: parent.userId },
    });
    expect(merged.statusCode, merged.body).toBe(200);

    expect(await rowOf(parent)).toMatchObject({ hasMergedChildren: true, canDelete: false, isChild: false });
    expect(await rowOf(child)).toMatchObject({ hasMergedChildren: false, isChild: true, canDelete: false });
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/User/deleteUser/${parent.userId}`,
      headers: { authorization: `Bearer ${sue}` },
    });
    expect(refused.statusCode).toBe(422);
  });
});
