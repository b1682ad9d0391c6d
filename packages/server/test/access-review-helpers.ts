import { expect } from 'vitest';
import type {
  AccessReviewInputBody,
  AccessReviewItemList,
  AccessReviewItemRow,
  AccessReviewStarted,
} from '@uap/domain';
import { uniqueTag } from './factories.ts';
import type { TestContext } from './harness.ts';

/** The access review tests' calls (issue 46), as a person: an email, or anyone with one. */
export type Who = string | { email: string };

export const DAY = 86_400_000;
/** A due day two weeks ahead, as the body sends it. */
export const dueDate = new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10);

/** A campaign body with a fresh name, due in two weeks, of any scope unless `o` says. */
export function campaignBody(o: Partial<AccessReviewInputBody> = {}): AccessReviewInputBody {
  return { name: `Review ${uniqueTag()}`, dueDate, scope: {}, ...o };
}

/** The API of access reviews as the tests call it; each person's token is made once. */
export function reviewApi(ctx: TestContext) {
  const tokens = new Map<string, string>();
  async function call(who: Who, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, body?: object) {
    const email = typeof who === 'string' ? who : who.email;
    let token = tokens.get(email);
    if (!token) {
      token = await ctx.tokenFor(email);
      tokens.set(email, token);
    }
    return ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
  }
  return {
    call,
    /** A new draft; its id. */
    async create(who: Who, input: AccessReviewInputBody): Promise<number> {
      const res = await call(who, 'POST', '/api/AccessReviews', input);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { reviewId: number } }>().data.reviewId;
    },
    async start(who: Who, reviewId: number): Promise<AccessReviewStarted> {
      const res = await call(who, 'PUT', `/api/AccessReviews/${reviewId}/Start`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: AccessReviewStarted }>().data;
    },
    /** My Access Reviews' first 100 items, of one campaign when `reviewId` says. */
    async myItems(who: Who, reviewId?: number): Promise<AccessReviewItemRow[]> {
      const res = await call(who, 'PUT', '/api/AccessReviews/MyItems', {
        pageSize: 100,
        ...(reviewId ? { reviewId } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: AccessReviewItemList }>().data.items;
    },
    decide: (who: Who, itemIds: number[], decision: 'keep' | 'revoke', comment?: string) =>
      call(who, 'PATCH', '/api/AccessReviews/Items', { itemIds, decision, ...(comment ? { comment } : {}) }),
    /** A campaign's name as stored. */
    async nameOf(reviewId: number): Promise<string> {
      const row = await ctx.db.kysely
        .selectFrom('accessReviews')
        .select('name')
        .where('reviewId', '=', reviewId)
        .executeTakeFirstOrThrow();
      return row.name;
    },
  };
}
