import { expect } from 'vitest';
import type { TrackerRow } from '@uap/domain';
import { demo, type TestContext } from './harness.ts';

/** One Request Tracker page through the API (as the super admin unless `as` says who). */
export async function trackerPage(ctx: TestContext, body: object, as: string = demo.superAdmin) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/Request/AllRequests',
    headers: { authorization: `Bearer ${await ctx.tokenFor(as)}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { requests: TrackerRow[]; totalCount: number; isCountEstimate?: boolean } }>().data;
}
