import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, type TrackerRow } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { trackerPage } from './tracker-helpers.ts';
import { buildPath, buildRequest, buildUser } from './factories.ts';

/**
 * The page everyone opens: every line, no filter and no search, in an order of the lines' own
 * columns. PostgreSQL reads it in one statement (ids and rows together); every other page reads
 * its ids, then its rows. Both must give the same lines, in the same order, with the same values.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

/** Lines added to the seed's: a few creation dates shared by many, end dates with gaps. */
const ADDED = 90;

interface Line {
  id: number;
  created: number;
  expires: number | null;
}
let lines: Line[];
let statusNames: string[];

beforeAll(async () => {
  const path = await buildPath(k());
  const users = [await buildUser(k()), await buildUser(k()), await buildUser(k())];
  const dates = ['2023-03-04', '2023-01-02', '2023-02-03'];
  const statuses = [RequestStatus.SUBMITTED, RequestStatus.APPROVED, RequestStatus.COMPLETED];
  for (let i = 0; i < ADDED; i += 1) {
    await buildRequest(k(), {
      path,
      user: users[i % users.length]!,
      statusId: statuses[i % statuses.length],
      createdDate: `${dates[i % dates.length]!}T08:00:00.000Z`,
      set: { expirationDate: i % 4 === 0 ? null : `2031-0${(i % 3) + 1}-01T00:00:00.000Z` },
    });
  }
  const read = await k()
    .selectFrom('requests')
    .select(['requestId', 'createdDate', 'expirationDate'])
    .execute();
  lines = read.map((r) => ({
    id: r.requestId,
    created: new Date(r.createdDate).getTime(),
    expires: r.expirationDate === null ? null : new Date(r.expirationDate).getTime(),
  }));
  statusNames = (await k().selectFrom('requestStatuses').select('description').execute()).map(
    (s) => s.description,
  );
}, 60_000);

/** Every line ordered by `key` then the request id, one direction; an empty key first when `isEmptyFirst`. */
function expectedOrder(key: (line: Line) => number | null, isAscending: boolean, isEmptyFirst: boolean) {
  const sign = isAscending ? 1 : -1;
  return [...lines]
    .sort((x, y) => {
      const a = key(x);
      const b = key(y);
      if (a !== b) {
        if (a === null || b === null) {
          return (a === null) === isEmptyFirst ? -1 : 1;
        }
        return sign * (a - b);
      }
      return sign * (x.id - y.id);
    })
    .map((l) => l.id);
}

/** Every page of the tracker in one order, as `as` sees it, with `filters` (none by default). */
async function everyPage(order: object, as: string, filters: object[] = []): Promise<TrackerRow[]> {
  const pageSize = 50;
  const rows: TrackerRow[] = [];
  for (let page = 1; page <= Math.ceil(lines.length / pageSize); page += 1) {
    const found = await trackerPage(ctx, { filters, pageSize, page, ...order }, as);
    expect(found).toMatchObject({ totalCount: lines.length, isCountEstimate: false });
    rows.push(...found.requests);
  }
  return rows;
}

/** A row without what the clock of its answer changes (two answers are milliseconds apart). */
const timeless = ({ waitingHours: _hours, isOverdue: _overdue, ...row }: TrackerRow) => row;

const orders = [
  {},
  { orderBy: 'createdDate', orderAsc: true },
  { orderBy: 'requestId', orderAsc: true },
  { orderBy: 'requestId', orderAsc: false },
  { orderBy: 'expirationDate', orderAsc: true },
  { orderBy: 'expirationDate', orderAsc: false },
  { orderBy: 'email', orderAsc: true },
  { orderBy: 'email', orderAsc: false },
];

describe('Request Tracker pages of every line', () => {
  it('built the lines it reads', () => {
    expect(lines.length).toBeGreaterThanOrEqual(ADDED);
  });

  it('follow the order asked for, page after page, for the super admin and the auditor', async () => {
    // SQLite puts empty values first in an ascending order, PostgreSQL last.
    const isEmptyFirst = ctx.db.dialect === 'sqlite';
    const cases: [object, (l: Line) => number | null, boolean][] = [
      [{}, (l) => l.created, false],
      [{ orderBy: 'createdDate', orderAsc: true }, (l) => l.created, true],
      [{ orderBy: 'requestId', orderAsc: true }, () => 0, true],
      [{ orderBy: 'requestId', orderAsc: false }, () => 0, false],
      [{ orderBy: 'expirationDate', orderAsc: true }, (l) => l.expires, true],
      [{ orderBy: 'expirationDate', orderAsc: false }, (l) => l.expires, false],
    ];
    for (const as of [demo.superAdmin, demo.auditor]) {
      for (const [order, key, isAscending] of cases) {
        const ids = (await everyPage(order, as)).map((r) => r.requestId);
        expect(ids, `${as} ${JSON.stringify(order)}`).toEqual(
          expectedOrder(key, isAscending, isEmptyFirst === isAscending),
        );
      }
    }
  });

  it('hold the same rows as the same lines found through a filter that keeps them all', async () => {
    const everyStatus = [{ column: 'status', values: statusNames }];
    for (const order of orders) {
      const plain = await everyPage(order, demo.superAdmin);
      const filtered = await everyPage(order, demo.superAdmin, everyStatus);
      expect(plain.map(timeless), JSON.stringify(order)).toEqual(filtered.map(timeless));
    }
  });

  it('step to the next and the previous page from the edge line of the page shown', async () => {
    const pageSize = 20;
    const pageCount = Math.ceil(lines.length / pageSize);
    for (const order of orders) {
      const byNumber: number[][] = [];
      for (let page = 1; page <= pageCount; page += 1) {
        const found = await trackerPage(ctx, { pageSize, page, ...order });
        byNumber.push(found.requests.map((r) => r.requestId));
      }
      const step = async (page: number, edge: number, isBefore: boolean) => {
        const found = await trackerPage(ctx, {
          pageSize,
          page,
          ...order,
          anchor: { requestId: edge, isBefore },
        });
        expect(found).toMatchObject({ totalCount: lines.length, isCountEstimate: false });
        return found.requests.map((r) => r.requestId);
      };
      for (let page = 2; page <= pageCount; page += 1) {
        const shown = byNumber[page - 2]!;
        expect(await step(page, shown.at(-1)!, false), `${JSON.stringify(order)} next to ${page}`).toEqual(
          byNumber[page - 1],
        );
      }
      for (let page = pageCount - 1; page >= 1; page -= 1) {
        const shown = byNumber[page]!;
        expect(await step(page, shown[0]!, true), `${JSON.stringify(order)} back to ${page}`).toEqual(
          byNumber[page - 1],
        );
      }
      // Past the last line: nothing; a line that does not exist: the page by its number.
      expect(await step(pageCount + 1, byNumber.at(-1)!.at(-1)!, false)).toEqual([]);
      expect(await step(2, 2_000_000_000, false)).toEqual(byNumber[1]);
    }
  });
});
