import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role } from '@uap/domain';
import { inTransaction, readPoolOf } from '../src/db/connection.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser } from './factories.ts';

/**
 * SQLite with two read workers (PostgreSQL runs the same tests on its pool): reads see the
 * writes committed before them, a transaction reads its own writes, a long read stalls nobody.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SQLITE_READ_WORKERS: '2' });
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

const statusOf = async (requestId: number) =>
  (
    await k()
      .selectFrom('requests')
      .select('statusId')
      .where('requestId', '=', requestId)
      .executeTakeFirstOrThrow()
  ).statusId;

describe('reads on the SQLite read pool', () => {
  it('runs SELECTs on the workers when the database is a SQLite file', async () => {
    if (ctx.db.dialect !== 'sqlite') {
      expect(ctx.db.readPool).toBeNull();
      return;
    }
    const before = ctx.db.readPool!.reads;
    await k().selectFrom('users').select('userId').limit(1).execute();
    expect(ctx.db.readPool!.workers).toBe(2);
    expect(ctx.db.readPool!.reads).toBe(before + 1);
  });

  it('answers the health check while a long write holds the main connection', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let hasEnded = false;
    const write = inTransaction(ctx.db, async (trx) => {
      await trx.updateTable('users').set({ name: 'Held' }).where('userId', '=', -1).execute();
      await held;
    }).finally(() => (hasEnded = true));
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      // Answered while the write still held its transaction, not after it.
      expect(hasEnded).toBe(false);
    } finally {
      release();
      await write;
    }
  });

  it('reads the file through a memory map on the main connection and on every worker', async () => {
    if (ctx.db.dialect !== 'sqlite') {
      return;
    }
    const onMain = await sql<Record<string, number>>`pragma mmap_size`.execute(k());
    // Asked at once, the two questions go to the two workers (the least busy takes the next).
    const pool = readPoolOf(ctx.db)!;
    const onWorkers = await Promise.all([1, 2].map(() => pool.run('pragma mmap_size', [])));
    const sizes = [onMain.rows, ...onWorkers.map((result) => result.rows)].map((rows) =>
      Number(Object.values((rows[0] ?? {}) as Record<string, unknown>)[0]),
    );
    // 2,048 MB by default; this SQLite maps at most 2 GB less 64 KB (SQLITE_MAX_MMAP_SIZE).
    expect(sizes).toHaveLength(3);
    for (const size of sizes) {
      expect(size).toBeGreaterThan(2_000_000_000);
    }
  });

  it('sees every write committed just before, each time', async () => {
    const subject = await buildUser(k());
    const line = await buildRequest(k(), { path: await buildPath(k()), user: subject });
    const statuses = [RequestStatus.APPROVED, RequestStatus.REJECTED, RequestStatus.SUBMITTED];
    for (let i = 0; i < 30; i += 1) {
      const statusId = statuses[i % statuses.length]!;
      await inTransaction(ctx.db, (trx) =>
        trx.updateTable('requests').set({ statusId }).where('requestId', '=', line.requestId).execute(),
      );
      expect(await statusOf(line.requestId)).toBe(statusId);
      // A write outside a transaction (autocommit) too.
      await k()
        .updateTable('requests')
        .set({ comments: `pass ${i}` })
        .where('requestId', '=', line.requestId)
        .execute();
      const row = await k()
        .selectFrom('requests')
        .select('comments')
        .where('requestId', '=', line.requestId)
        .executeTakeFirstOrThrow();
      expect(row.comments).toBe(`pass ${i}`);
    }
  });

  it('reads inside a transaction see its uncommitted writes; reads outside see them only after the commit', async () => {
    const subject = await buildUser(k());
    const line = await buildRequest(k(), { path: await buildPath(k()), user: subject });
    await inTransaction(ctx.db, async (trx) => {
      await trx
        .updateTable('requests')
        .set({ statusId: RequestStatus.APPROVED })
        .where('requestId', '=', line.requestId)
        .execute();
      const inside = await trx
        .selectFrom('requests')
        .select('statusId')
        .where('requestId', '=', line.requestId)
        .executeTakeFirstOrThrow();
      expect(inside.statusId).toBe(RequestStatus.APPROVED);
      expect(await statusOf(line.requestId)).toBe(RequestStatus.SUBMITTED);
    });
    expect(await statusOf(line.requestId)).toBe(RequestStatus.APPROVED);
  });

  it("shows a request's own write through the API: the approved request leaves the approver's list at once", async () => {
    const approver = await buildUser(k(), { roleId: Role.APPROVER });
    const subject = await buildUser(k());
    const path = await buildPath(k(), { assignment: { primary: approver.userId } });
    const line = await buildRequest(k(), { path, user: subject });
    const token = await ctx.tokenFor(approver.email);
    const call = (method: 'PUT' | 'PATCH', url: string, payload: object) =>
      ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    const idsInList = async () =>
      (await call('PUT', '/api/Approvers/RequestList', { pageSize: 100 }))
        .json<{ data: { requests: { requestId: number }[] } }>()
        .data.requests.map((r) => r.requestId);

    expect(await idsInList()).toEqual([line.requestId]);
    const decided = await call('PATCH', '/api/Approvers/ApproveRejectRequest', {
      isApproved: true,
      comments: 'Justified',
      requestIds: [line.requestId],
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await idsInList()).toEqual([]);
  });

  it('names and fills the columns of a read as the main connection does', async () => {
    const subject = await buildUser(k(), { name: 'Rowena', lastName: 'Worker-Read' });
    const read = (db: typeof ctx.db.kysely) =>
      db
        .selectFrom('users')
        .select(['userId', 'lastName', 'isInternal'])
        .select(sql<string>`upper(last_name)`.as('shouted_last_name'))
        .select(sql<null>`null`.as('nothing_here'))
        .where('userId', '=', subject.userId)
        .execute();
    const expected = [
      {
        userId: subject.userId,
        lastName: 'Worker-Read',
        isInternal: 1,
        shoutedLastName: 'WORKER-READ',
        nothingHere: null,
      },
    ];
    const before = ctx.db.readPool?.reads ?? 0;
    expect(await read(k())).toEqual(expected);
    expect(ctx.db.readPool?.reads ?? 0).toBe(ctx.db.dialect === 'sqlite' ? before + 1 : 0);
    // Inside a transaction the main connection reads (SQLite) and the plugin renames.
    expect(await inTransaction(ctx.db, read)).toEqual(expected);
  });

  it('answers /api/health while a long read runs', async () => {
    const long = k()
      .withRecursive('c(n)', (db) =>
        db.selectNoFrom(sql.lit(1).as('n')).unionAll((db2) =>
          db2
            .selectFrom('c')
            .select((eb) => eb('n', '+', sql.lit(1)).as('n'))
            .where('n', '<', sql.lit(3_000_000)),
        ),
      )
      .selectFrom('c')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow()
      .then(() => performance.now());
    // Let the long read start before the health check.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const answered = performance.now();
    expect(health.statusCode).toBe(200);
    expect(answered).toBeLessThan(await long);
  });
});
