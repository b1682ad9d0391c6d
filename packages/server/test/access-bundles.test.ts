import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages, RequestStatus, Role } from '@uap/domain';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRecord, buildUser, type BuiltPath } from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

interface Answer {
  succeeded: boolean;
  message: string;
  data: Record<string, unknown> & {
    bundleId: number;
    isActive: boolean;
    items: {
      itemId: number;
      platformName: string;
      clientAccountName: string | null;
      unavailable: string | null;
    }[];
    records: { bundleId: number; name: string; itemCount: number; status: string }[];
    lines: { recordId: number; outcome: string; reason: string | null }[];
    requestIds: number[];
  } & { bundleId: number; name: string }[];
}

async function call(email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<Answer>() };
}

/** Bundles and their accesses: equal before and after = nothing written. */
async function snapshot() {
  const row = await sql<{ bundles: string | number; items: string | number; changed: string | null }>`
    select (select count(*) from access_bundles) as bundles,
           (select count(*) from access_bundle_items) as items,
           (select max(updated_date) from access_bundles) as changed`.execute(ctx.db.kysely);
  const r = row.rows[0]!;
  return { bundles: Number(r.bundles), items: Number(r.items), changed: r.changed };
}

const itemOf = (p: BuiltPath) => ({
  PracticeId: p.practiceId,
  PlatformId: p.platformId,
  ClientId: p.clientId,
  AssetId: p.assetId,
  ClientAccountId: p.clientAccountId,
  PlatformUserTypeId: p.platformUserTypeId,
});

/** Two paths on one agency (two platforms), the first with an approver. */
async function place() {
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann' });
  const first = await buildPath(k, { assignment: { primary: approver.userId } });
  const second = await buildPath(k, {
    regionId: first.regionId,
    marketId: first.marketId,
    agencyId: first.agencyId,
    practiceId: first.practiceId,
  });
  return { first, second, approver };
}

const bundleBody = (p: BuiltPath, items: object[], name = `Planner kit ${p.names.agency}`) => ({
  Name: name,
  RegionId: p.regionId,
  MarketId: p.marketId,
  AgencyId: p.agencyId,
  Items: items,
});

