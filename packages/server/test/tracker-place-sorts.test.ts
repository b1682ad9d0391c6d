import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Role } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  buildAdminRegion,
  buildAssignment,
  buildPath,
  buildRequest,
  buildUser,
  uniqueTag,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';
import { renamePath, trackerPage } from './tracker-helpers.ts';

/**
 * Sorts by the name of a line's place (region, market, agency, practice, platform, asset type,
 * platform user type) where the scope or a filter narrows the lines by their place: a region
 * admin's rows, a region filter, a filter on the sorted name itself. Most rows of such a lookup
 * then have no line, and the page skips them; every line of the rows that do have one is still
 * read, in the order of the name, the row, then the request id. One line sits in a market
 * whose master data region is another one: a line's place is its own columns. A provisioner's
 * routing narrows them too: the pages skip the places their assignments do not name.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

/** Each sorted column, its line's foreign key and the lookup table holding the name. */
const placeSorts = [
  ['regionName', 'regionId', 'regions'],
  ['marketName', 'marketId', 'markets'],
  ['agencyName', 'agencyId', 'agencies'],
  ['practiceName', 'practiceId', 'practices'],
  ['platformName', 'platformId', 'platforms'],
  ['assetName', 'assetId', 'assetTypes'],
  ['platformUserTypeName', 'platformUserTypeId', 'platformUserTypes'],
] as const;
type PlaceKey = (typeof placeSorts)[number][1];
type Line = { requestId: number } & Record<PlaceKey, number>;

let tag: string;
/** A and B share a region; C is another region; `crossed` is in A's region with C's market and agency. */
let pathA: BuiltPath;
let pathC: BuiltPath;
let lines: { a: Line[]; b: Line[]; c: Line[]; crossed: Line };
let admin: BuiltUser;
let provisioner: BuiltUser;

beforeAll(async () => {
  tag = uniqueTag();
  pathA = await buildPath(k());
  const pathB = await buildPath(k(), { regionId: pathA.regionId });
  pathC = await buildPath(k());
  // B's names sort first, then A's, then C's (the shared region takes B's name, renamed last).
  await renamePath(k(), pathA, `${tag} 2`);
  await renamePath(k(), pathC, `${tag} 3`);
  await renamePath(k(), pathB, `${tag} 1`);
  const user = await buildUser(k());
  const line = async (path: BuiltPath, by = user, createdBy?: number): Promise<Line> => {
    const row = await buildRequest(k(), { path, user: by, createdBy });
    return {
      requestId: row.requestId,
      regionId: row.regionId,
      marketId: row.marketId,
      agencyId: row.agencyId,
      practiceId: row.practiceId,
      platformId: row.platformId,
      assetId: row.assetId!,
      platformUserTypeId: row.platformUserTypeId!,
    };
  };
  const a = [await line(pathA), await line(pathA)];
  const b = [await line(pathB), await line(pathB)];
  const c = [await line(pathC), await line(pathC)];
  // Another person's, asked for by a third: the people menus list more than one name.
  const crossed = await line(
    { ...pathA, marketId: pathC.marketId, agencyId: pathC.agencyId },
    await buildUser(k()),
    (await buildUser(k())).userId,
  );
  // Lines made after the first ones, so that ties on a name are broken by request id.
  a.push(await line(pathA));
  c.push(await line(pathC));
  lines = { a, b, c, crossed };
  admin = await buildUser(k(), { roleId: Role.ADMIN });
  await buildAdminRegion(k(), admin.userId, pathA);
  await buildAdminRegion(k(), admin.userId, { regionId: pathA.regionId, marketId: pathC.marketId });
  // The provisioner of A's path, and by delegation the backup of the crossed line's path: the
  // backup is away and named them delegate.
  provisioner = await buildUser(k(), { roleId: Role.PROVISIONER });
  const approver = await buildUser(k(), { roleId: Role.APPROVER });
  const away = await buildUser(k(), { roleId: Role.PROVISIONER });
  await buildAssignment(k(), pathA, { primary: approver.userId, provisioner: provisioner.userId });
  await buildAssignment(
    k(),
    { ...pathA, marketId: pathC.marketId, agencyId: pathC.agencyId },
    { primary: approver.userId, backup: away.userId },
  );
  // An assignment on C's path naming only B's client, whose lines are not on C's path: it
  // routes them no line, so C's places are theirs only through the crossed line.
  await buildAssignment(
    k(),
    { ...pathC, clientId: pathB.clientId },
    { primary: approver.userId, provisioner: provisioner.userId, clientScoped: true },
  );
  const day = 24 * 60 * 60 * 1000;
  await k()
    .insertInto('absences')
    .values({
      userId: away.userId,
      delegateId: provisioner.userId,
      fromDate: new Date(Date.now() - day).toISOString(),
      toDate: new Date(Date.now() + day).toISOString(),
      isDeleted: 0,
    })
    .execute();
});

