import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { trackerPage } from './tracker-helpers.ts';
import { buildPath, buildRequest, buildUser, type BuiltPath } from './factories.ts';

/**
 * A deep page of a filtered result estimated a little above the most lines a page is found
 * among by sorting them (50,000): the estimate samples 1,000 evenly spaced request ids, so lines
 * placed on those ids make it far larger than the result. On SQLite the page's lines are then
 * counted exactly (the count stops past the bound) and the page is found by sorting them; on
 * PostgreSQL the estimate stands.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

/** The filtered result: more than the 10,000 lines counted exactly on every page. */
const LINES = 11_000;
/** The ids' span the estimate scales its sample to: 60 ids between two sampled ones. */
const SPAN = 60_000;
const SAMPLES = 1_000;

let path: BuiltPath;
let idsNewestFirst: number[];

beforeAll(async () => {
  path = await buildPath(k());
  const user = await buildUser(k());
  const first = await buildRequest(k(), { path, user, createdDate: '2022-06-01T00:00:00.000Z' });
  const { requestId: firstId, ...copy } = first;
  const range = await k()
    .selectFrom('requests')
    .select((eb) => [eb.fn.min('requestId').as('low'), eb.fn.max('requestId').as('top')])
    .executeTakeFirstOrThrow();
  const low = Number(range.low);
  const top = Number(range.top);
  // Every sampled id above the lines already there, the last id of the span, then more ids.
  const sampled = Array.from({ length: SAMPLES }, (_, i) => low + Math.floor((i * SPAN) / SAMPLES));
  const ids = new Set([...sampled.filter((id) => id > top), low + SPAN - 1]);
  for (let id = top + 1; ids.size < LINES - 1; id += 1) {
    ids.add(id);
  }
  const rows = [...ids].map((requestId) => ({ ...copy, requestId, submissionId: `bound-${requestId}` }));
  for (let i = 0; i < rows.length; i += 500) {
    await k()
      .insertInto('requests')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  if (ctx.db.dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('requests', 'request_id'), (select max(request_id) from requests))`.execute(
      k(),
    );
  }
  idsNewestFirst = [firstId, ...ids].sort((a, b) => b - a);
}, 120_000);

const body = (page: number) => ({
  filters: [{ column: 'platformName', values: [path.names.platform] }],
  pageSize: 50,
  page,
});

describe('A deep page of a result estimated a little above the sorted read’s bound', () => {
  it('is estimated above the bound on its first page', async () => {
    expect(idsNewestFirst).toHaveLength(LINES);
    const first = await trackerPage(ctx, body(1));
    expect(first.isCountEstimate).toBe(true);
    expect(first.totalCount).toBeGreaterThan(50_000);
    expect(first.totalCount).toBeLessThanOrEqual(75_000);
    expect(first.requests.map((r) => r.requestId)).toEqual(idsNewestFirst.slice(0, 50));
  });

  it('holds the lines of its place in the order, counted exactly on SQLite', async () => {
    // One creation date: newest id first. Page 140 is within the first 10,000 lines, 201 past them.
    for (const page of [140, 201]) {
      const deep = await trackerPage(ctx, body(page));
      const from = (page - 1) * 50;
      expect(deep.requests.map((r) => r.requestId)).toEqual(idsNewestFirst.slice(from, from + 50));
      if (ctx.db.dialect === 'sqlite') {
        expect(deep, `page ${page}`).toMatchObject({ totalCount: LINES, isCountEstimate: false });
      } else {
        expect(deep.isCountEstimate, `page ${page}`).toBe(true);
      }
    }
  });
});
