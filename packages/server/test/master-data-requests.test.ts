import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const post = async (email: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/MasterDataRequest',
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    payload,
  });

const history = async (email: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/MasterDataRequest?pageSize=100',
      headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    })
  ).json<{ data: { items: { comments: string; createdByUser: { name: string } }[]; totalCount: number } }>()
    .data;

describe('master data requests', () => {
  it('stores a request and answers the spec message', async () => {
    const res = await post(demo.standard, {
      MasterDataType: 'Platform',
      Comments: 'Please add Pinterest for Search',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ succeeded: true, message: messages.requestSubmited });
    const own = await history(demo.standard);
    expect(own.items[0]).toMatchObject({
      comments: 'Please add Pinterest for Search',
      createdByUser: { name: 'Sam' },
    });
  });

  it('refuses a missing type or empty details and stores nothing', async () => {
    const before = (await history(demo.admin)).totalCount;
    for (const payload of [
      { Comments: 'details' },
      { MasterDataType: 'Region', Comments: '   ' },
      { MasterDataType: 'Nope', Comments: 'x' },
    ]) {
      const res = await post(demo.standard, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.completeRequiredFields);
    }
    const res = await post(demo.standard, { MasterDataType: 'Region', Comments: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect((await history(demo.admin)).totalCount).toBe(before);
  });

  it('shows a standard user only their own history and an admin everyone’s', async () => {
    await post(demo.approver, { MasterDataType: 'Market', Comments: 'Add the Mexico market' });
    const own = await history(demo.standard);
    expect(own.items.every((i) => i.createdByUser.name === 'Sam')).toBe(true);
    const all = await history(demo.admin);
    expect(all.items.map((i) => i.comments)).toContain('Add the Mexico market');
  });
});