describe('access bundles', () => {
  it('a super administrator defines a bundle; it is listed, and offered on its agency only', async () => {
    const { first, second } = await place();
    const made = await call(
      demo.superAdmin,
      'POST',
      '/api/AccessBundles',
      bundleBody(first, [itemOf(first), itemOf(second)]),
    );
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.message).toBe(messages.bundleSaved);
    expect(made.body.data.items.map((i) => [i.platformName, i.clientAccountName, i.unavailable])).toEqual([
      [first.names.platform, first.names.account, null],
      [second.names.platform, second.names.account, null],
    ]);
    const list = await call(demo.superAdmin, 'PUT', '/api/AccessBundles/List', {
      page: 1,
      pageSize: 20,
      searchCriteria: first.names.agency,
    });
    expect(list.status, list.body.message).toBe(200);
    expect(list.body.data.records).toEqual([
      expect.objectContaining({ bundleId: made.body.data.bundleId, itemCount: 2, status: 'Active' }),
    ]);
    const fitting = await call(
      demo.standard,
      'GET',
      `/api/AccessBundles/Fitting?regionId=${first.regionId}&marketId=${first.marketId}&agencyId=${first.agencyId}`,
    );
    expect(fitting.body.data).toEqual([
      { bundleId: made.body.data.bundleId, name: `Planner kit ${first.names.agency}`, itemCount: 2 },
    ]);
    const other = await buildPath(ctx.db.kysely);
    const elsewhere = await call(
      demo.standard,
      'GET',
      `/api/AccessBundles/Fitting?regionId=${other.regionId}&marketId=${other.marketId}&agencyId=${other.agencyId}`,
    );
    expect(elsewhere.body.data).toEqual([]);
  });

  it('refuses, writing nothing: an access not on the agency, a name taken, no access, a market not of the region', async () => {
    const { first, second } = await place();
    const stranger = await buildPath(ctx.db.kysely);
    await call(demo.superAdmin, 'POST', '/api/AccessBundles', bundleBody(first, [itemOf(first)], 'Taken'));
    const before = await snapshot();
    const refusals: [object, number, string][] = [
      [
        bundleBody(first, [itemOf(first), { ...itemOf(second), ClientId: stranger.clientId }], 'New'),
        422,
        messages.bundleItemRefused(2, messages.invalidRequestPath('client')),
      ],
      [
        bundleBody(first, [{ ...itemOf(first), PlatformUserTypeId: stranger.platformUserTypeId }], 'New'),
        422,
        messages.bundleItemRefused(1, messages.invalidRequestPath('platform user type')),
      ],
      [bundleBody(first, [itemOf(first)], 'taken'), 409, messages.bundleNameTaken],
      [bundleBody(first, [], 'New'), 400, messages.bundleNoItems],
      [bundleBody(first, [itemOf(first)], '  '), 400, messages.bundleNameRequired],
      [
        { ...bundleBody(first, [itemOf(first)], 'New'), MarketId: stranger.marketId },
        422,
        messages.invalidRequestPath('agency'),
      ],
    ];
    for (const [body, status, message] of refusals) {
      const res = await call(demo.superAdmin, 'POST', '/api/AccessBundles', body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a region administrator keeps the bundles of her rows only; a delegate and the auditor change none', async () => {
    const { first } = await place();
    const outside = await buildPath(ctx.db.kysely);
    const admin = await buildUser(ctx.db.kysely, { name: 'Reg' });
    await appointRegionAdmin(ctx, admin, first);
    const mine = await call(admin.email, 'POST', '/api/AccessBundles', bundleBody(first, [itemOf(first)]));
    expect(mine.status, mine.body.message).toBe(200);
    const theirs = await call(
      demo.superAdmin,
      'POST',
      '/api/AccessBundles',
      bundleBody(outside, [itemOf(outside)]),
    );
    expect(theirs.status, theirs.body.message).toBe(200);
    const theirsId = theirs.body.data.bundleId;

    const delegate = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER, name: 'Dee' });
    await ctx.db.kysely
      .insertInto('absences')
      .values({
        userId: admin.userId,
        delegateId: delegate.userId,
        fromDate: new Date(Date.now() - 86_400_000).toISOString(),
        toDate: new Date(Date.now() + 86_400_000).toISOString(),
        isDeleted: 0,
      })
      .execute();
    const before = await snapshot();
    // Outside her rows: not found, whatever she tries.
    for (const [method, url, body] of [
      ['POST', '/api/AccessBundles', bundleBody(outside, [itemOf(outside)], 'Mine now')],
      ['PUT', `/api/AccessBundles/${theirsId}`, bundleBody(first, [itemOf(first)], 'Moved')],
      ['PUT', `/api/AccessBundles/${theirsId}/Active`, { isActive: false }],
      ['GET', `/api/AccessBundles/${theirsId}`, undefined],
    ] as const) {
      const res = await call(admin.email, method, url, body);
      expect(res.status, `${method} ${url}: ${res.body.message}`).toBe(404);
    }
    // Her own bundle moved to a place outside her rows: not found either.
    const moved = await call(
      admin.email,
      'PUT',
      `/api/AccessBundles/${mine.body.data.bundleId}`,
      bundleBody(outside, [itemOf(outside)], 'Moved'),
    );
    expect(moved.status).toBe(404);
    const list = await call(admin.email, 'PUT', '/api/AccessBundles/List', { page: 1, pageSize: 100 });
    expect(list.body.data.records.map((r) => r.bundleId)).toContain(mine.body.data.bundleId);
    expect(list.body.data.records.map((r) => r.bundleId)).not.toContain(theirsId);
    // A delegate standing in for her gains none of her administration; the auditor reads only.
    for (const [email, status] of [
      [delegate.email, 403],
      [demo.auditor, 403],
    ] as const) {
      const res = await call(email, 'PUT', `/api/AccessBundles/${mine.body.data.bundleId}/Active`, {
        isActive: false,
      });
      expect(res.status).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the wizard requests a bundle: held access skipped, a part deactivated since named, a deactivated bundle gone', async () => {
    const { first, second, approver } = await place();
    const made = await call(
      demo.superAdmin,
      'POST',
      '/api/AccessBundles',
      bundleBody(first, [itemOf(first), itemOf(second)]),
    );
    const [one, two] = made.body.data.items;
    // The wizard lists an active bundle's accesses for any requestor.
    const read = await call(demo.standard, 'GET', `/api/AccessBundles/${made.body.data.bundleId}`);
    expect(read.status, read.body.message).toBe(200);
    expect(read.body.data.items).toHaveLength(2);
    const subject = await buildUser(ctx.db.kysely, { name: 'Nina' });
    await buildRecord(ctx.db.kysely, { path: second, user: subject });
    const choice = {
      UserId: subject.userId,
      Email: subject.email,
      BundleId: made.body.data.bundleId,
      ItemIds: [one!.itemId, two!.itemId],
      ManagerEmail: demo.approver,
    };
    const preview = await call(demo.standard, 'POST', '/api/Request/Bundle/Preview', choice);
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data.lines.map((l) => [l.recordId, l.outcome])).toEqual([
      [one!.itemId, 'request'],
      [two!.itemId, 'held'],
    ]);
    const sent = await call(demo.standard, 'POST', '/api/Request/Bundle', {
      ...choice,
      Comments: 'New planner starts Monday',
    });
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.message).toBe(
      '1 line was sent for approval; 1 already held or not available was skipped.',
    );
    const line = await ctx.db.kysely
      .selectFrom('requests')
      .selectAll()
      .where('requestId', '=', sent.body.data.requestIds[0]!)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({
      statusId: RequestStatus.SUBMITTED,
      userId: subject.userId,
      platformId: first.platformId,
      clientAccountId: first.clientAccountId,
      platformUserTypeId: first.platformUserTypeId,
      expirationDate: null,
    });
    const told = await ctx.db.kysely
      .selectFrom('notifications')
      .select('requestId')
      .where('userId', '=', approver.userId)
      .execute();
    expect(told.map((n) => n.requestId)).toContain(line.requestId);

    // The first access's account is deactivated: the bundle names it, the wizard refuses it.
    await ctx.db.kysely
      .updateTable('clientAccounts')
      .set({ isDeleted: 1 })
      .where('clientAccountId', '=', first.clientAccountId)
      .execute();
    const detail = await call(demo.superAdmin, 'GET', `/api/AccessBundles/${made.body.data.bundleId}`);
    expect(detail.body.data.items[0]!.unavailable).toBe(messages.invalidRequestPath('asset name'));
    expect(detail.body.data.items[1]!.unavailable).toBeNull();
    const again = await call(demo.standard, 'POST', '/api/Request/Bundle/Preview', {
      ...choice,
      UserId: (await buildUser(ctx.db.kysely)).userId,
      Email: undefined,
    });
    expect(again.status).toBe(400);
    const other = await buildUser(ctx.db.kysely, { name: 'Otto' });
    const refused = await call(demo.standard, 'POST', '/api/Request/Bundle/Preview', {
      ...choice,
      UserId: other.userId,
      Email: other.email,
    });
    expect(refused.body.data.lines[0]).toMatchObject({
      outcome: 'refused',
      reason: messages.invalidRequestPath('asset name'),
    });

    const off = await call(demo.superAdmin, 'PUT', `/api/AccessBundles/${made.body.data.bundleId}/Active`, {
      isActive: false,
    });
    expect(off.body.message).toBe(messages.bundleDeactivated);
    const gone = await call(demo.standard, 'POST', '/api/Request/Bundle/Preview', {
      ...choice,
      UserId: other.userId,
      Email: other.email,
    });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(messages.bundleGone);
    expect((await call(demo.standard, 'GET', `/api/AccessBundles/${made.body.data.bundleId}`)).status).toBe(
      404,
    );
    const fitting = await call(
      demo.standard,
      'GET',
      `/api/AccessBundles/Fitting?regionId=${first.regionId}&marketId=${first.marketId}&agencyId=${first.agencyId}`,
    );
    expect(fitting.body.data).toEqual([]);
  });
});
