import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { unsignedCsv } from './signed-body.ts';
import { trackerPage } from './tracker-helpers.ts';
import { buildPath, buildRequest, buildUser, uniqueTag, type BuiltPath } from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

const tracker = (body: object) => trackerPage(ctx, body);

/**
 * Enough lines on one new platform that their pages run well past line 500 (where SQLite finds
 * a page by sorting the filtered lines instead of walking the order), with every sorted value
 * repeated, so each order leans on its tiebreaks.
 */
const LINES = 740;
let path: BuiltPath;

interface Line {
  id: number;
  created: number;
  expires: number | null;
  status: string;
  statusId: number;
  client: string | null;
  clientId: number | null;
}
let lines: Line[];
let tag: string;

beforeAll(async () => {
  path = await buildPath(k());
  tag = uniqueTag();
  const client = async (name: string) =>
    (
      await k()
        .insertInto('clients')
        .values({ platformId: path.platformId, agencyId: path.agencyId, description: name })
        .returning('clientId')
        .executeTakeFirstOrThrow()
    ).clientId;
  // Client ids do not follow their names, and two clients share one.
  const clients = [await client(`${tag} C`), await client(`${tag} B`), null, await client(`${tag} A`)];
  clients.push(await client(`${tag} B`));
  const statuses = [RequestStatus.SUBMITTED, RequestStatus.APPROVED, RequestStatus.COMPLETED];
  const dates = ['2022-03-04', '2022-01-02', '2022-05-06', '2022-02-03'];
  const user = await buildUser(k());
  const first = await buildRequest(k(), { path, user });
  const { requestId: _id, ...copy } = first;
  const rows = Array.from({ length: LINES - 1 }, (_, i) => ({
    ...copy,
    submissionId: `sorted-${path.platformId}-${i}`,
    createdDate: `${dates[i % dates.length] ?? ''}T00:00:00.000Z`,
    expirationDate: i % 7 === 0 ? null : `2030-0${(i % 3) + 1}-01T00:00:00.000Z`,
    statusId: statuses[i % statuses.length] ?? RequestStatus.SUBMITTED,
    clientId: clients[i % clients.length] ?? null,
    clientAccountId: null,
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await k()
      .insertInto('requests')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  const read = await k()
    .selectFrom('requests as r')
    .innerJoin('requestStatuses as s', 's.statusId', 'r.statusId')
    .leftJoin('clients as c', 'c.clientId', 'r.clientId')
    .select([
      'r.requestId',
      'r.createdDate',
      'r.expirationDate',
      's.description as status',
      'r.statusId',
      'c.description as client',
      'r.clientId',
    ])
    .where('r.platformId', '=', path.platformId)
    .execute();
  lines = read.map((r) => ({
    id: r.requestId,
    created: new Date(r.createdDate).getTime(),
    expires: r.expirationDate === null ? null : new Date(r.expirationDate).getTime(),
    status: r.status,
    statusId: r.statusId,
    client: r.client,
    clientId: r.clientId,
  }));
}, 120_000);

type Key = (line: Line) => string | number | null;

/**
 * The lines in the order of `keys` then the request id, every key in one direction; an empty
 * value first (`isEmptyFirst`) or last when ascending.
 */
function expectedOrder(keys: Key[], isAscending: boolean, isEmptyFirst: boolean): number[] {
  const sign = isAscending ? 1 : -1;
  const compare = (a: string | number | null, b: string | number | null) => {
    if (a === b) {
      return 0;
    }
    if (a === null || b === null) {
      return (a === null) === isEmptyFirst ? -1 : 1;
    }
    return a < b ? -1 : 1;
  };
  return [...lines]
    .sort((x, y) => {
      for (const key of keys) {
        const c = compare(key(x), key(y));
        if (c !== 0) {
          return sign * c;
        }
      }
      return sign * (x.id - y.id);
    })
    .map((l) => l.id);
}

/** Every page of the platform's lines in one order, read by page number. */
async function everyPage(order: object): Promise<number[]> {
  const pageSize = 100;
  const ids: number[] = [];
  for (let page = 1; page <= Math.ceil(LINES / pageSize); page += 1) {
    const found = await tracker({
      filters: [{ column: 'platformName', values: [path.names.platform] }],
      pageSize,
      page,
      ...order,
    });
    expect(found).toMatchObject({ totalCount: LINES, isCountEstimate: false });
    ids.push(...found.requests.map((r) => r.requestId));
  }
  return ids;
}

describe('Request Tracker pages past the first 500 lines of a filtered result', () => {
  it('built the lines it reads', () => {
    expect(lines).toHaveLength(LINES);
  });

  it('follow on from the pages before them in every order, both ways', async () => {
    // SQLite puts empty values first in an ascending order, PostgreSQL last; the tracker puts
    // the lines without a client first either way (their own run before the named ones).
    const isEmptyFirst = ctx.db.dialect === 'sqlite';
    const orders: [object, Key[], boolean, boolean][] = [
      [{}, [(l) => l.created], false, isEmptyFirst],
      [{ orderBy: 'createdDate', orderAsc: true }, [(l) => l.created], true, isEmptyFirst],
      [{ orderBy: 'requestId', orderAsc: true }, [], true, isEmptyFirst],
      [{ orderBy: 'expirationDate', orderAsc: true }, [(l) => l.expires], true, isEmptyFirst],
      [{ orderBy: 'expirationDate', orderAsc: false }, [(l) => l.expires], false, isEmptyFirst],
      [{ orderBy: 'status', orderAsc: true }, [(l) => l.status, (l) => l.statusId], true, true],
      [{ orderBy: 'status', orderAsc: false }, [(l) => l.status, (l) => l.statusId], false, true],
      [{ orderBy: 'clientName', orderAsc: true }, [(l) => l.client, (l) => l.clientId], true, true],
      [{ orderBy: 'clientName', orderAsc: false }, [(l) => l.client, (l) => l.clientId], false, true],
    ];
    for (const [order, keys, isAscending, emptyFirst] of orders) {
      expect(await everyPage(order), JSON.stringify(order)).toEqual(
        expectedOrder(keys, isAscending, emptyFirst),
      );
    }
  });

  it('filtered by a lookup name hold every row of that name, and the lines without one for an empty name', async () => {
    const platform = { column: 'platformName', values: [path.names.platform] };
    const idsWhere = (test: (l: Line) => boolean) =>
      lines
        .filter(test)
        .map((l) => l.id)
        .sort((a, b) => b - a);
    const cases: [{ column: string; values: string[] }[], number[]][] = [
      // Two clients share this name: the lines of both.
      [[{ column: 'clientName', values: [`${tag} B`] }], idsWhere((l) => l.client === `${tag} B`)],
      [
        [{ column: 'clientName', values: ['', `${tag} A`] }],
        idsWhere((l) => l.client === null || l.client === `${tag} A`),
      ],
      [
        [
          { column: 'clientName', values: [`${tag} C`, `${tag} no such client`] },
          { column: 'status', values: ['Submitted', 'Completed'] },
        ],
        idsWhere((l) => l.client === `${tag} C` && (l.status === 'Submitted' || l.status === 'Completed')),
      ],
      [[{ column: 'clientName', values: [`${tag} no such client`] }], []],
      [[{ column: 'status', values: [''] }], []],
    ];
    for (const [filters, expected] of cases) {
      const label = JSON.stringify(filters);
      const found: number[] = [];
      for (let page = 1; page <= Math.ceil(LINES / 100); page += 1) {
        const read = await tracker({
          filters: [platform, ...filters],
          orderBy: 'requestId',
          orderAsc: false,
          pageSize: 100,
          page,
        });
        expect(read.totalCount, label).toBe(expected.length);
        found.push(...read.requests.map((r) => r.requestId));
      }
      expect(found, label).toEqual(expected);
      const exported = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Request/AllRequests/Export',
        headers: { authorization: `Bearer ${await ctx.tokenFor(demo.superAdmin)}` },
        payload: { filters: [platform, ...filters] },
      });
      expect(exported.statusCode, label).toBe(200);
      const csvIds = unsignedCsv(exported.body)
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => Number(/^"?(\d+)/.exec(line)?.[1]));
      expect(csvIds, label).toEqual(expected);
    }
  });
});
