import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RequestStatus,
  Role,
  startOfTodayUtc,
  trackerFilterOptionsQuery,
  type TrackerRow,
} from '@uap/domain';
import { serviceLevelsFrom } from '../src/config.ts';
import { trackerSpec } from '../src/modules/tracker/line-queries.ts';
import { findTrackerColumnValues } from '../src/modules/tracker/menu-queries.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { renamePath } from './tracker-helpers.ts';
import {
  buildAdminRegion,
  buildPath,
  buildRequest,
  buildUser,
  uniqueTag,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

const put = async (email: string, url: string, payload: object) =>
  ctx.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    payload,
  });

async function tracker(email: string, body: object) {
  const res = await put(email, '/api/Request/AllRequests', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: { requests: TrackerRow[]; totalCount: number; isCountEstimate?: boolean };
  }>().data;
}

async function menu(email: string, body: object) {
  const res = await put(email, '/api/Request/AllRequests/Filters', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { values: string[] } }>().data.values;
}

/**
 * Five lines, made in the order l1..l5 (ids ascending): l2, l4, l5 on path A (every name
 * 'A …', subject and requestor Ann, status Approved), l1 and l3 on path B ('B …', Ben,
 * Submitted); l5 has no client, asset, account or user type.
 */
let tag: string;
let pathA: BuiltPath;
let pathB: BuiltPath;
let ann: BuiltUser;
let ids: { l1: number; l2: number; l3: number; l4: number; l5: number };

beforeAll(async () => {
  tag = uniqueTag();
  pathA = await buildPath(k());
  pathB = await buildPath(k());
  await renamePath(k(), pathA, `A ${tag}`);
  await renamePath(k(), pathB, `B ${tag}`);
  ann = await buildUser(k(), { name: 'A', lastName: tag, email: `a.${tag}@agency.example` });
  const ben = await buildUser(k(), { name: 'B', lastName: tag, email: `b.${tag}@agency.example` });
  const line = async (
    path: BuiltPath,
    user: BuiltUser,
    createdDate: string,
    expirationDate: string,
    set: object = {},
  ) =>
    (
      await buildRequest(k(), {
        path,
        user,
        statusId: user === ann ? RequestStatus.APPROVED : RequestStatus.SUBMITTED,
        createdDate,
        set: { expirationDate, ...set },
      })
    ).requestId;
  const l1 = await line(pathB, ben, '2021-01-03T00:00:00.000Z', '2030-03-01T00:00:00.000Z');
  const l2 = await line(pathA, ann, '2021-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z');
  const l3 = await line(pathB, ben, '2021-01-02T00:00:00.000Z', '2030-02-01T00:00:00.000Z');
  const l4 = await line(pathA, ann, '2021-01-02T00:00:00.000Z', '2030-01-01T00:00:00.000Z');
  const l5 = await line(pathA, ann, '2021-01-05T00:00:00.000Z', '2030-05-01T00:00:00.000Z', {
    clientId: null,
    clientCodeId: null,
    assetId: null,
    clientAccountId: null,
    platformUserTypeId: null,
  });
  ids = { l1, l2, l3, l4, l5 };
});

