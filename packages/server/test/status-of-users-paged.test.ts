import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type FilterOptions, type UserStatusPage, type UserStatusRow } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildUser, uniqueTag } from './factories.ts';

let ctx: TestContext;
let adminToken: string;
let auditorToken: string;
/** The agency every row of this file carries: a filter on it isolates them from the seed's rows. */
const agency = `Agency ${uniqueTag()}`;
const lastName = `Status ${uniqueTag()}`;
/** The rows this file made, by the day of their change (1 … 7). */
const ids: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.tokenFor(demo.admin);
  auditorToken = await ctx.tokenFor(demo.auditor);
  const k = ctx.db.kysely;
  for (let day = 1; day <= 7; day += 1) {
    const user = await buildUser(k, { name: `P${day}`, lastName });
    const row = await k
      .insertInto('userStatusReports')
      .values({
        userId: user.userId,
        roleName: day % 2 === 0 ? 'Approver' : 'Standard User',
        changeDescription: day === 3 ? 'Deleted from the directory' : 'Directory details changed',
        agency,
        operationDate: `2031-03-0${day}T10:00:00.000Z`,
        // Day 2 was acknowledged already.
        isDeleted: day === 2 ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: unknown, token = adminToken) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

const mine = { column: 'agency', values: [agency] };

async function page(body: Record<string, unknown>, token = adminToken): Promise<UserStatusPage> {
  const filters = [mine, ...((body.filters as unknown[] | undefined) ?? [])];
  const res = await call('PUT', '/api/User/UserStatusReport', { pageSize: 5, ...body, filters }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: UserStatusPage }>().data;
}
const days = (rows: UserStatusRow[]) => rows.map((r) => ids.indexOf(r.id) + 1);

describe('Status of Users, server-paged (PUT api/User/UserStatusReport)', () => {
  it('answers a page and the count of the filtered rows, open rows first, newest first', async () => {
    const first = await page({ page: 1 });
    expect(first.totalCount).toBe(7);
    expect(first.page).toBe(1);
    expect(days(first.statusRows)).toEqual([7, 6, 5, 4, 3]);
    const second = await page({ page: 2 });
    expect(second.totalCount).toBe(7);
    // The acknowledged row comes last.
    expect(days(second.statusRows)).toEqual([1, 2]);
    expect(second.statusRows[1]).toMatchObject({
      isDeleted: true,
      fullName: `P2 ${lastName}`,
      role: 'Approver',
      agency,
      activeRecordsCount: 0,
      isMerged: false,
    });
  });

  it('sorts by a column in either direction, the row id breaking ties', async () => {
    expect(days((await page({ orderBy: 'operationDate', orderAsc: true })).statusRows)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(days((await page({ orderBy: 'operationDate', orderAsc: false })).statusRows)).toEqual([
      7, 6, 5, 4, 3,
    ]);
    // Three Approvers (days 2, 4, 6) before four Standard Users, the row id in the same direction.
    const byRole = await page({ orderBy: 'role', orderAsc: true, pageSize: 10 });
    expect(days(byRole.statusRows)).toEqual([2, 4, 6, 1, 3, 5, 7]);
    const byRoleDown = await page({ orderBy: 'role', orderAsc: false, pageSize: 10 });
    expect(days(byRoleDown.statusRows)).toEqual([7, 5, 3, 1, 6, 4, 2]);
  });

  it('filters by a column, by open or acknowledged, and searches names; the count follows', async () => {
    const approvers = await page({ filters: [{ column: 'role', values: ['Approver'] }] });
    expect(approvers.totalCount).toBe(3);
    expect(days(approvers.statusRows)).toEqual([6, 4, 2]);
    const acknowledged = await page({ filters: [{ column: 'isDeleted', values: ['Acknowledged'] }] });
    expect(days(acknowledged.statusRows)).toEqual([2]);
    const open = await page({ filters: [{ column: 'isDeleted', values: ['Open'] }] });
    expect(open.totalCount).toBe(6);
    const deleted = await page({ searchCriteria: 'deleted from' });
    expect(days(deleted.statusRows)).toEqual([3]);
    const byName = await page({ searchCriteria: `p5 ${lastName.toLowerCase()}` });
    expect(days(byName.statusRows)).toEqual([5]);
  });

  it("offers each column's values under the other filters", async () => {
    const res = await call('PUT', '/api/User/UserStatusReport/Filters', {
      column: 'role',
      filters: [mine, { column: 'changeDescription', values: ['Deleted from the directory'] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: FilterOptions }>().data).toEqual({
      values: ['Standard User'],
      isTruncated: false,
    });
    const states = await call('PUT', '/api/User/UserStatusReport/Filters', { column: 'isDeleted' });
    expect(states.json<{ data: FilterOptions }>().data.values).toEqual(['Open', 'Acknowledged']);
  });

  it('refuses a column it does not sort or filter by (400)', async () => {
    const sort = await call('PUT', '/api/User/UserStatusReport', { orderBy: 'activeRecordsCount' });
    expect(sort.statusCode).toBe(400);
    const filter = await call('PUT', '/api/User/UserStatusReport', {
      filters: [{ column: 'u.email', values: ['x'] }],
    });
    expect(filter.statusCode).toBe(400);
  });

  it('lets the auditor read the pages; the GET of the spec still answers the whole report', async () => {
    expect((await page({}, auditorToken)).totalCount).toBe(7);
    const res = await call('GET', '/api/User/UserStatusReport');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ data: UserStatusRow[] }>().data.filter((r) => r.agency === agency);
    expect(days(rows)).toEqual([7, 6, 5, 4, 3, 1, 2]);
  });
});

describe('Status of Users: the control toggles', () => {
  it('reopens an acknowledged row, which is then open again', async () => {
    const id = ids[4]!;
    const acknowledge = await call('PUT', '/api/User/AcknowledgeUser', { Ids: [id], IsDeleted: true });
    expect(acknowledge.json()).toEqual({ succeeded: true, message: messages.acknowledged, data: null });
    const acknowledged = await page({ filters: [{ column: 'isDeleted', values: ['Acknowledged'] }] });
    expect(days(acknowledged.statusRows)).toEqual([5, 2]);

    const reopen = await call('PUT', '/api/User/AcknowledgeUser', { Ids: [id], IsDeleted: false });
    expect(reopen.json()).toEqual({ succeeded: true, message: messages.reopened, data: null });
    const open = await page({ filters: [{ column: 'isDeleted', values: ['Open'] }], pageSize: 10 });
    expect(days(open.statusRows)).toEqual([7, 6, 5, 4, 3, 1]);
    expect(open.statusRows.find((r) => r.id === id)?.isDeleted).toBe(false);

    // The spec's one-row call toggles too.
    const one = await call('PUT', `/api/User/User/AcknowledgeUser/${ids[1]!}/false`);
    expect(one.json()).toMatchObject({ message: messages.reopened });
    expect((await page({ filters: [{ column: 'isDeleted', values: ['Open'] }] })).totalCount).toBe(7);
  });

  it('does not let the auditor reopen a row (403)', async () => {
    const res = await call(
      'PUT',
      '/api/User/AcknowledgeUser',
      { Ids: [ids[0]!], IsDeleted: false },
      auditorToken,
    );
    expect(res.statusCode).toBe(403);
  });
});
