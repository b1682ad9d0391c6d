import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from '../harness.ts';
import { buildPath, buildRecord, buildUser, type BuiltPath, type BuiltUser } from '../factories.ts';

/**
 * A Profile Matcher proposal is about two people. Accepting it merges them under the merge's
 * scope rule; dismissing it, or seeing it, is acting on them too: a region admin lists and
 * dismisses only proposals about people she reaches, the super admin every one.
 */
let ctx: TestContext;
let sue: string;
let regionAdmin: string;
let A: BuiltPath;
let B: BuiltPath;
let inside: number;
let outside: number;

const k = () => ctx.db.kysely;

async function personWithRecordOn(path: BuiltPath): Promise<BuiltUser> {
  const person = await buildUser(k());
  await buildRecord(k(), { path, user: person, createdBy: person.userId });
  return person;
}

async function proposal(parent: BuiltUser, child: BuiltUser): Promise<number> {
  const { id } = await k()
    .insertInto('profileMergeProposals')
    .values({
      parentUserId: parent.userId,
      childUserId: child.userId,
      reason: 'name',
      status: 'PROPOSED',
      createdDate: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const statusOf = async (id: number) =>
  (
    await k()
      .selectFrom('profileMergeProposals')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

const call = (token: string, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

const listed = async (token: string) => {
  const res = await call(token, 'GET', '/api/User/ProfileMatcherProposals');
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: number }[]).map((p) => p.id);
};

beforeAll(async () => {
  ctx = await createTestContext();
  A = await buildPath(k());
  B = await buildPath(k());
  sue = await ctx.tokenFor(demo.superAdmin);
  regionAdmin = await appointRegionAdmin(ctx, await buildUser(k()), A);
  inside = await proposal(await personWithRecordOn(A), await buildUser(k()));
  outside = await proposal(await personWithRecordOn(B), await buildUser(k()));
});
afterAll(async () => {
  await ctx.close();
});

describe('Profile Matcher proposals and the region admin', () => {
  it('lists only the proposals about people she reaches; the super admin sees both', async () => {
    const hers = await listed(regionAdmin);
    expect(hers).toContain(inside);
    expect(hers).not.toContain(outside);
    expect(await listed(sue)).toEqual(expect.arrayContaining([inside, outside]));
  });

  it('cannot dismiss a proposal about someone outside her rows: 404, still proposed', async () => {
    const res = await call(regionAdmin, 'POST', `/api/User/ProfileMatcherProposals/${outside}/Dismiss`);
    expect(res.statusCode).toBe(404);
    expect(await statusOf(outside)).toBe('PROPOSED');
  });

  it('a standard user (a delegate, say) cannot dismiss any: 403', async () => {
    const sam = await ctx.tokenFor(demo.standard);
    const res = await call(sam, 'POST', `/api/User/ProfileMatcherProposals/${inside}/Dismiss`);
    expect(res.statusCode).toBe(403);
    expect(await statusOf(inside)).toBe('PROPOSED');
  });

  it('dismisses one inside her rows, and the super admin one outside them', async () => {
    expect(
      (await call(regionAdmin, 'POST', `/api/User/ProfileMatcherProposals/${inside}/Dismiss`)).statusCode,
    ).toBe(200);
    expect(await statusOf(inside)).toBe('DISMISSED');
    expect((await call(sue, 'POST', `/api/User/ProfileMatcherProposals/${outside}/Dismiss`)).statusCode).toBe(
      200,
    );
    expect(await statusOf(outside)).toBe('DISMISSED');
  });
});