describe('Request Tracker sorts', () => {
  const onlyBuilt = () => ({
    filters: [{ column: 'requestId', values: Object.values(ids).map(String) }],
  });
  const order = async (orderBy: string, orderAsc: boolean) =>
    (await tracker(demo.superAdmin, { ...onlyBuilt(), orderBy, orderAsc })).requests.map((r) => r.requestId);

  /** The order of the five lines under every offered sort, both ways. */
  const expectedOrders = (): Record<string, { asc: number[]; desc: number[] }> => {
    const { l1, l2, l3, l4, l5 } = ids;
    // A names before B names; lines with the same name by request id.
    const byName = { asc: [l2, l4, l5, l1, l3], desc: [l3, l1, l5, l4, l2] };
    // Optional names: the lines without one come first ascending, last descending.
    const byOptionalName = { asc: [l5, l2, l4, l1, l3], desc: [l3, l1, l4, l2, l5] };
    return {
      requestId: { asc: [l1, l2, l3, l4, l5], desc: [l5, l4, l3, l2, l1] },
      status: byName,
      requestTypeName: { asc: [l1, l2, l3, l4, l5], desc: [l5, l4, l3, l2, l1] },
      requestUserName: byName,
      requestUserEmail: byName,
      email: byName,
      regionName: byName,
      marketName: byName,
      agencyName: byName,
      practiceName: byName,
      platformName: byName,
      clientName: byOptionalName,
      assetName: byOptionalName,
      clientAccountName: byOptionalName,
      platformUserTypeName: byOptionalName,
      createdByName: byName,
      createdDate: { asc: [l2, l3, l4, l1, l5], desc: [l5, l1, l4, l3, l2] },
      expirationDate: { asc: [l2, l4, l3, l1, l5], desc: [l5, l1, l3, l4, l2] },
    };
  };

  it('orders by every offered column, then by its lookup row, then by request id, both ways', async () => {
    for (const [column, { asc, desc }] of Object.entries(expectedOrders())) {
      expect(await order(column, true), `${column} asc`).toEqual(asc);
      expect(await order(column, false), `${column} desc`).toEqual(desc);
    }
  });

  it('steps from an anchor line to the lines after or before it, under every offered sort', async () => {
    const from = async (orderBy: string, orderAsc: boolean, requestId: number, isBefore: boolean) =>
      (
        await tracker(demo.superAdmin, {
          ...onlyBuilt(),
          orderBy,
          orderAsc,
          pageSize: 5,
          page: 2,
          anchor: { requestId, isBefore },
        })
      ).requests.map((r) => r.requestId);
    for (const [column, orders] of Object.entries(expectedOrders())) {
      for (const [direction, expected] of Object.entries(orders)) {
        for (const [i, anchor] of expected.entries()) {
          const label = `${column} ${direction} from ${anchor}`;
          expect(await from(column, direction === 'asc', anchor, false), `${label}, after`).toEqual(
            expected.slice(i + 1),
          );
          expect(await from(column, direction === 'asc', anchor, true), `${label}, before`).toEqual(
            expected.slice(0, i),
          );
        }
      }
    }
    // Every sort both ways, a step from each line: 12 s on PostgreSQL at load 8.
  }, 120_000);

  it('steps past lines without the sorted date where the database puts them, and an admin steps too', async () => {
    const { l1, l2, l3, l4, l5 } = ids;
    const admin = await buildUser(k(), { roleId: Role.ADMIN });
    await buildAdminRegion(k(), admin.userId, pathA);
    await buildAdminRegion(k(), admin.userId, pathB);
    const n1 = (await buildRequest(k(), { path: pathA, user: ann, set: { expirationDate: null } })).requestId;
    const n2 = (await buildRequest(k(), { path: pathB, user: ann, set: { expirationDate: null } })).requestId;
    const filters = [{ column: 'requestId', values: [l1, l2, l3, l4, l5, n1, n2].map(String) }];
    // Empty dates sort first ascending on SQLite, last on PostgreSQL; by request id among them.
    const dated = [l2, l4, l3, l1, l5];
    const asc = ctx.db.dialect === 'sqlite' ? [n1, n2, ...dated] : [...dated, n1, n2];
    const desc = [...asc].reverse();
    for (const email of [demo.superAdmin, admin.email]) {
      const step = async (orderAsc: boolean, requestId: number, isBefore: boolean) =>
        (
          await tracker(email, {
            filters,
            orderBy: 'expirationDate',
            orderAsc,
            pageSize: 5,
            page: 2,
            anchor: { requestId, isBefore },
          })
        ).requests.map((r) => r.requestId);
      for (const [isAscending, expected] of [
        [true, asc],
        [false, desc],
      ] as const) {
        for (const [i, anchor] of expected.entries()) {
          if (anchor === n1 || anchor === n2) {
            continue; // An anchor without the sorted value: the page is found by its number.
          }
          expect(await step(isAscending, anchor, false), `${email} ${isAscending} after ${anchor}`).toEqual(
            expected.slice(i + 1, i + 6),
          );
          expect(await step(isAscending, anchor, true), `${email} ${isAscending} before ${anchor}`).toEqual(
            expected.slice(Math.max(0, i - 5), i),
          );
        }
      }
    }
  });

  it('finds the page by its number when the anchor line is not among the lines', async () => {
    const { l1, l2, l3, l4, l5 } = ids;
    const outside = (await buildRequest(k(), { path: pathA, user: ann })).requestId;
    const page = await tracker(demo.superAdmin, {
      ...onlyBuilt(),
      orderBy: 'requestId',
      orderAsc: true,
      pageSize: 5,
      page: 1,
      anchor: { requestId: outside, isBefore: false },
    });
    expect(page.requests.map((r) => r.requestId)).toEqual([l1, l2, l3, l4, l5]);
  });

  it('keeps lines of two clients with the same name apart, by client', async () => {
    const twin = await buildPath(k());
    await k()
      .updateTable('clients')
      .set({ description: `A ${tag}` })
      .where('clientId', '=', twin.clientId)
      .execute();
    // l6 on the twin (made after A's client), then l7 on A's: A's client's lines come first.
    const l6 = (await buildRequest(k(), { path: twin, user: ann })).requestId;
    const l7 = (await buildRequest(k(), { path: pathA, user: ann })).requestId;
    const filters = [{ column: 'requestId', values: [...Object.values(ids), l6, l7].map(String) }];
    const page = await tracker(demo.superAdmin, { filters, orderBy: 'clientName', orderAsc: true });
    const { l1, l2, l3, l4, l5 } = ids;
    expect(page.requests.map((r) => r.requestId)).toEqual([l5, l2, l4, l7, l6, l1, l3]);
  });

  it('refuses the computed record status as a sort', async () => {
    const res = await put(demo.superAdmin, '/api/Request/AllRequests', { orderBy: 'statusDescription' });
    expect(res.statusCode).toBe(400);
  });

  it('pages through a sort by an optional name across the lines without one', async () => {
    const { l1, l2, l3, l4, l5 } = ids;
    const page = async (orderAsc: boolean, n: number) =>
      (
        await tracker(demo.superAdmin, {
          ...onlyBuilt(),
          orderBy: 'clientName',
          orderAsc,
          pageSize: 5,
          page: n,
        })
      ).requests.map((r) => r.requestId);
    expect(await page(true, 1)).toEqual([l5, l2, l4, l1, l3]);
    expect(await page(true, 2)).toEqual([]);
    expect(await page(false, 1)).toEqual([l3, l1, l4, l2, l5]);
  });
});

