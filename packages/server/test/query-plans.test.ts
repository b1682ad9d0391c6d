import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, type TrackerRow } from '@uap/domain';
import { KEPT_PLAN } from '../src/db/connection.ts';
import type { Database } from '../src/db/schema.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser, type BuiltPath, type BuiltUser } from './factories.ts';

/**
 * The Request Tracker reads a page's lines by id in one statement marked to keep its plan. On
 * PostgreSQL it is a named prepared statement whose text does not change with the number of
 * lines, run outside transactions on the connections kept for such statements; the app runs with
 * one connection of each kind here, so the test can see the kept one's statements (asking with a
 * kept statement of its own, which the lookups leave out).
 */
let ctx: TestContext;
let path: BuiltPath;
let user: BuiltUser;
const lines: number[] = [];

beforeAll(async () => {
  const poolMax = process.env.PG_POOL_MAX;
  process.env.PG_POOL_MAX = '1';
  try {
    ctx = await createTestContext();
  } finally {
    if (poolMax === undefined) {
      delete process.env.PG_POOL_MAX;
    } else {
      process.env.PG_POOL_MAX = poolMax;
    }
  }
  path = await buildPath(ctx.db.kysely);
  user = await buildUser(ctx.db.kysely);
  for (const createdDate of [
    '2022-03-01T00:00:00.000Z',
    '2022-03-02T00:00:00.000Z',
    '2022-03-03T00:00:00.000Z',
  ]) {
    const line = await buildRequest(ctx.db.kysely, {
      path,
      user,
      statusId: RequestStatus.SUBMITTED,
      createdDate,
    });
    lines.push(line.requestId);
  }
});
afterAll(async () => {
  await ctx.close();
});

async function page(ids: number[]) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/Request/AllRequests',
    headers: { authorization: `Bearer ${await ctx.tokenFor(demo.superAdmin)}` },
    payload: { filters: [{ column: 'requestId', values: ids.map(String) }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { requests: TrackerRow[] } }>().data.requests;
}

describe('the tracker page read by id with a kept plan', () => {
  it('returns each line once, newest first, with its names, whatever the number of lines', async () => {
    const [first, second, third] = lines as [number, number, number];
    const three = await page([first, second, third]);
    expect(three.map((r) => r.requestId)).toEqual([third, second, first]);
    expect(three.map((r) => r.clientName)).toEqual([path.names.client, path.names.client, path.names.client]);
    const one = await page([second]);
    expect(one.map((r) => r.requestId)).toEqual([second]);
    expect(one[0]?.platformName).toBe(path.names.platform);
  });

  /** The kept connection's prepared statements (a kept statement itself: it runs there). */
  async function keptStatements() {
    const { rows } = await sql<{ name: string; generic: string; custom: string }>`
      select name, generic_plans as generic, custom_plans as custom from pg_prepared_statements
      where statement like ${'%/* kept plan */'} and statement not like ${'%pg_prepared_statements%'}
      ${KEPT_PLAN}`.execute(ctx.db.kysely);
    return rows;
  }

  const backendOf = async (executor: Kysely<Database>, isKept: boolean) => {
    const query = isKept
      ? sql<{ pid: number }>`select pg_backend_pid() as pid ${KEPT_PLAN}`
      : sql<{ pid: number }>`select pg_backend_pid() as pid`;
    return (await query.execute(executor)).rows[0]!.pid;
  };

  it('on PostgreSQL, pages of different lengths share one prepared statement', async () => {
    if (ctx.db.dialect !== 'postgres') {
      return;
    }
    await page(lines);
    await page(lines.slice(0, 1));
    const rows = await keptStatements();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toMatch(/^kept_[0-9a-f]{24}$/);
  });

  it('on PostgreSQL, runs it with its generic plan from the first run, on its own connections, and only it', async () => {
    if (ctx.db.dialect !== 'postgres') {
      return;
    }
    await page(lines);
    await page(lines.slice(1));
    const rows = await keptStatements();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.generic)).toBeGreaterThanOrEqual(2);
    expect(Number(rows[0]?.custom)).toBe(0);
    // Outside a transaction a kept statement runs on another connection than the others…
    expect(await backendOf(ctx.db.kysely, true)).not.toBe(await backendOf(ctx.db.kysely, false));
    // …which keeps PostgreSQL's own choice of plan.
    const mode = await sql<{ planCacheMode: string }>`show plan_cache_mode`.execute(ctx.db.kysely);
    expect(mode.rows[0]?.planCacheMode).toBe('auto');
    expect(await page(lines.slice(0, 1))).toHaveLength(1);
  });

  it('on PostgreSQL, runs a kept statement inside a transaction on the transaction’s connection, with the transaction’s own writes', async () => {
    if (ctx.db.dialect !== 'postgres') {
      return;
    }
    const marker = `kept-${Date.now()}`;
    const seen = await ctx.db.kysely.transaction().execute(async (trx) => {
      await sql`update users set last_name = ${marker} where user_id = ${user.userId}`.execute(trx);
      const pids = [await backendOf(trx, false), await backendOf(trx, true)];
      const { rows } = await sql<{ lastName: string }>`
        select last_name from users where user_id = ${user.userId} ${KEPT_PLAN}`.execute(trx);
      const mode = await sql<{ planCacheMode: string }>`show plan_cache_mode`.execute(trx);
      return { pids, lastName: rows[0]?.lastName, mode: mode.rows[0]?.planCacheMode };
    });
    expect(seen.pids[1]).toBe(seen.pids[0]);
    expect(seen.lastName).toBe(marker);
    // The setting was the statement's own.
    expect(seen.mode).toBe('auto');
  });

  it('on PostgreSQL, leaves the connection usable and back to its own plan choice after a kept statement fails in a transaction', async () => {
    if (ctx.db.dialect !== 'postgres') {
      return;
    }
    await expect(
      ctx.db.kysely.transaction().execute(async (trx) => {
        await sql`select 1 / ${0}::int as x ${KEPT_PLAN}`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    const mode = await sql<{ planCacheMode: string }>`show plan_cache_mode`.execute(ctx.db.kysely);
    expect(mode.rows[0]?.planCacheMode).toBe('auto');
    expect(await page(lines.slice(0, 1))).toHaveLength(1);
  });
});

describe('PostgreSQL sessions', () => {
  it.each([
    ['jit', 'off', 'without JIT compilation (its compiling cost more than it saved on the app’s statements)'],
    [
      'max_parallel_workers_per_gather',
      '0',
      'without parallel workers (starting them cost more than they saved)',
    ],
  ])('show %s = %s: run %s', async (setting, expected) => {
    if (ctx.db.dialect !== 'postgres') {
      return;
    }
    const { rows } = await sql<Record<string, string>>`show ${sql.id(setting)}`.execute(ctx.db.kysely);
    expect(Object.values(rows[0] ?? {})[0]).toBe(expected);
  });
});
