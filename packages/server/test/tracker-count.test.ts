import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RequestStatus, Role, type RequestStatusId } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { trackerPage } from './tracker-helpers.ts';
import {
  buildAdminRegion,
  buildAssignment,
  buildPath,
  buildRequest,
  buildUser,
  uniqueTag,
  type BuiltPath,
} from './factories.ts';
import { openDb } from '../src/db/connection.ts';
import { countLines } from '../src/modules/request-lines/count.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

const tracker = (body: object, as?: string) => trackerPage(ctx, body, as);

/** More lines than the tracker counts exactly on every page (10,000), all on one new platform. */
const MANY = 10_100;
let path: BuiltPath;
let manyIds: number[];

/**
 * `count` lines on a new path's platform, one built with its history and copies of it, all
 * created at `createdDate` (so the order is request id); their ids.
 */
async function buildManyLines(path: BuiltPath, count: number, createdDate: string): Promise<number[]> {
  const user = await buildUser(k());
  const first = await buildRequest(k(), { path, user, createdDate });
  const { requestId: _id, ...copy } = first;
  for (let made = 1; made < count; made += 500) {
    const batch = Array.from({ length: Math.min(500, count - made) }, (_, i) => ({
      ...copy,
      submissionId: `many-${path.platformId}-${made + i}`,
    }));
    await k().insertInto('requests').values(batch).execute();
  }
  const rows = await k()
    .selectFrom('requests')
    .select('requestId')
    .where('platformId', '=', path.platformId)
    .execute();
  return rows.map((r) => r.requestId);
}

beforeAll(async () => {
  path = await buildPath(k());
  manyIds = await buildManyLines(path, MANY, '2022-06-01T00:00:00.000Z');
}, 120_000);

describe('Request Tracker counts', () => {
  const onPlatform = () => ({ filters: [{ column: 'platformName', values: [path.names.platform] }] });

  it('built the lines it counts', () => {
    expect(manyIds).toHaveLength(MANY);
  });

  it('gives an estimate marked as such above 10,000 lines, and the exact count on request', async () => {
    const estimated = await tracker({ ...onPlatform(), pageSize: 50 });
    expect(estimated.isCountEstimate).toBe(true);
    expect(estimated.totalCount).toBeGreaterThan(10_000);
    expect(Math.abs(estimated.totalCount - MANY)).toBeLessThan(MANY * 0.2);
    expect(estimated.requests).toHaveLength(50);

    const exact = await tracker({ ...onPlatform(), pageSize: 50, exactCount: true });
    expect(exact.isCountEstimate).toBe(false);
    expect(exact.totalCount).toBe(MANY);
  });

  it('counts exactly up to 10,000 lines', async () => {
    const few = manyIds.slice(0, 7).map(String);
    const page = await tracker({ filters: [{ column: 'requestId', values: few }] });
    expect(page.isCountEstimate).toBe(false);
    expect(page.totalCount).toBe(7);
  });

  it('serves the last and a middle page of a deep order with the exact count', async () => {
    // Same created date on every line: the order is request id, newest first.
    const newestFirst = [...manyIds].sort((a, b) => b - a);
    const lastPage = Math.ceil(MANY / 50);
    const last = await tracker({ ...onPlatform(), pageSize: 50, page: lastPage });
    expect(last.isCountEstimate).toBe(false);
    expect(last.totalCount).toBe(MANY);
    expect(last.requests.map((r) => r.requestId)).toEqual(newestFirst.slice((lastPage - 1) * 50));
    const middle = await tracker({ ...onPlatform(), pageSize: 100, page: 101 });
    expect(middle.requests.map((r) => r.requestId)).toEqual(newestFirst.slice(10_000, 10_100));
    const past = await tracker({ ...onPlatform(), pageSize: 50, page: lastPage + 1 });
    expect(past.requests).toEqual([]);
    const ascending = await tracker({
      ...onPlatform(),
      pageSize: 50,
      page: lastPage,
      orderBy: 'requestId',
      orderAsc: true,
    });
    expect(ascending.requests.map((r) => r.requestId)).toEqual(
      [...newestFirst].reverse().slice((lastPage - 1) * 50),
    );
  });
});

