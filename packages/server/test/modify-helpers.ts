import { sql } from 'kysely';
import { expect } from 'vitest';
import { demo, type TestContext } from './harness.ts';
import { userIdOf } from './factories.ts';

/** Calls an endpoint as a demo user (or anonymously with `email` null). */
export async function call(
  ctx: TestContext,
  email: string | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) {
  const headers = email ? { authorization: `Bearer ${await ctx.tokenFor(email)}` } : {};
  const res = await ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: res.statusCode,
    body: res.json<{ succeeded: boolean; message: string; data: unknown } & Record<string, unknown>>(),
  };
}

/** A fingerprint of every request line and history row: equal before and after = nothing written. */
export async function snapshot(ctx: TestContext) {
  const row = await sql<{ lines: number | string; versions: number | string; history: number | string }>`
    select (select count(*) from requests) as lines,
           (select coalesce(sum(version), 0) from requests) as versions,
           (select count(*) from request_history) as history`.execute(ctx.db.kysely);
  const r = row.rows[0]!;
  return { lines: Number(r.lines), versions: Number(r.versions), history: Number(r.history) };
}

/** Calls, then checks the status, the exact message and that the database did not change. */
export async function expectRefused(
  ctx: TestContext,
  run: () => ReturnType<typeof call>,
  status: number,
  message: string,
) {
  const before = await snapshot(ctx);
  const res = await run();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ succeeded: false, message });
  expect(await snapshot(ctx)).toEqual(before);
  return res;
}

export function getLine(ctx: TestContext, requestId: number) {
  return ctx.db.kysely
    .selectFrom('requests')
    .selectAll()
    .where('requestId', '=', requestId)
    .executeTakeFirstOrThrow();
}

export function historyOf(ctx: TestContext, requestId: number) {
  return ctx.db.kysely
    .selectFrom('requestHistory')
    .selectAll()
    .where('requestId', '=', requestId)
    .orderBy('id', 'desc')
    .execute();
}

/** An active Completed record Alex created for himself: outside Sam's scope. */
export async function alexRecord(ctx: TestContext): Promise<number> {
  const ALEX = await userIdOf(ctx.db.kysely, demo.approver);
  const row = await ctx.db.kysely
    .selectFrom('requests')
    .select('requestId')
    .where('userId', '=', ALEX)
    .where('createdBy', '=', ALEX)
    .where('requestTypeId', '=', 1)
    .where('statusId', '=', 3)
    .where('isDeleted', '=', 0)
    .orderBy('requestId')
    .executeTakeFirstOrThrow();
  return row.requestId;
}

/** One of Sam's records (subject and creator) matching the facts of the demo seed. */
export async function samRecord(
  ctx: TestContext,
  o: {
    isDeleted?: 0 | 1;
    expired?: boolean;
    unlimited?: boolean;
    pending?: 'none' | 'notApproved' | 1 | 2;
    not?: number[];
  },
): Promise<number> {
  const SAM = await userIdOf(ctx.db.kysely, demo.standard);
  const today = new Date(
    Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()),
  ).toISOString();
  let q = ctx.db.kysely
    .selectFrom('requests as r')
    .leftJoin('requests as p', 'p.requestId', 'r.pendingChangeRequestId')
    .select('r.requestId')
    .where('r.userId', '=', SAM)
    .where('r.createdBy', '=', SAM)
    .where('r.requestTypeId', '=', 1)
    .where('r.statusId', 'in', [3, 6]);
  if (o.isDeleted !== undefined) {
    q = q.where('r.isDeleted', '=', o.isDeleted);
  }
  if (o.unlimited !== undefined) {
    q = q.where('r.expirationDate', o.unlimited ? 'is' : 'is not', null);
  }
  if (o.expired !== undefined) {
    q = o.expired
      ? q.where('r.expirationDate', '<', today)
      : q.where((eb) => eb.or([eb('r.expirationDate', 'is', null), eb('r.expirationDate', '>=', today)]));
  }
  if (o.pending === 'none') {
    q = q.where((eb) => eb.or([eb('p.requestId', 'is', null), eb('p.statusId', 'not in', [1, 2])]));
  } else if (o.pending === 'notApproved') {
    q = q.where((eb) => eb.or([eb('p.requestId', 'is', null), eb('p.statusId', '!=', 2)]));
  } else if (o.pending !== undefined) {
    q = q.where('p.statusId', '=', o.pending);
  }
  if (o.not?.length) {
    q = q.where('r.requestId', 'not in', o.not);
  }
  const row = await q.orderBy('r.requestId').executeTakeFirstOrThrow();
  return row.requestId;
}

/** A second record copying `requestId` (same path, role and asset): a factory for multi-record cases. */
export async function cloneRecord(ctx: TestContext, requestId: number): Promise<number> {
  const { requestId: _id, version: _v, pendingChangeRequestId: _p, ...row } = await getLine(ctx, requestId);
  const inserted = await ctx.db.kysely
    .insertInto('requests')
    .values({ ...row, submissionId: `${row.submissionId}-clone`, pendingChangeRequestId: null })
    .returning('requestId')
    .executeTakeFirstOrThrow();
  return inserted.requestId;
}

export const comments = 'Needed for the new campaign launch';
export const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
