import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { buildPath, uniqueTag, type BuiltPath } from './factories.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';

/**
 * The saves and renames the other master data tests leave out: account ownerships, a practice
 * (renamed for every agency offering it) and a client asset. Each refuses a name already taken.
 */
let ctx: TestContext;
let sue: string;
let path: BuiltPath;

beforeAll(async () => {
  ctx = await createTestContext();
  sue = await ctx.tokenFor(demo.superAdmin);
  path = await buildPath(ctx.db.kysely);
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;

async function call(method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${sue}` } });
  return { status: res.statusCode, body: res.json<{ message: string; data: Record<string, number> }>() };
}

describe('account ownerships', () => {
  it('are added and renamed, never to a name another one has (whatever its case)', async () => {
    const first = `Owner ${uniqueTag()}`;
    const second = `Owner ${uniqueTag()}`;
    const saved = await call('POST', '/api/Catalogs/SavePlatformOwnerShip', { Description: first });
    expect(saved.status).toBe(200);
    const id = saved.body.data.platformOwnerShipId!;
    expect((await call('POST', '/api/Catalogs/SavePlatformOwnerShip', { Description: second })).status).toBe(
      200,
    );
    const again = await call('POST', '/api/Catalogs/SavePlatformOwnerShip', {
      Description: first.toUpperCase(),
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(messages.masterDataExists('Account Ownership', first.toUpperCase()));

    const clash = await call('PUT', '/api/Catalogs/PlatformOwnerShip', {
      platformOwnerShipId: id,
      description: second,
    });
    expect(clash.status).toBe(422);
    const renamed = `Owner ${uniqueTag()}`;
    expect(
      (
        await call('PUT', '/api/Catalogs/PlatformOwnerShip', {
          platformOwnerShipId: id,
          description: renamed,
        })
      ).status,
    ).toBe(200);
    const row = await k()
      .selectFrom('platformOwnerships')
      .select('description')
      .where('platformOwnershipId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe(renamed);
  });
});

describe('practices', () => {
  it('are renamed for every agency offering them, with a log row for each offer', async () => {
    const other = await buildPath(k(), { practiceId: path.practiceId });
    const offers = await k()
      .selectFrom('agencyPractices')
      .select('agencyPracticeId')
      .where('practiceId', '=', path.practiceId)
      .orderBy('agencyPracticeId')
      .execute();
    expect(offers.length).toBe(2);
    const taken = await buildPath(k());
    const clash = await call('PUT', '/api/Catalogs/Practice', {
      agencyPracticeId: offers[0]!.agencyPracticeId,
      description: taken.names.practice,
    });
    expect(clash.status).toBe(422);

    const renamed = `Practice ${uniqueTag()}`;
    const res = await call('PUT', '/api/Catalogs/Practice', {
      agencyPracticeId: offers[1]!.agencyPracticeId,
      description: renamed,
    });
    expect(res.status).toBe(200);
    const practice = await k()
      .selectFrom('practices')
      .select('description')
      .where('practiceId', '=', other.practiceId)
      .executeTakeFirstOrThrow();
    expect(practice.description).toBe(renamed);
    const logged = await k()
      .selectFrom('masterDataLogs')
      .select('itemId')
      .where('masterDataType', '=', 'Practice')
      .where('operation', '=', 'Updated')
      .where(
        'itemId',
        'in',
        offers.map((o) => o.agencyPracticeId),
      )
      .execute();
    expect(logged.map((l) => l.itemId).sort((a, b) => a - b)).toEqual(offers.map((o) => o.agencyPracticeId));
  });
});

describe('client assets', () => {
  it('change their name and asset ID', async () => {
    const res = await call('PUT', '/api/Catalogs/ClientAccount', {
      clientAccountId: path.clientAccountId,
      assetId: path.assetId,
      description: 'Renamed account',
      assetReference: 'act_renamed',
    });
    expect(res.status).toBe(200);
    const row = await k()
      .selectFrom('clientAccounts')
      .select(['description', 'assetReference'])
      .where('clientAccountId', '=', path.clientAccountId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ description: 'Renamed account', assetReference: 'act_renamed' });
  });
});
