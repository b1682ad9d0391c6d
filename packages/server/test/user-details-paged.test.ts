import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FilterOptions,
  ProfileLogPage,
  SecondaryEmailLogPage,
  UserDetailsPage,
  UserDetailsRow,
} from '@uap/domain';
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

describe('the profile logs, server-paged (PUT api/User/UserLogs/{userId}, LogUserAditionalEmail/{userId})', () => {
  let subjectId: number;
  let changerName: string;

  beforeAll(async () => {
    const k = ctx.db.kysely;
    const subject = await buildUser(k, { name: 'Lou', lastName: `Logged ${tag}` });
    const changer = await buildUser(k, { name: 'Cora', lastName: `Changer ${tag}` });
    subjectId = subject.userId;
    changerName = changer.displayName;
    for (let day = 1; day <= 7; day += 1) {
      await k
        .insertInto('userProfileLogs')
        .values({
          userId: subjectId,
          // Days 2 and 5 were changed by Cora, the others by nobody known.
          changedBy: day === 2 || day === 5 ? changer.userId : null,
          changedDate: `2031-04-0${day}T08:00:00.000Z`,
          before: JSON.stringify({ title: `Title ${day - 1}` }),
          after: JSON.stringify({ title: `Title ${day}` }),
        })
        .execute();
    }
    for (const [day, operation] of [
      [1, 'Added'],
      [2, 'Deactivated'],
      [3, 'Added'],
    ] as const) {
      await k
        .insertInto('userAdditionalEmailLogs')
        .values({
          userId: subjectId,
          operation,
          oldEmail: operation === 'Added' ? null : `lou.${day - 1}.${tag}@other.example`,
          newEmail: operation === 'Added' ? `lou.${day}.${tag}@other.example` : null,
          changedBy: changer.userId,
          changedDate: `2031-04-0${day}T09:00:00.000Z`,
        })
        .execute();
    }
  });

  async function logPage(body: Record<string, unknown>): Promise<ProfileLogPage> {
    const res = await call('PUT', `/api/User/UserLogs/${subjectId}`, { pageSize: 5, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ProfileLogPage }>().data;
  }

  it('pages the profile log newest first, each row numbered from the first change', async () => {
    const first = await logPage({ page: 1 });
    expect(first.totalCount).toBe(7);
    expect(first.logs.map((l) => l.serialNo)).toEqual([7, 6, 5, 4, 3]);
    expect(first.logs[0]).toMatchObject({
      userId: subjectId,
      changes: [{ field: 'Title', oldValue: 'Title 6', newValue: 'Title 7' }],
      newLastUpdated: '2031-04-07T08:00:00.000Z',
    });
    expect((await logPage({ page: 2 })).logs.map((l) => l.serialNo)).toEqual([2, 1]);
  });

  it('sorts oldest first, and searches who changed it; the numbers and the count follow', async () => {
    const oldest = await logPage({ orderBy: 'newLastUpdated', orderAsc: true });
    expect(oldest.logs.map((l) => l.serialNo)).toEqual([1, 2, 3, 4, 5]);
    const byCora = await logPage({ searchCriteria: 'cora changer' });
    expect(byCora.totalCount).toBe(2);
    expect(byCora.logs.map((l) => [l.serialNo, l.lastModifiedByName])).toEqual([
      [5, changerName],
      [2, changerName],
    ]);
    expect((await call('PUT', `/api/User/UserLogs/${subjectId}`, { orderBy: 'changes' })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/api/User/UserLogs/999999999', {})).statusCode).toBe(404);
  });

  it('pages the secondary email log and searches its operations; the GETs still answer whole logs', async () => {
    const res = await call('PUT', `/api/User/LogUserAditionalEmail/${subjectId}`, {
      pageSize: 5,
      searchCriteria: 'deactivated',
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: SecondaryEmailLogPage }>().data;
    expect(page.totalCount).toBe(1);
    expect(page.logs).toEqual([
      {
        serialNo: 2,
        operation: 'Deactivated',
        oldEmail: `lou.1.${tag}@other.example`,
        newEmail: null,
        newLastUpdated: '2031-04-02T09:00:00.000Z',
        lastModifiedBy: changerName,
      },
    ]);
    const all = await call('PUT', `/api/User/LogUserAditionalEmail/${subjectId}`, {
      orderBy: 'serialNo',
      orderAsc: true,
    });
    expect(all.json<{ data: SecondaryEmailLogPage }>().data.logs.map((l) => l.operation)).toEqual([
      'Added',
      'Deactivated',
      'Added',
    ]);
    expect(
      (await call('GET', `/api/User/UserLogs/${subjectId}`)).json<{ data: unknown[] }>().data,
    ).toHaveLength(7);
    expect(
      (await call('GET', `/api/User/LogUserAditionalEmail/${subjectId}`)).json<{ data: unknown[] }>().data,
    ).toHaveLength(3);
  });
});

describe('the ParentGUID log, server-paged (PUT api/User/ParentGUIDLogs/{parentGuid})', () => {
  const guid = `guid-${tag}`;

  beforeAll(async () => {
    const k = ctx.db.kysely;
    // The family of the first block carries one ParentGUID; the parent and two children have logs.
    await k
      .updateTable('users')
      .set({ parentGuid: guid })
      .where((eb) => eb.or([eb('userId', '=', parentId), eb('mergedUserId', '=', parentId)]))
      .execute();
    for (const [day, userId] of [parentId, childIds[0]!, childIds[1]!, parentId].entries()) {
      await k
        .insertInto('userProfileLogs')
        .values({
          userId,
          changedBy: null,
          changedDate: `2031-05-0${day + 1}T08:00:00.000Z`,
          before: JSON.stringify({ department: `Dept ${day}` }),
          after: JSON.stringify({ department: `Dept ${day + 1}` }),
        })
        .execute();
    }
  });

  async function guidPage(body: Record<string, unknown>): Promise<ProfileLogPage> {
    const res = await call('PUT', `/api/User/ParentGUIDLogs/${guid}`, { pageSize: 5, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ProfileLogPage }>().data;
  }

  it("pages the family's changes, numbered together, sorted by UAP Id or date, searched by UAP Id", async () => {
    const all = await guidPage({});
    expect(all.totalCount).toBe(4);
    expect(all.logs.map((l) => [l.serialNo, l.userId])).toEqual([
      [4, parentId],
      [3, childIds[1]],
      [2, childIds[0]],
      [1, parentId],
    ]);
    const byId = await guidPage({ orderBy: 'userId', orderAsc: true });
    expect(byId.logs.map((l) => l.serialNo)).toEqual([1, 4, 2, 3]);
    const second = await guidPage({ searchCriteria: String(childIds[1]) });
    expect(second.logs.map((l) => l.serialNo)).toEqual([3]);
    expect((await call('PUT', '/api/User/ParentGUIDLogs/no-such-guid', {})).statusCode).toBe(404);
  });
});