describe('a deep page in the first half of a large result', () => {
  /** Twice the lines counted exactly, and more: a page past 10,000 can lie in the first half. */
  const DEEP = 20_600;
  let deepPath: BuiltPath;
  let deepIds: number[];

  beforeAll(async () => {
    deepPath = await buildPath(k());
    deepIds = await buildManyLines(deepPath, DEEP, '2022-07-01T00:00:00.000Z');
  }, 120_000);

  it('is read forward and shown with the estimate; one in the back half with the exact count', async () => {
    expect(deepIds).toHaveLength(DEEP);
    const onDeepPlatform = { filters: [{ column: 'platformName', values: [deepPath.names.platform] }] };
    // Same created date on every line: the order is request id, newest first.
    const newestFirst = [...deepIds].sort((a, b) => b - a);
    const front = await tracker({ ...onDeepPlatform, pageSize: 50, page: 203 });
    expect(front.requests.map((r) => r.requestId)).toEqual(newestFirst.slice(10_100, 10_150));
    expect(front.isCountEstimate).toBe(true);
    expect(Math.abs(front.totalCount - DEEP)).toBeLessThan(DEEP * 0.2);
    const back = await tracker({ ...onDeepPlatform, pageSize: 50, page: 350 });
    expect(back.requests.map((r) => r.requestId)).toEqual(newestFirst.slice(17_450, 17_500));
    expect(back.isCountEstimate).toBe(false);
    expect(back.totalCount).toBe(DEEP);
    // Asked for the exact count, the front page counts too.
    const exact = await tracker({ ...onDeepPlatform, pageSize: 50, page: 203, exactCount: true });
    expect(exact.requests.map((r) => r.requestId)).toEqual(newestFirst.slice(10_100, 10_150));
    expect(exact).toMatchObject({ totalCount: DEEP, isCountEstimate: false });
  });

  it('is found past whole clients (and accounts) by their counts when sorted by their name, both ways', async () => {
    // The deep lines spread over four new clients (two of them namesakes), each with an account
    // of its name, and none, in id ranges that do not follow the names: the order by name is
    // not the order by id.
    const tag = uniqueTag();
    const client = async (name: string) => {
      const { clientId } = await k()
        .insertInto('clients')
        .values({ platformId: deepPath.platformId, agencyId: deepPath.agencyId, description: name })
        .returning('clientId')
        .executeTakeFirstOrThrow();
      const { clientAccountId } = await k()
        .insertInto('clientAccounts')
        .values({ clientId, assetId: deepPath.assetId, description: name, assetReference: `act_${clientId}` })
        .returning('clientAccountId')
        .executeTakeFirstOrThrow();
      return { clientId, clientAccountId };
    };
    const a = await client(`${tag} A`);
    const b1 = await client(`${tag} B`);
    const b2 = await client(`${tag} B`);
    const c = await client(`${tag} C`);
    const none = { clientId: null, clientAccountId: null };
    const byId = [...deepIds].sort((x, y) => x - y);
    // Id order: C's 5,530 lines, B2's 5,000, the 50 without a client, A's 10,000, B1's 20.
    const ranges = [
      [c, 5_530],
      [b2, 5_000],
      [none, 50],
      [a, 10_000],
      [b1, 20],
    ] as const;
    const linesOf = new Map<object, number[]>();
    let from = 0;
    for (const [owner, size] of ranges) {
      const ids = byId.slice(from, from + size);
      from += size;
      linesOf.set(owner, ids);
      for (let i = 0; i < ids.length; i += 500) {
        await k()
          .updateTable('requests')
          .set(owner)
          .where('requestId', 'in', ids.slice(i, i + 500))
          .execute();
      }
    }
    // Ascending: the lines without a client, then by name, namesakes by client, each by id.
    const ascending = [none, a, b1, b2, c].flatMap((owner) => linesOf.get(owner) ?? []);
    const descending = [...ascending].reverse();
    for (const orderBy of ['clientName', 'clientAccountName']) {
      const page = async (orderAsc: boolean, n: number) =>
        (
          await tracker({
            filters: [{ column: 'platformName', values: [deepPath.names.platform] }],
            orderBy,
            orderAsc,
            exactCount: true,
            pageSize: 50,
            page: n,
          })
        ).requests.map((r) => r.requestId);
      // Line 10,050 on: A ends at 10,050, so the page is B1's 20 lines and B2's first 30.
      expect(await page(true, 202), orderBy).toEqual(ascending.slice(10_050, 10_100));
      // Inside A, deep enough to count the lines without a client first.
      expect(await page(true, 201), orderBy).toEqual(ascending.slice(10_000, 10_050));
      // Descending in the first half: C, then B2 up to its last 30 lines, then B1's 20.
      expect(await page(false, 200), orderBy).toEqual(descending.slice(9_950, 10_000));
      expect(await page(false, 211), orderBy).toEqual(descending.slice(10_500, 10_550));
      expect(await page(false, 412), orderBy).toEqual(descending.slice(20_550));
      expect(await page(true, 413), orderBy).toEqual([]);
    }
  }, 60_000);
});

