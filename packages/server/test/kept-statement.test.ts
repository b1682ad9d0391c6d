import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { derived, slot } from '../src/db/kept-statement.ts';
import { linesById } from '../src/modules/request-lines/line-query.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser } from './factories.ts';

/** A statement built once and run with each run's own values in its slots. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

interface Run {
  label: string;
  at: Date;
}

let builds = 0;
const linesOf = linesById(
  () => '',
  (db, where) => {
    builds += 1;
    const label = slot((run: Run) => run.label);
    const year = derived(
      slot((run: Run) => run.at),
      (at) => String(at.getUTCFullYear()),
    );
    return db.kysely
      .selectFrom('requests as r')
      .where(where)
      .select(['r.requestId', sql<string>`${label}`.as('label'), sql<string>`${year}`.as('year')]);
  },
);

describe('a kept statement', () => {
  it("runs with each run's values: ids (padded on SQLite), a slot and a value derived from one", async () => {
    const path = await buildPath(ctx.db.kysely);
    const subject = await buildUser(ctx.db.kysely);
    const lines = [];
    for (let i = 0; i < 4; i++) {
      lines.push(await buildRequest(ctx.db.kysely, { path, user: subject }));
    }
    const [a, b, c, d] = lines.map((line) => line.requestId) as [number, number, number, number];
    const run = (ids: number[], label: string, at: string) =>
      linesOf(ctx.db, ids, null, { label, at: new Date(at) });

    const before = builds;
    expect(await run([a, c], 'first', '2024-05-01T00:00:00Z')).toEqual([
      { requestId: a, label: 'first', year: '2024' },
      { requestId: c, label: 'first', year: '2024' },
    ]);
    // In the order asked for.
    expect(await run([d, b, a], 'second', '2031-01-01T00:00:00Z')).toEqual([
      { requestId: d, label: 'second', year: '2031' },
      { requestId: b, label: 'second', year: '2031' },
      { requestId: a, label: 'second', year: '2031' },
    ]);
    // Both counts fall in one length of id list: the statement was built once.
    expect(builds - before).toBe(1);
  });
});