/** A column's filter menu as `email` sees it under `filters`. */
async function menuOf(email: string, column: string, filters: object[] = []): Promise<string[]> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/Request/AllRequests/Filters',
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    payload: { column, filters },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { values: string[] } }>().data.values;
}

/** The names of every lookup row the lines refer to, read from the lookup tables. */
async function namesOf(table: (typeof placeSorts)[number][2], key: PlaceKey, ids: number[]) {
  const { rows } = await sql<{ id: number; name: string }>`select ${sql.ref(key)} as id, description as name
    from ${sql.table(table)} where ${sql.ref(key)} in (${sql.join(ids)})`.execute(k());
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** `of` in the order of the name of its `key` row, then the row, then the request id. */
async function sorted(
  of: Line[],
  table: (typeof placeSorts)[number][2],
  key: PlaceKey,
  isAscending: boolean,
) {
  const names = await namesOf(
    table,
    key,
    of.map((l) => l[key]),
  );
  const order = [...of].sort(
    (x, y) =>
      names.get(x[key])!.localeCompare(names.get(y[key])!, 'en') ||
      x[key] - y[key] ||
      x.requestId - y.requestId,
  );
  const ids = order.map((l) => l.requestId);
  return isAscending ? ids : ids.reverse();
}

describe('Request Tracker sorted by a place under a scope or a filter on places', () => {
  const cases = () =>
    [
      // The admin's rows: A's market in the shared region, and C's market there (the crossed line).
      ['the region admin', admin.email, [], [...lines.a, lines.crossed]],
      // The lines routed to the provisioner: A's path's, and the crossed line's by delegation.
      ['a provisioner', provisioner.email, [], [...lines.a, lines.crossed]],
      // Theirs in C's market by name: the crossed line only (its path is not C's).
      [
        'a provisioner under a market filter',
        provisioner.email,
        [{ column: 'marketName', values: [`${tag} 3`] }],
        [lines.crossed],
      ],
      // The shared region by name: A's and B's lines and the crossed one.
      [
        'a region filter',
        demo.superAdmin,
        [{ column: 'regionName', values: [`${tag} 1`] }],
        [...lines.a, ...lines.b, lines.crossed],
      ],
      // Two markets by name, in any region: A's, C's and the crossed line (C's market).
      [
        'a market filter',
        demo.superAdmin,
        [{ column: 'marketName', values: [`${tag} 2`, `${tag} 3`] }],
        [...lines.a, ...lines.c, lines.crossed],
      ],
    ] as const;

  it('reads every line of the rows that have one, in order, both ways, for every place', async () => {
    for (const [label, email, filters, expected] of cases()) {
      for (const [column, key, table] of placeSorts) {
        for (const isAscending of [true, false]) {
          const page = await trackerPage(
            ctx,
            { pageSize: 50, orderBy: column, orderAsc: isAscending, filters },
            email,
          );
          expect(
            page.requests.map((r) => r.requestId),
            `${label}, ${column} ${isAscending ? 'asc' : 'desc'}`,
          ).toEqual(await sorted([...expected], table, key, isAscending));
          expect(page.totalCount, label).toBe(expected.length);
        }
      }
    }
  });

  it('steps from each line to the lines after and before it', async () => {
    for (const [label, email, filters, expected] of cases()) {
      for (const [column, key, table] of placeSorts.filter(
        ([c]) => c === 'marketName' || c === 'agencyName',
      )) {
        const order = await sorted([...expected], table, key, true);
        for (const [i, requestId] of order.entries()) {
          const step = async (isBefore: boolean) =>
            (
              await trackerPage(
                ctx,
                {
                  pageSize: 5,
                  page: 2,
                  orderBy: column,
                  orderAsc: true,
                  filters,
                  anchor: { requestId, isBefore },
                },
                email,
              )
            ).requests.map((r) => r.requestId);
          expect(await step(false), `${label}, ${column} after ${requestId}`).toEqual(
            order.slice(i + 1, i + 6),
          );
          expect(await step(true), `${label}, ${column} before ${requestId}`).toEqual(
            order.slice(Math.max(0, i - 5), i),
          );
        }
      }
    }
  });

  it("lists in a provisioner's filter menus the names of the lines routed to them", async () => {
    const routed = [...lines.a, lines.crossed];
    for (const [column, key, table] of placeSorts) {
      const names = await namesOf(
        table,
        key,
        routed.map((l) => l[key]),
      );
      expect(await menuOf(provisioner.email, column), column).toEqual([...new Set(names.values())].sort());
    }
    // The statuses, clients and accounts of their lines, read from the lines.
    for (const [column, table, key] of [
      ['status', 'request_statuses', 'status_id'],
      ['clientName', 'clients', 'client_id'],
      ['clientAccountName', 'client_accounts', 'client_account_id'],
    ] as const) {
      const { rows } = await sql<{ name: string }>`select distinct v.description as name from requests r
        join ${sql.table(table)} v on v.${sql.ref(key)} = r.${sql.ref(key)}
        where r.request_id in (${sql.join(routed.map((l) => l.requestId))})`.execute(k());
      expect(await menuOf(provisioner.email, column), column).toEqual(rows.map((r) => r.name).sort());
    }
  });

  it("lists in a provisioner's menus under filters on lookups' names what their lines there have", async () => {
    // Every line routed to them is in the shared region and Submitted; none is Completed.
    const routed = [...lines.a, lines.crossed];
    const region = { column: 'regionName', values: [`${tag} 1`] };
    const { rows: statuses } = await sql<{ name: string }>`select distinct s.description as name
      from requests r join request_statuses s on s.status_id = r.status_id
      where r.request_id in (${sql.join(routed.map((l) => l.requestId))})`.execute(k());
    const peopleOf = async (person: 'user_id' | 'created_by') =>
      (
        await sql<{ name: string }>`select distinct u.name || ' ' || u.last_name as name
          from requests r join users u on u.user_id = r.${sql.ref(person)}
          where r.request_id in (${sql.join(routed.map((l) => l.requestId))})`.execute(k())
      ).rows
        .map((r) => r.name)
        .sort();
    const markets = await namesOf(
      'markets',
      'marketId',
      routed.map((l) => l.marketId),
    );
    const theirs = [region, { column: 'status', values: statuses.map((r) => r.name) }];
    const people = await peopleOf('user_id');
    expect(people).toHaveLength(2);
    expect(await menuOf(provisioner.email, 'requestUserName', theirs)).toEqual(people);
    expect(await menuOf(provisioner.email, 'createdByName', theirs)).toEqual(await peopleOf('created_by'));
    expect(await menuOf(provisioner.email, 'marketName', theirs)).toEqual(
      [...new Set(markets.values())].sort(),
    );
    const none = [region, { column: 'status', values: ['Completed'] }];
    expect(await menuOf(provisioner.email, 'requestUserName', none)).toEqual([]);
    expect(await menuOf(provisioner.email, 'createdByName', none)).toEqual([]);
    expect(await menuOf(provisioner.email, 'marketName', none)).toEqual([]);
  });

  it("lists in each place's filter menu the names its lines under a filter on another place have", async () => {
    const inRegion = [...lines.a, ...lines.b, lines.crossed];
    for (const [column, key, table] of placeSorts.filter(([c]) => c !== 'regionName')) {
      const names = await namesOf(
        table,
        key,
        inRegion.map((l) => l[key]),
      );
      const menu = await menuOf(demo.superAdmin, column, [{ column: 'regionName', values: [`${tag} 1`] }]);
      expect(menu, column).toEqual([...new Set(names.values())].sort());
    }
  });
});