describe('the Overdue filter over many overdue lines', () => {
  // Every line on the platform is Submitted since 2022: overdue at any service level. Above
  // 5,000 of them a page walks the order's index and tests each line (the dense Overdue rule).
  const overdueOnPlatform = () => [
    { column: 'platformName', values: [path.names.platform] },
    { column: 'overdue', values: ['Overdue'] },
  ];

  /** Ids of the platform's waiting lines read directly in `order`, `limit` from `offset`. */
  async function expected(order: 'newest' | 'idAsc', limit: number, offset: number) {
    let qb = k()
      .selectFrom('requests')
      .select('requestId')
      .where('platformId', '=', path.platformId)
      .where('statusId', 'in', [1, 2]);
    qb =
      order === 'newest'
        ? qb.orderBy('createdDate', 'desc').orderBy('requestId', 'desc')
        : qb.orderBy('requestId', 'asc');
    const rows = await qb.limit(limit).offset(offset).execute();
    return rows.map((r) => r.requestId);
  }

  it('serves the first, a middle and the last page in the default order and by request id', async () => {
    const lastPage = Math.ceil(MANY / 50);
    for (const [page, offset] of [
      [1, 0],
      [40, 1_950],
      [lastPage, (lastPage - 1) * 50],
    ] as const) {
      const found = await tracker({ filters: overdueOnPlatform(), pageSize: 50, page });
      expect(found.requests.map((r) => r.requestId)).toEqual(await expected('newest', 50, offset));
      expect(found.requests.every((r) => r.isOverdue)).toBe(true);
      const byId = await tracker({
        filters: overdueOnPlatform(),
        pageSize: 50,
        page,
        orderBy: 'requestId',
        orderAsc: true,
      });
      expect(byId.requests.map((r) => r.requestId)).toEqual(await expected('idAsc', 50, offset));
    }
    const exact = await tracker({ filters: overdueOnPlatform(), pageSize: 50, exactCount: true });
    expect(exact.totalCount).toBe(MANY);
  });
});

describe('an administrator’s Request Tracker over many lines', () => {
  const onPlatform = () => ({
    filters: [{ column: 'platformName', values: [path.names.platform] }],
    pageSize: 50,
  });

  it('pages the lines of their (region, market) rows by walking the order, and no others', async () => {
    const admin = await buildUser(k(), { roleId: Role.ADMIN });
    await buildAdminRegion(k(), admin.userId, path);
    const page = await tracker(onPlatform(), admin.email);
    expect(page.isCountEstimate).toBe(true);
    expect(page.totalCount).toBeGreaterThan(10_000);
    const newestFirst = [...manyIds].sort((a, b) => b - a);
    expect(page.requests.map((r) => r.requestId)).toEqual(newestFirst.slice(0, 50));
    // Unfiltered: the seed's newer lines in other regions stay out.
    const unfiltered = await tracker({ pageSize: 50 }, admin.email);
    expect(unfiltered.requests.map((r) => r.requestId)).toEqual(newestFirst.slice(0, 50));

    const elsewhere = await buildUser(k(), { roleId: Role.ADMIN });
    await buildAdminRegion(k(), elsewhere.userId, await buildPath(k()));
    const none = await tracker(onPlatform(), elsewhere.email);
    expect(none.totalCount).toBe(0);
    expect(none.requests).toEqual([]);
  });
});

