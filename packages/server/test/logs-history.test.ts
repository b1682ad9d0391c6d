import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';

let ctx: TestContext;
let token: string;
let requestId: number;
let expectedIds: number[];
const NEEDLE = 'zebra-needle-comment';

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.tokenFor(demo.superAdmin);
  const line = await ctx.db.kysely
    .selectFrom('requests')
    .select(['requestId', 'statusId', 'requestTypeId', 'createdBy'])
    .orderBy('requestId')
    .executeTakeFirstOrThrow();
  requestId = line.requestId;
  // 130 extra steps dated before any seeded one, one of them with a comment to search for.
  await ctx.db.kysely
    .insertInto('requestHistory')
    .values(
      Array.from({ length: 130 }, (_, i) => ({
        requestId,
        statusId: line.statusId,
        requestTypeId: line.requestTypeId,
        stepDescription: `Step ${i}`,
        changeDesc: null,
        comments: i === 77 ? NEEDLE : `Comment ${i}`,
        approverComment: null,
        provisionerComment: null,
        createdBy: line.createdBy,
        createdDate: new Date(Date.UTC(1999, 0, 1, 0, 0, i)).toISOString(),
        before: null,
        after: null,
      })),
    )
    .execute();
  const rows = await ctx.db.kysely
    .selectFrom('requestHistory')
    .select('id')
    .where('requestId', '=', requestId)
    .orderBy('createdDate')
    .orderBy('id')
    .execute();
  expectedIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await ctx.close();
});

async function historyPage(query: Record<string, string | number | boolean>, id = requestId) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return ctx.app.inject({
    method: 'GET',
    url: `/api/Request/Logs/${id}/History?${search.toString()}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('GET /api/Request/Logs/{logId}/History', () => {
  it('pages through more than 100 steps in the order they happened, each once', async () => {
    expect(expectedIds.length).toBeGreaterThan(130);
    const ids: number[] = [];
    for (let page = 1; page < 10; page++) {
      const res = await historyPage({ page, pageSize: 50 });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{ data: HistoryPage }>().data;
      expect(data.totalCount).toBe(expectedIds.length);
      expect(data.page).toBe(page);
      ids.push(...data.history.map((h) => h.id));
      if (data.history.length < 50) {
        break;
      }
    }
    expect(ids).toEqual(expectedIds);
  });

  it("answers every step at once for pageSize -1 ('All')", async () => {
    const res = await historyPage({ pageSize: -1 });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: HistoryPage }>().data;
    expect(data.history.map((h) => h.id)).toEqual(expectedIds);
    expect(data.totalCount).toBe(expectedIds.length);
    expect((await historyPage({ pageSize: 7 })).statusCode).toBe(400);
  });

  it('sorts newest first on request and searches the comments', async () => {
    const newest = await historyPage({ pageSize: 5, orderBy: 'createdDate', orderAsc: false });
    expect(newest.json<{ data: HistoryPage }>().data.history.map((h) => h.id)).toEqual(
      expectedIds.slice(-5).reverse(),
    );
    const found = (await historyPage({ searchCriteria: NEEDLE })).json<{ data: HistoryPage }>().data;
    expect(found.totalCount).toBe(1);
    expect(found.history[0]).toMatchObject({ stepDescription: 'Step 77', comments: NEEDLE });
  });

  it('refuses an unknown sort column (400) and a request that does not exist (404)', async () => {
    expect((await historyPage({ orderBy: 'before' })).statusCode).toBe(400);
    expect((await historyPage({}, 99_999_999)).statusCode).toBe(404);
  });
});
