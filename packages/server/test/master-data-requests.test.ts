import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildUser, uniqueTag } from './factories.ts';

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

interface HistoryRow {
  id: number;
  comments: string;
  masterDataType: string;
  createdByUser: { name: string; lastName: string };
  doneDate: string | null;
  doneByUser: { name: string; lastName: string } | null;
  doneItem: { id: number; description: string } | null;
}

const history = async (email: string, query = '') =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/MasterDataRequest?pageSize=100${query}`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    })
  ).json<{ data: { items: HistoryRow[]; totalCount: number } }>().data;

const markDone = async (email: string, id: number, itemId: number | null) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/MasterDataRequest/${id}/Done`,
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    payload: { itemId },
  });

/** A requester of their own, so the history under test holds only this test's requests. */
async function requester() {
  const user = await buildUser(ctx.db.kysely, { name: 'Rhea', lastName: `Requester ${uniqueTag()}` });
  return user;
}

async function requestOf(email: string, MasterDataType: string, Comments: string): Promise<HistoryRow> {
  expect((await post(email, { MasterDataType, Comments })).statusCode).toBe(200);
  const row = (await history(email)).items.find((i) => i.comments === Comments);
  expect(row).toBeDefined();
  return row!;
}

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

  it('searches the comments, the type and the requester, and filters by type and status', async () => {
    const user = await requester();
    const tag = uniqueTag();
    await requestOf(user.email, 'Region', `Add the ${tag} region`);
    await requestOf(user.email, 'Market', 'Add the Lisbon market');
    const byComment = await history(demo.admin, `&search=${tag}`);
    expect(byComment.items.map((i) => i.comments)).toEqual([`Add the ${tag} region`]);
    const byRequester = await history(demo.admin, `&search=${encodeURIComponent(user.lastName)}`);
    expect(byRequester.totalCount).toBe(2);
    const markets = await history(user.email, '&type=Market');
    expect(markets.items.map((i) => i.comments)).toEqual(['Add the Lisbon market']);
    const both = await history(user.email, '&type=Market&type=Region');
    expect(both.totalCount).toBe(2);
    expect((await history(user.email, '&status=Done')).totalCount).toBe(0);
    expect((await history(user.email, '&status=Open')).totalCount).toBe(2);
  });

  it('lets an administrator mark a request done with a link to the item it created', async () => {
    const user = await requester();
    const name = `Region ${uniqueTag()}`;
    const request = await requestOf(user.email, 'Region', `Please add ${name}`);
    const region = await ctx.db.kysely
      .insertInto('regions')
      .values({ description: name })
      .returning('regionId')
      .executeTakeFirstOrThrow();

    const options = await ctx.app.inject({
      method: 'GET',
      url: `/api/MasterDataRequest/ItemOptions?type=Region&search=${encodeURIComponent(name.toUpperCase())}`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(demo.admin)}` },
    });
    expect(options.json().data).toEqual([{ id: region.regionId, description: name }]);

    const res = await markDone(demo.admin, request.id, region.regionId);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.masterDataRequestDone);
    const [row] = (await history(user.email)).items.filter((i) => i.id === request.id);
    expect(row).toMatchObject({
      doneByUser: { name: 'Ada' },
      doneItem: { id: region.regionId, description: name },
    });
    expect(row?.doneDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await history(user.email, '&status=Done')).items.map((i) => i.id)).toEqual([request.id]);
  });

  it('marks a request done without an item, and corrects the link when marked again', async () => {
    const user = await requester();
    const request = await requestOf(user.email, 'Agency', 'Rename an agency');
    expect((await markDone(demo.superAdmin, request.id, null)).statusCode).toBe(200);
    let [row] = (await history(user.email)).items;
    expect(row).toMatchObject({ doneByUser: { name: 'Sue' }, doneItem: null });
    expect(row?.doneDate).not.toBeNull();

    const agency = await ctx.db.kysely
      .selectFrom('agencies')
      .select(['agencyId', 'description'])
      .orderBy('agencyId')
      .executeTakeFirstOrThrow();
    expect((await markDone(demo.admin, request.id, agency.agencyId)).statusCode).toBe(200);
    [row] = (await history(user.email)).items;
    expect(row).toMatchObject({
      doneByUser: { name: 'Ada' },
      doneItem: { id: agency.agencyId, description: agency.description },
    });
  });

  it('refuses an item that is not of the request’s type, a missing request and non-administrators', async () => {
    const user = await requester();
    const request = await requestOf(user.email, 'Client Asset', 'Add the account 123-456');
    const res = await markDone(demo.admin, request.id, 99_999_999);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.masterDataItemNotFound('Client Asset', 99_999_999));

    const missing = await markDone(demo.admin, 99_999_999, null);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.masterDataRequestNotFound);

    for (const email of [user.email, demo.provisioner, demo.auditor]) {
      expect((await markDone(email, request.id, null)).statusCode).toBe(403);
    }
    const [row] = (await history(user.email)).items;
    expect(row).toMatchObject({ doneDate: null, doneByUser: null, doneItem: null });
  });
});
