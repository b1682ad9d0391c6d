import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/connection.ts';
import { instanceId } from '../src/instance.ts';
import { Lifecycle } from '../src/lifecycle.ts';
import { claimLease, releaseLeasesOf } from '../src/modules/jobs/queries.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';

describe('liveness and readiness', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the probes however often they come (no rate limit)', async () => {
    const limited = await createTestContext({ RATE_LIMIT_API_PER_MINUTE: '2' });
    try {
      for (let i = 0; i < 5; i += 1) {
        expect((await limited.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
        expect((await limited.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      }
      const counted: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        counted.push((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
      }
      expect(counted).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('answers liveness without reading anything', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ succeeded: true, message: '', data: { status: 'ok', version: 'v.2.80' } });
  });

  it('is ready once the database answers and every migration has run', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      status: 'ok',
      database: 'ok',
      migrations: 'ok',
      draining: false,
      version: 'v.2.80',
    });
    expect(res.headers.connection).not.toBe('close');
  });

  it('is not ready while a migration of this code has not run', async () => {
    const last = await ctx.db.kysely
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`max(name)`.as('name'))
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last.name}`.execute(ctx.db.kysely);
    try {
      expect(await new Lifecycle(ctx.db).readiness()).toEqual({
        isReady: false,
        database: 'ok',
        migrations: 'pending',
        draining: false,
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${new Date().toISOString()})`.execute(
        ctx.db.kysely,
      );
    }
  });

  it('turns unready when draining, still serves, and closes each answered connection', async () => {
    ctx.app.lifecycle.draining = true;
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        succeeded: false,
        message: 'This server is not taking new work at the moment.',
        data: { status: 'error', database: 'ok', migrations: 'ok', draining: true },
      });
      const token = await ctx.tokenFor(demo.standard);
      const served = await ctx.app.inject({
        method: 'GET',
        url: '/api/Request/TaskCounts',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers.connection).toBe('close');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.draining = false;
    }
  });
});

describe("a stopping instance's leases", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('releases every lease it holds and none of another instance', async () => {
    const until = new Date(Date.now() + 60_000).toISOString();
    expect(await claimLease(ctx.db.kysely, 'job-a', `${instanceId}:run1`, until)).toBe(true);
    expect(await claimLease(ctx.db.kysely, 'job-b', `${instanceId}:run2`, until)).toBe(true);
    expect(await claimLease(ctx.db.kysely, 'job-c', `${instanceId}x:run3`, until)).toBe(true);
    expect(await claimLease(ctx.db.kysely, 'job-d', `other-host:1:abcd1234:run4`, until)).toBe(true);

    expect(await releaseLeasesOf(ctx.db.kysely, instanceId)).toBe(2);

    const left = await ctx.db.kysely.selectFrom('jobLeases').select('jobName').orderBy('jobName').execute();
    expect(left.map((row) => row.jobName)).toEqual(['job-c', 'job-d']);
    // Released, the job can be claimed by the next instance at once.
    expect(await claimLease(ctx.db.kysely, 'job-a', 'next-instance:1:run5', until)).toBe(true);
  });
});

describe.runIf(process.env.TEST_PG_URL !== undefined)('a statement PostgreSQL cuts short', () => {
  // Another connection holds the requests table, so the call's read waits behind it until one of
  // the two limits cancels it.
  async function callWhileRequestsLocked(env: Record<string, string>) {
    const ctx = await createTestContext(env);
    const holder = openDb(ctx.config.databaseUrl);
    try {
      const token = await ctx.tokenFor(demo.standard);
      return await holder.kysely.transaction().execute(async (trx) => {
        await sql`lock table requests in access exclusive mode`.execute(trx);
        const started = Date.now();
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/api/Request/TaskCounts',
          headers: { authorization: `Bearer ${token}` },
        });
        return { res, waitedMs: Date.now() - started };
      });
    } finally {
      await holder.kysely.destroy();
      await ctx.close();
    }
  }

  it.each([
    ['the lock timeout', { PG_LOCK_TIMEOUT_MS: '300' }],
    ['the statement timeout', { PG_STATEMENT_TIMEOUT_MS: '300', PG_LOCK_TIMEOUT_MS: '0' }],
  ])('answers 503 in the envelope after %s', async (_name, env) => {
    const { res, waitedMs } = await callWhileRequestsLocked(env);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      succeeded: false,
      message: 'The server took too long to answer. Please try again in a moment.',
      data: null,
    });
    expect(waitedMs).toBeGreaterThanOrEqual(250);
  });
});
