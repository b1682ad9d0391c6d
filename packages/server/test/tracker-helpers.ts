import { expect } from 'vitest';
import type { TrackerRow } from '@uap/domain';
import { demo, type TestContext } from './harness.ts';
import type { BuiltPath } from './factories.ts';

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

/** Names every lookup of `path` `name` (so a test knows their order). */
export async function renamePath(db: TestContext['db']['kysely'], path: BuiltPath, name: string) {
  await db.updateTable('regions').set({ description: name }).where('regionId', '=', path.regionId).execute();
  await db.updateTable('markets').set({ description: name }).where('marketId', '=', path.marketId).execute();
  await db.updateTable('agencies').set({ description: name }).where('agencyId', '=', path.agencyId).execute();
  await db
    .updateTable('practices')
    .set({ description: name })
    .where('practiceId', '=', path.practiceId)
    .execute();
  await db
    .updateTable('platforms')
    .set({ description: name })
    .where('platformId', '=', path.platformId)
    .execute();
  await db.updateTable('clients').set({ description: name }).where('clientId', '=', path.clientId).execute();
  await db.updateTable('assetTypes').set({ description: name }).where('assetId', '=', path.assetId).execute();
  await db
    .updateTable('clientAccounts')
    .set({ description: name })
    .where('clientAccountId', '=', path.clientAccountId)
    .execute();
  await db
    .updateTable('platformUserTypes')
    .set({ description: name })
    .where('platformUserTypeId', '=', path.platformUserTypeId)
    .execute();
}