describe('an estimate asked for by many pages at once', () => {
  it('is counted once and shared by every page waiting for it', async () => {
    const statements: string[] = [];
    const db = openDb(ctx.config.databaseUrl, {
      log: (event) => {
        if (event.level === 'query') {
          statements.push(event.query.sql);
        }
      },
    });
    try {
      const lines = () => db.kysely.selectFrom('requests as r').where('r.platformId', '=', path.platformId);
      const counts = await Promise.all(Array.from({ length: 6 }, () => countLines(db, lines(), false)));
      // One capped count, one id range and one sample: the estimate's three statements.
      expect(statements).toHaveLength(3);
      expect(counts[0]!.isCountEstimate).toBe(true);
      expect(Math.abs(counts[0]!.totalCount - MANY)).toBeLessThan(MANY * 0.2);
      expect(new Set(counts.map((c) => c.totalCount)).size).toBe(1);
      // Known now: asked again, nothing is counted.
      await countLines(db, lines(), false);
      expect(statements).toHaveLength(3);
    } finally {
      await db.kysely.destroy();
    }
  });
});

// Last in the file: it deletes lines of the platform.
describe('an estimated total reused for a few seconds', () => {
  it('stays the same estimate for 10 s, while an exact count on request always counts', async () => {
    const onPlatform = { filters: [{ column: 'platformName', values: [path.names.platform] }], pageSize: 50 };
    // The clock stands still a minute ahead: an estimate an earlier test left has expired, and the
    // reads below happen at one instant however slow the machine (a loaded CI run took > 10 s).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      const first = await tracker(onPlatform);
      expect(first.isCountEstimate).toBe(true);
      // 9,900 lines left: under the 10,000 counted exactly on every page.
      // The newest 200: copies without history (the first line, built with its history, stays).
      const gone = [...manyIds].sort((a, b) => b - a).slice(0, 200);
      await k().deleteFrom('requests').where('requestId', 'in', gone).execute();
      const again = await tracker(onPlatform);
      expect(again.isCountEstimate).toBe(true);
      expect(again.totalCount).toBe(first.totalCount);
      const exact = await tracker({ ...onPlatform, exactCount: true });
      expect(exact.totalCount).toBe(MANY - 200);
      vi.setSystemTime(Date.now() + 11_000);
      const later = await tracker(onPlatform);
      expect(later.isCountEstimate).toBe(false);
      expect(later.totalCount).toBe(MANY - 200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("A provisioner's Request Tracker counts", () => {
  it('counts each line routed to them once, across assignments on one agency, practice and platform', async () => {
    const provisioner = await buildUser(k(), { roleId: Role.PROVISIONER });
    const approver = await buildUser(k(), { roleId: Role.APPROVER });
    const other = await buildUser(k(), { roleId: Role.PROVISIONER });
    const user = await buildUser(k());
    // Two markets of one agency, practice and platform, both theirs; the first also through an
    // assignment naming its client (three of their assignments share the three places).
    const first = await buildPath(k());
    const second = await buildPath(k(), {
      agencyId: first.agencyId,
      practiceId: first.practiceId,
      platformId: first.platformId,
    });
    const theirs = { primary: approver.userId, provisioner: provisioner.userId };
    await buildAssignment(k(), first, theirs);
    await buildAssignment(k(), first, { ...theirs, clientScoped: true });
    await buildAssignment(k(), second, theirs);
    // A third market of the same places, routed to someone else: none of its lines is theirs.
    const elsewhere = await buildPath(k(), {
      agencyId: first.agencyId,
      practiceId: first.practiceId,
      platformId: first.platformId,
    });
    await buildAssignment(k(), elsewhere, { primary: approver.userId, provisioner: other.userId });
    const line = (path: BuiltPath, statusId?: RequestStatusId) => buildRequest(k(), { path, user, statusId });
    await line(first);
    await line(first, RequestStatus.APPROVED);
    await line(second);
    await line(second);
    await line(second, RequestStatus.COMPLETED);
    await line(elsewhere);

    const count = async (filters: object[]) => {
      const page = await tracker({ filters }, provisioner.email);
      expect(page.requests).toHaveLength(page.totalCount);
      return [page.totalCount, page.isCountEstimate];
    };
    expect(await count([])).toEqual([5, false]);
    expect(await count([{ column: 'status', values: ['Submitted', 'Approved'] }])).toEqual([4, false]);
    expect(
      await count([
        { column: 'status', values: ['Submitted'] },
        { column: 'regionName', values: [second.names.region] },
      ]),
    ).toEqual([2, false]);
    expect(await count([{ column: 'clientName', values: [first.names.client] }])).toEqual([2, false]);
  });
});
