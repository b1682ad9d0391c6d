import { nowIso } from '../src/db/connection.ts';
import { demo, type TestContext } from './harness.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** Calls an endpoint as a demo user (or anonymously with `email` null); tokens are cached. */
export function caller(ctx: TestContext) {
  const tokens = new Map<string, string>();
  return async function call<T = unknown>(
    email: string | null,
    method: Method,
    url: string,
    payload?: unknown,
  ) {
    let headers = {};
    if (email) {
      let token = tokens.get(email);
      if (!token) {
        token = await ctx.tokenFor(email);
        tokens.set(email, token);
      }
      headers = { authorization: `Bearer ${token}` };
    }
    const res = await ctx.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json<{ succeeded: boolean; message: string; data: T }>() };
  };
}

/**
 * Stands in for the approver step (another module): a Submitted line becomes Approved by Alex,
 * as the approval transition leaves it.
 */
export async function markApproved(ctx: TestContext, requestId: number) {
  const alex = await ctx.db.kysely
    .selectFrom('users')
    .select('userId')
    .where('email', '=', demo.approver)
    .executeTakeFirstOrThrow();
  await ctx.db.kysely
    .updateTable('requests')
    .set({
      statusId: 2,
      approvedRejectedBy: alex.userId,
      approvedDate: nowIso(),
      approverComment: 'Approved for the test',
    })
    .where('requestId', '=', requestId)
    .where('statusId', '=', 1)
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

export function lineOf(ctx: TestContext, requestId: number) {
  return ctx.db.kysely
    .selectFrom('requests')
    .selectAll()
    .where('requestId', '=', requestId)
    .executeTakeFirstOrThrow();
}

export const provisionComment = 'Access granted in the platform.';
export const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