describe('Request Tracker filter menus from master data', () => {
  const built = () => [{ column: 'requestId', values: Object.values(ids).map(String) }];

  it('lists the names the lines under the other filters have, with (blank) for lines without one', async () => {
    expect(await menu(demo.superAdmin, { column: 'clientName', filters: built() })).toEqual([
      '',
      `A ${tag}`,
      `B ${tag}`,
    ]);
    expect(await menu(demo.superAdmin, { column: 'platformName', filters: built() })).toEqual([
      `A ${tag}`,
      `B ${tag}`,
    ]);
    expect(await menu(demo.superAdmin, { column: 'requestUserName', filters: built() })).toEqual([
      `A ${tag}`,
      `B ${tag}`,
    ]);
    expect(await menu(demo.superAdmin, { column: 'requestUserEmail', filters: built() })).toEqual([
      `a.${tag}@agency.example`,
      `b.${tag}@agency.example`,
    ]);
    expect(await menu(demo.superAdmin, { column: 'status', filters: built() })).toEqual([
      'Approved',
      'Submitted',
    ]);
    // Small optional lookups (each of their rows tested on SQLite): l5 has neither.
    for (const column of ['assetName', 'platformUserTypeName']) {
      expect(await menu(demo.superAdmin, { column, filters: built() })).toEqual(['', `A ${tag}`, `B ${tag}`]);
    }
    const onlyA = [...built(), { column: 'clientName', values: [`A ${tag}`] }];
    expect(await menu(demo.superAdmin, { column: 'platformName', filters: onlyA })).toEqual([`A ${tag}`]);
    expect(await menu(demo.superAdmin, { column: 'status', filters: onlyA })).toEqual(['Approved']);
    const onlyB = [...built(), { column: 'platformName', values: [`B ${tag}`] }];
    expect(await menu(demo.superAdmin, { column: 'clientName', filters: onlyB })).toEqual([`B ${tag}`]);
    // A small optional lookup's filter with (blank): the lines without one (l5), with or without a name.
    const assets = (...values: string[]) => [...built(), { column: 'assetName', values }];
    expect(await menu(demo.superAdmin, { column: 'clientName', filters: assets('') })).toEqual(['']);
    expect(await menu(demo.superAdmin, { column: 'platformName', filters: assets('') })).toEqual([
      `A ${tag}`,
    ]);
    expect(await menu(demo.superAdmin, { column: 'platformName', filters: assets(`B ${tag}`) })).toEqual([
      `B ${tag}`,
    ]);
    expect(await menu(demo.superAdmin, { column: 'clientName', filters: assets(`B ${tag}`, '') })).toEqual([
      '',
      `B ${tag}`,
    ]);
    // The column's own filter does not narrow its menu.
    const ownFilter = [...built(), { column: 'clientName', values: [`B ${tag}`] }];
    expect(await menu(demo.superAdmin, { column: 'clientName', filters: ownFilter })).toEqual([
      '',
      `A ${tag}`,
      `B ${tag}`,
    ]);
  });

  it('lists the same people under filters whether it reads the matching lines or walks the names', async () => {
    const spec = trackerSpec(startOfTodayUtc().toISOString(), {
      now: new Date(),
      levels: serviceLevelsFrom({}),
    });
    const menuOf = (column: string, filters: object[], manyLines: number) =>
      findTrackerColumnValues(
        ctx.db,
        { kind: 'all' },
        spec,
        trackerFilterOptionsQuery.parse({ column, filters }),
        column,
        manyLines,
      );
    const approved = [...built(), { column: 'status', values: ['Approved'] }];
    // 0: any matching line is many (the walk); a million: never (the matching lines read).
    for (const manyLines of [0, 1_000_000]) {
      expect(await menuOf('requestUserName', built(), manyLines)).toEqual([`A ${tag}`, `B ${tag}`]);
      expect(await menuOf('requestUserName', approved, manyLines)).toEqual([`A ${tag}`]);
      expect(await menuOf('createdByName', approved, manyLines)).toEqual([`A ${tag}`]);
    }
  });

  it("lists to an admin only the values of the lines inside the admin's regions", async () => {
    const admin = await buildUser(k(), { roleId: Role.ADMIN });
    await buildAdminRegion(k(), admin.userId, pathA);
    expect(await menu(admin.email, { column: 'clientName' })).toEqual(['', `A ${tag}`]);
    expect(await menu(admin.email, { column: 'regionName' })).toEqual([`A ${tag}`]);
    expect(await menu(admin.email, { column: 'createdByName' })).toEqual([`A ${tag}`]);
  });

  it('lists a name many people share once, found past the namesakes without a line in scope', async () => {
    const pathC = await buildPath(k());
    const admin = await buildUser(k(), { roleId: Role.ADMIN });
    await buildAdminRegion(k(), admin.userId, pathC);
    const person = (name: string) => buildUser(k(), { name, lastName: tag });
    // Made in this order, so the index lists the namesakes without a line in scope first.
    const samOutside = await person('Sam');
    await person('Sam');
    const samInside = await person('Sam');
    const amy = await person('Amy');
    const zoe = await person('Zoe');
    await person('Bob');
    await buildRequest(k(), { path: pathB, user: samOutside });
    await buildRequest(k(), { path: pathC, user: samInside });
    await buildRequest(k(), { path: pathC, user: amy, createdBy: samOutside.userId });
    await buildRequest(k(), { path: pathB, user: zoe });
    expect(await menu(admin.email, { column: 'requestUserName' })).toEqual([`Amy ${tag}`, `Sam ${tag}`]);
    expect(await menu(admin.email, { column: 'createdByName' })).toEqual([`Sam ${tag}`]);
  });
});

describe('Request Tracker record status menu', () => {
  it('lists the record statuses the lines under the other filters have', async () => {
    const filters = [{ column: 'requestId', values: Object.values(ids).map(String) }];
    // Every built line is Approved or Submitted: not a record, so its record status is ''.
    expect(await menu(demo.superAdmin, { column: 'statusDescription', filters })).toEqual(['']);
  });
});
