import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterOptions, UserDetailsPage, UserDetailsRow } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildUser, uniqueTag } from './factories.ts';

let ctx: TestContext;
let adminToken: string;
let parentId: number;
/** The children's ids, oldest first; the last child is deleted and never listed. */
const childIds: number[] = [];
const tag = uniqueTag();

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.tokenFor(demo.admin);
  const k = ctx.db.kysely;
  const parent = await buildUser(k, { name: 'Zed', lastName: `Parent ${tag}` });
  parentId = parent.userId;
  const names = ['Cleo', 'Abe', 'Dina', 'Bea', 'Eli', 'Gone'];
  for (const [i, name] of names.entries()) {
    const child = await buildUser(k, { name, lastName: `Child ${tag}` });
    await k
      .updateTable('users')
      .set({
        mergedUserId: parentId,
        isChild: 1,
        organization: i % 2 === 0 ? `Org A ${tag}` : `Org B ${tag}`,
        isDeleted: name === 'Gone' ? 1 : 0,
      })
      .where('userId', '=', child.userId)
      .execute();
    childIds.push(child.userId);
  }
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${adminToken}` },
  });

async function page(body: Record<string, unknown>, userId = parentId): Promise<UserDetailsPage> {
  const res = await call('PUT', `/api/User/userDetailsList/${userId}`, { pageSize: 5, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: UserDetailsPage }>().data;
}
const names = (rows: UserDetailsRow[]) => rows.map((r) => r.name);

describe('User Details List, server-paged (PUT api/User/userDetailsList/{userId})', () => {
  it('answers a page and the count, the parent first, then its children by UAP Id', async () => {
    const first = await page({ page: 1 });
    expect(first.totalCount).toBe(6);
    expect(names(first.users)).toEqual(['Zed', 'Cleo', 'Abe', 'Dina', 'Bea']);
    expect(first.users[0]).toMatchObject({ userId: parentId, isParent: true, hasMergedChildren: true });
    expect(first.users[1]).toMatchObject({
      isParent: false,
      isChild: true,
      uapId: `${childIds[0]} (${parentId})`,
    });
    const second = await page({ page: 2 });
    expect(second.totalCount).toBe(6);
    expect(names(second.users)).toEqual(['Eli']);
    // A child's id opens the same family.
    expect(names((await page({ page: 1 }, childIds[2])).users)).toEqual(names(first.users));
  });

  it('sorts by a column in either direction', async () => {
    expect(names((await page({ orderBy: 'name', orderAsc: true, pageSize: 10 })).users)).toEqual([
      'Abe',
      'Bea',
      'Cleo',
      'Dina',
      'Eli',
      'Zed',
    ]);
    expect(names((await page({ orderBy: 'userId', orderAsc: false })).users)).toEqual([
      'Eli',
      'Bea',
      'Dina',
      'Abe',
      'Cleo',
    ]);
  });

  it('filters and searches within the family; the count follows', async () => {
    const orgB = await page({ filters: [{ column: 'organization', values: [`Org B ${tag}`] }] });
    expect(orgB.totalCount).toBe(2);
    expect(names(orgB.users)).toEqual(['Abe', 'Bea']);
    const searched = await page({ searchCriteria: 'dina' });
    expect(names(searched.users)).toEqual(['Dina']);
    const menu = await call('PUT', `/api/User/userDetailsList/${parentId}/Filters`, {
      column: 'organization',
      searchCriteria: 'child',
    });
    expect(menu.statusCode, menu.body).toBe(200);
    expect(menu.json<{ data: FilterOptions }>().data).toEqual({
      values: [`Org A ${tag}`, `Org B ${tag}`],
      isTruncated: false,
    });
  });

  it('refuses an unknown column (400) and an unknown profile (404); the GET still answers the family', async () => {
    expect(
      (await call('PUT', `/api/User/userDetailsList/${parentId}`, { orderBy: 'secondaryEmail' })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/api/User/userDetailsList/999999999', {})).statusCode).toBe(404);
    const res = await call('GET', `/api/User/userDetailsList/${parentId}`);
    expect(names(res.json<{ data: UserDetailsRow[] }>().data)).toEqual([
      'Zed',
      'Cleo',
      'Abe',
      'Dina',
      'Bea',
      'Eli',
    ]);
  });
});
