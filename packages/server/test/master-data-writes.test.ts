import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import {
  buildAdminRegion,
  buildPath,
  buildRequest,
  uniqueTag,
  userIdOf,
  type BuiltPath,
} from './factories.ts';

type Who = keyof typeof demo;
let ctx: TestContext;
const tokens: Partial<Record<Who, string>> = {};
/** A path inside Ada's admin rows, and one outside. */
let inside: BuiltPath;
let outside: BuiltPath;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['admin', 'auditor', 'superAdmin', 'standard'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
  inside = await buildPath(ctx.db.kysely);
  outside = await buildPath(ctx.db.kysely);
  await buildAdminRegion(ctx.db.kysely, await userIdOf(ctx.db.kysely, demo.admin), inside);
});
afterAll(async () => {
  await ctx.close();
});

interface Reply<T> {
  status: number;
  message: string;
  data: T;
}
async function call<T = Record<string, number>>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: object,
  who: Who = 'admin',
): Promise<Reply<T>> {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who] ?? ''}` },
    ...(body ? { payload: body } : {}),
  });
  const json = res.json<{ message: string; data: T }>();
  return { status: res.statusCode, message: json.message, data: json.data };
}
const post = <T = Record<string, number>>(path: string, body: object, who: Who = 'admin') =>
  call<T>('POST', `/api/Catalogs/${path}`, body, who);
const put = <T = Record<string, number>>(path: string, body: object, who: Who = 'admin') =>
  call<T>('PUT', `/api/Catalogs/${path}`, body, who);
const action = (name: string, type: string, itemId: number, who: Who = 'admin') =>
  call<unknown>(
    'PUT',
    `/api/Catalogs/${name}/?itemId=${itemId}&masterDataType=${encodeURIComponent(type)}`,
    undefined,
    who,
  );
const log = (type: string, itemId: number) =>
  call<{
    rows: { operation: string; before: unknown; after: unknown; operatedBy: { email: string } }[];
    totalCount: number;
  }>('GET', `/api/Catalogs/MasterDataLog/${encodeURIComponent(type)}/${itemId}`, undefined, 'superAdmin');

describe('saves: the spec messages and the dialog rules', () => {
  it('a super admin adds and renames a region; an admin may not (403); the log has both', async () => {
    const name = `Region ${uniqueTag()}`;
    const saved = await post('SaveRegion', { Description: name }, 'superAdmin');
    expect(saved).toMatchObject({ status: 200, message: 'Region saved!' });
    const regionId = saved.data.regionId ?? 0;
    expect((await post('SaveRegion', { Description: `${name} 2` })).status).toBe(403);
    expect((await post('SaveRegion', { Description: name.toUpperCase() }, 'superAdmin')).message).toBe(
      messages.masterDataExists('Region', name.toUpperCase()),
    );
    const renamed = await put('Region', { regionId, description: `${name} renamed` }, 'superAdmin');
    expect(renamed).toMatchObject({ status: 200, message: 'Region updated!' });
    const history = await log('Region', regionId);
    expect(history.data.totalCount).toBe(2);
    expect(history.data.rows.map((r) => r.operation)).toEqual(['Updated', 'Created']);
    expect(history.data.rows[0]).toMatchObject({
      before: { description: name },
      after: { description: `${name} renamed` },
      operatedBy: { email: demo.superAdmin },
    });
  });

  it('requires every field (Fill all fields) and keeps the maximum lengths', async () => {
    const missing = await post('SaveMarket', { Description: 'Mexico', RegionId: inside.regionId });
    expect(missing).toMatchObject({ status: 400, message: 'Fill all fields' });
    const blank = await post('SaveAgency', { Description: '   ', MarketId: inside.marketId });
    expect(blank).toMatchObject({ status: 400, message: 'Fill all fields' });
    const long = await post('SaveMarket', {
      Description: 'x'.repeat(101),
      Code: 'MX',
      RegionId: inside.regionId,
    });
    expect(long).toMatchObject({ status: 400, message: messages.textTooLong(100) });
    const code = await post('SaveMarket', {
      Description: 'Mexico',
      Code: 'C'.repeat(21),
      RegionId: inside.regionId,
    });
    expect(code).toMatchObject({ status: 400, message: messages.textTooLong(20) });
  });

  it('an admin adds a market in their region, an agency, a practice, a platform, a user type, a client and an asset', async () => {
    const tag = uniqueTag();
    const market = await post('SaveMarket', {
      Description: `Mexico ${tag}`,
      Code: 'MX',
      RegionId: inside.regionId,
    });
    expect(market).toMatchObject({ status: 200, message: 'Market saved!' });
    const agency = await post('SaveAgency', { Description: `Agency ${tag}`, MarketId: inside.marketId });
    expect(agency).toMatchObject({ status: 200, message: 'Agency saved!' });
    const agencyId = agency.data.agencyId ?? 0;
    const practice = await post('SavePractice', { Description: `Practice ${tag}`, AgencyId: agencyId });
    expect(practice).toMatchObject({ status: 200, message: 'Practice saved!' });
    const platform = await post('SavePlatform', {
      Platform: { Description: `Platform ${tag}`, PracticeId: practice.data.practiceId, AgencyId: agencyId },
      Assets: [{ description: 'Ad Account', assetName: 'Account ID', isSystemRecord: false }],
    });
    expect(platform).toMatchObject({ status: 200, message: 'Platform saved!' });
    const platformId = platform.data.platformId ?? 0;
    const asset = await ctx.db.kysely
      .selectFrom('assetTypes')
      .select('assetId')
      .where('platformId', '=', platformId)
      .executeTakeFirstOrThrow();
    const userType = await post('SavePlatformAccess', {
      Description: 'Advertiser',
      PlatformId: platformId,
      BasicName: 'Standard',
      AssetId: asset.assetId,
    });
    expect(userType).toMatchObject({ status: 200, message: 'Platform Access saved!' });
    const noAsset = await post('SavePlatformAccess', {
      Description: 'Owner',
      PlatformId: platformId,
      BasicName: 'Admin',
      AssetId: null,
    });
    expect(noAsset).toMatchObject({ status: 422, message: messages.platformLevelTypeNeedsBusinessAccess });
    const client = await post('SaveClient', {
      Description: `Client ${tag}`,
      PlatformId: platformId,
      AgencyId: agencyId,
      ClientCode: ['A1', 'B2', 'C3'],
    });
    expect(client).toMatchObject({ status: 200, message: messages.clientSaved });
    const account = await post('SaveClientAccount', {
      AssetId: asset.assetId,
      Description: `Account ${tag}`,
      AssetReference: 'act_1',
      ClientId: client.data.clientId,
    });
    expect(account).toMatchObject({ status: 200, message: 'Client Account saved!' });
    const noReference = await post('SaveClientAccount', {
      AssetId: asset.assetId,
      Description: `Account ${tag} 2`,
      ClientId: client.data.clientId,
    });
    expect(noReference).toMatchObject({ status: 422, message: 'Fill all fields' });

    // Sam finds them in the New Request wizard's catalog reads.
    const clients = await call<{ clientId: number; clientCode: { code: string }[] }[]>(
      'GET',
      `/api/Catalogs/AllClients/${platformId}/${agencyId}/1`,
      undefined,
      'standard',
    );
    expect(clients.data.map((c) => c.clientCode.map((k) => k.code))).toEqual([['A1', 'B2', 'C3']]);
  });

  it('refuses writes outside the admin rows (404), by the auditor (403) and below a market (region only is not enough)', async () => {
    expect((await post('SaveAgency', { Description: 'Nope', MarketId: outside.marketId })).status).toBe(404);
    expect((await put('Agency', { agencyId: outside.agencyId, description: 'Nope' })).status).toBe(404);
    expect(
      (await post('SaveAgency', { Description: 'Nope', MarketId: inside.marketId }, 'auditor')).status,
    ).toBe(403);
    expect(
      (await post('SaveAgency', { Description: 'Nope', MarketId: inside.marketId }, 'standard')).status,
    ).toBe(403);
    const sibling = await ctx.db.kysely
      .insertInto('markets')
      .values({ regionId: inside.regionId, description: `Sibling ${uniqueTag()}`, code: 'SB' })
      .returning('marketId')
      .executeTakeFirstOrThrow();
    expect(
      (await put('Market', { marketId: sibling.marketId, description: 'Renamed', code: 'SB' })).status,
    ).toBe(200);
    expect((await post('SaveAgency', { Description: 'Nope', MarketId: sibling.marketId })).status).toBe(404);
    expect(
      (
        await post(
          'SaveAgency',
          { Description: `Ok ${uniqueTag()}`, MarketId: sibling.marketId },
          'superAdmin',
        )
      ).status,
    ).toBe(200);
  });

  it("a platform offered outside the admin rows too is the super admin's to change, with its user types (404)", async () => {
    const shared = await buildPath(ctx.db.kysely);
    await buildAdminRegion(ctx.db.kysely, await userIdOf(ctx.db.kysely, demo.admin), shared);
    const platform = (description: string) => ({ platformId: shared.platformId, description, assets: [] });
    const userType = {
      platformUserTypeId: shared.platformUserTypeId,
      description: `Editor ${uniqueTag()}`,
      basicName: 'Standard',
      assetId: shared.assetId,
    };
    const newUserType = {
      Description: `Viewer ${uniqueTag()}`,
      PlatformId: shared.platformId,
      BasicName: 'Standard',
      AssetId: shared.assetId,
    };
    expect(await put('Platform', platform(`${shared.names.platform} A`))).toMatchObject({
      status: 200,
      message: messages.platformUpdated,
    });
    expect(await put('PlatformUserType', userType)).toMatchObject({
      status: 200,
      message: messages.platformAccessUpdated,
    });
    await ctx.db.kysely
      .insertInto('platformAgencies')
      .values({ platformId: shared.platformId, agencyId: outside.agencyId, practiceId: outside.practiceId })
      .execute();
    expect((await put('Platform', platform(`${shared.names.platform} B`))).status).toBe(404);
    expect((await put('PlatformUserType', userType)).status).toBe(404);
    expect((await post('SavePlatformAccess', newUserType)).status).toBe(404);
    expect((await put('Platform', platform(`${shared.names.platform} B`), 'superAdmin')).status).toBe(200);
    expect((await post('SavePlatformAccess', newUserType, 'superAdmin')).status).toBe(200);
    // No such platform: 404 even for the super admin.
    const missing = { platformId: 99_999_999, description: 'None', assets: [] };
    expect((await put('Platform', missing, 'superAdmin')).status).toBe(404);
    expect(
      (await post('SavePlatformAccess', { ...newUserType, PlatformId: 99_999_999 }, 'superAdmin')).status,
    ).toBe(404);
  });

  it('client codes: at most 6, no duplicates on save or update, none held by another client', async () => {
    const base = { PlatformId: inside.platformId, AgencyId: inside.agencyId };
    const seven = await post('SaveClient', {
      ...base,
      Description: 'Seven',
      ClientCode: ['1', '2', '3', '4', '5', '6', '7'],
    });
    expect(seven).toMatchObject({ status: 400, message: messages.tooManyClientCodes(6) });
    const twice = await post('SaveClient', { ...base, Description: 'Twice', ClientCode: ['X1', 'x1'] });
    expect(twice).toMatchObject({ status: 400, message: 'Client code already exists' });
    const none = await post('SaveClient', { ...base, Description: 'None', ClientCode: [] });
    expect(none).toMatchObject({ status: 400, message: 'Fill all fields' });
    const empty = await post('SaveClient', { ...base, Description: 'Empty', ClientCode: [''] });
    expect(empty).toMatchObject({ status: 400, message: 'Missing: Client code' });
    const taken = await post('SaveClient', {
      ...base,
      Description: 'Taken',
      ClientCode: [`C-XYZ`, `c-${inside.names.client.slice(7)}`],
    });
    expect(taken).toMatchObject({ status: 422, message: 'Client code already exists' });

    const saved = await post('SaveClient', {
      ...base,
      Description: `Codes ${uniqueTag()}`,
      ClientCode: ['K1', 'K2'],
    });
    const clientId = saved.data.clientId ?? 0;
    const codes = await ctx.db.kysely
      .selectFrom('clientCodes')
      .select(['clientCodeId', 'code'])
      .where('clientId', '=', clientId)
      .orderBy('clientCodeId')
      .execute();
    const [k1, k2] = codes;
    const dup = await put('Client', {
      clientId,
      description: 'Codes',
      clientCode: [{ code: 'k1' }],
    });
    expect(dup).toMatchObject({ status: 422, message: 'Duplicate client codes found!' });
    const changed = await put('Client', {
      clientId,
      description: 'Codes changed',
      clientCode: [
        { clientCodeId: k1?.clientCodeId, code: 'K1', isDeleted: true },
        { clientCodeId: k2?.clientCodeId, code: 'K2', isRemoved: true },
        { code: 'K3' },
      ],
    });
    expect(changed).toMatchObject({ status: 200, message: 'Client updated!' });
    const after = await ctx.db.kysely
      .selectFrom('clientCodes')
      .select(['code', 'isDeleted'])
      .where('clientId', '=', clientId)
      .orderBy('clientCodeId')
      .execute();
    expect(after).toEqual([
      { code: 'K1', isDeleted: 1 },
      { code: 'K3', isDeleted: 0 },
    ]);
  });

  it('ValidatePlatform finds a platform by name; SavePlatform then offers it instead of making another', async () => {
    const found = await call<{ platformId: number; assets: unknown[] } | null>(
      'GET',
      `/api/Catalogs/ValidatePlatform?description=${encodeURIComponent(inside.names.platform.toUpperCase())}`,
    );
    expect(found.data).toMatchObject({ platformId: inside.platformId, assets: [expect.anything()] });
    const none = await call('GET', `/api/Catalogs/ValidatePlatform?description=Nothing${uniqueTag()}`);
    expect(none.data).toBeNull();
    const practice = await post('SavePractice', {
      Description: `Second ${uniqueTag()}`,
      AgencyId: inside.agencyId,
    });
    const offered = await post('SavePlatform', {
      Platform: {
        Description: inside.names.platform,
        PracticeId: practice.data.practiceId,
        AgencyId: inside.agencyId,
      },
    });
    expect(offered).toMatchObject({ status: 200, data: { platformId: inside.platformId } });
    const again = await post('SavePlatform', {
      Platform: {
        Description: inside.names.platform,
        PracticeId: practice.data.practiceId,
        AgencyId: inside.agencyId,
      },
    });
    expect(again.status).toBe(422);
  });
});

describe('activate, deactivate, delete', () => {
  it('a deactivated client disappears from the wizard at once and comes back when activated', async () => {
    const path = await buildPath(ctx.db.kysely, { regionId: inside.regionId, marketId: inside.marketId });
    const wizard = async () =>
      (
        await call<{ clientId: number }[]>(
          'GET',
          `/api/Catalogs/AllClients/${path.platformId}/${path.agencyId}/0`,
          undefined,
          'standard',
        )
      ).data.map((c) => c.clientId);
    expect(await wizard()).toEqual([path.clientId]);
    const off = await action('Deactivate', 'Client - Client Code', path.clientId);
    expect(off).toMatchObject({
      status: 200,
      message: messages.masterDataDeactivated('Client - Client Code'),
    });
    expect(await wizard()).toEqual([]);
    // Sam asks for inactive items too and still gets active ones only; Ada sees it.
    const sam = await call<unknown[]>(
      'GET',
      `/api/Catalogs/AllClients/${path.platformId}/${path.agencyId}/0?OnlyActive=false`,
      undefined,
      'standard',
    );
    expect(sam.data).toEqual([]);
    const ada = await call<unknown[]>(
      'GET',
      `/api/Catalogs/AllClients/${path.platformId}/${path.agencyId}/0?OnlyActive=false`,
    );
    expect(ada.data).toHaveLength(1);
    expect((await action('Activate', 'Client - Client Code', path.clientId)).status).toBe(200);
    expect(await wizard()).toEqual([path.clientId]);
    const history = await log('Client - Client Code', path.clientId);
    expect(history.data.rows.map((r) => r.operation)).toEqual(['Activated', 'Deactivated']);
  });

  it('refuses to delete what requests still use, saying how many, and deletes what nothing uses', async () => {
    const path = await buildPath(ctx.db.kysely, { regionId: inside.regionId, marketId: inside.marketId });
    await ctx.db.kysely
      .insertInto('requests')
      .values({
        submissionId: uniqueTag(),
        requestTypeId: 1,
        statusId: 1,
        userId: await userIdOf(ctx.db.kysely, demo.standard),
        email: demo.standard,
        createdBy: await userIdOf(ctx.db.kysely, demo.standard),
        regionId: path.regionId,
        marketId: path.marketId,
        agencyId: path.agencyId,
        practiceId: path.practiceId,
        platformId: path.platformId,
        clientId: path.clientId,
        assetId: path.assetId,
        clientAccountId: path.clientAccountId,
        platformUserTypeId: path.platformUserTypeId,
      })
      .execute();
    const refused = await action('DeleteMasterData', 'Client Asset', path.clientAccountId);
    expect(refused).toMatchObject({
      status: 422,
      message: messages.masterDataInUse('Client Asset', { requests: 1, assignments: 0, items: 0 }),
      data: { requests: 1, assignments: 0, items: 0 },
    });
    expect(refused.message).toContain('1 request or record');
    const client = await action('DeleteMasterData', 'Client - Client Code', path.clientId);
    expect(client.status).toBe(422);
    expect(client.data).toEqual({ requests: 1, assignments: 0, items: 1 });

    const spare = await post('SaveClientAccount', {
      AssetId: path.assetId,
      Description: 'Spare',
      AssetReference: 'spare',
      ClientId: path.clientId,
    });
    const deleted = await action('DeleteMasterData', 'Client Asset', spare.data.clientAccountId ?? 0);
    expect(deleted).toMatchObject({ status: 200, message: messages.masterDataDeleted('Client Asset') });
    const gone = await ctx.db.kysely
      .selectFrom('clientAccounts')
      .select('clientAccountId')
      .where('clientAccountId', '=', spare.data.clientAccountId ?? 0)
      .execute();
    expect(gone).toEqual([]);
    const history = await log('Client Asset', spare.data.clientAccountId ?? 0);
    expect(history.data.rows.map((r) => [r.operation, r.after])).toEqual([
      ['Deleted', null],
      ['Created', expect.objectContaining({ description: 'Spare' })],
    ]);
  });

  it('a platform user type takes its namesakes on other asset types of the platform along', async () => {
    const path = await buildPath(ctx.db.kysely, { regionId: inside.regionId, marketId: inside.marketId });
    const second = await ctx.db.kysely
      .insertInto('assetTypes')
      .values({ platformId: path.platformId, description: 'MCC' })
      .returning('assetId')
      .executeTakeFirstOrThrow();
    const self = await ctx.db.kysely
      .selectFrom('platformUserTypes')
      .select(['description', 'basicName'])
      .where('platformUserTypeId', '=', path.platformUserTypeId)
      .executeTakeFirstOrThrow();
    const twin = await ctx.db.kysely
      .insertInto('platformUserTypes')
      .values({
        platformId: path.platformId,
        assetId: second.assetId,
        description: self.description,
        basicName: self.basicName,
      })
      .returning('platformUserTypeId')
      .executeTakeFirstOrThrow();
    expect((await action('Deactivate', 'Platform User Type', path.platformUserTypeId)).status).toBe(200);
    const rows = await ctx.db.kysely
      .selectFrom('platformUserTypes')
      .select('isDeleted')
      .where('platformUserTypeId', 'in', [path.platformUserTypeId, twin.platformUserTypeId])
      .execute();
    expect(rows.map((r) => r.isDeleted)).toEqual([1, 1]);
    expect((await action('DeleteMasterData', 'Platform User Type', twin.platformUserTypeId)).status).toBe(
      200,
    );
    const left = await ctx.db.kysely
      .selectFrom('platformUserTypes')
      .select('platformUserTypeId')
      .where('platformId', '=', path.platformId)
      .execute();
    expect(left).toEqual([]);
  });

  it('outside the scope: 404; auditors: 403; regions only for super admins', async () => {
    expect((await action('Deactivate', 'Agency', outside.agencyId)).status).toBe(404);
    expect((await action('Deactivate', 'Agency', inside.agencyId, 'auditor')).status).toBe(403);
    expect((await action('Deactivate', 'Region', inside.regionId)).status).toBe(403);
    expect((await action('Deactivate', 'Agency', 99_999_999, 'superAdmin')).status).toBe(404);
  });
});

describe('moves and the requests that use client assets', () => {
  it('moves client assets to another client of the platform and clients to another agency offering it', async () => {
    const a = await buildPath(ctx.db.kysely, { regionId: inside.regionId, marketId: inside.marketId });
    const b = await buildPath(ctx.db.kysely, {
      regionId: inside.regionId,
      marketId: inside.marketId,
      agencyId: a.agencyId,
      practiceId: a.practiceId,
      platformId: a.platformId,
    });
    const moved = await put('MoveClientAccount', {
      ClientId: b.clientId,
      ClientAccountId: a.clientAccountId,
    });
    expect(moved).toMatchObject({ status: 200, message: 'Client Asset Moved Successfully!' });
    const many = await put('MoveMultipleClientAccount', {
      ClientId: a.clientId,
      ClientAccountIds: `${a.clientAccountId},${b.clientAccountId}`,
    });
    expect(many.status).toBe(200);
    const owners = await ctx.db.kysely
      .selectFrom('clientAccounts')
      .select('clientId')
      .where('clientAccountId', 'in', [a.clientAccountId, b.clientAccountId])
      .execute();
    expect(owners.map((o) => o.clientId)).toEqual([a.clientId, a.clientId]);
    const otherPlatform = await put('MoveClientAccount', {
      ClientId: inside.clientId,
      ClientAccountId: a.clientAccountId,
    });
    expect(otherPlatform).toMatchObject({ status: 422, message: messages.clientOnOtherPlatform });
    const outsideTarget = await put('MoveClientAccount', {
      ClientId: outside.clientId,
      ClientAccountId: a.clientAccountId,
    });
    expect(outsideTarget.status).toBe(404);

    const agency = await post('SaveAgency', {
      Description: `Target ${uniqueTag()}`,
      MarketId: inside.marketId,
    });
    const target = agency.data.agencyId ?? 0;
    const notOffered = await put('MoveClient', { AgencyId: target, ClientId: a.clientId });
    expect(notOffered).toMatchObject({ status: 422, message: messages.platformNotOnAgency });
    await ctx.db.kysely
      .insertInto('platformAgencies')
      .values({ platformId: a.platformId, agencyId: target, practiceId: a.practiceId })
      .execute();
    const movedClients = await put('MoveMultipleClient', {
      AgencyId: target,
      ClientIds: `${a.clientId},${b.clientId}`,
    });
    expect(movedClients).toMatchObject({
      status: 200,
      message: 'Client(s) moved to selected agency successfully!',
    });
    const history = await log('Client - Client Code', a.clientId);
    expect(history.data.rows[0]).toMatchObject({
      operation: 'Moved',
      before: expect.objectContaining({ agencyId: a.agencyId }),
      after: expect.objectContaining({ agencyId: target }),
    });
  });

  it('lists the requests that use client assets, pending ones marked', async () => {
    const path = await buildPath(ctx.db.kysely, { regionId: inside.regionId, marketId: inside.marketId });
    const sam = await userIdOf(ctx.db.kysely, demo.standard);
    const line = (statusId: number) => ({
      submissionId: uniqueTag(),
      requestTypeId: 1,
      statusId,
      userId: sam,
      email: demo.standard,
      createdBy: sam,
      regionId: path.regionId,
      marketId: path.marketId,
      agencyId: path.agencyId,
      practiceId: path.practiceId,
      platformId: path.platformId,
      clientId: path.clientId,
      assetId: path.assetId,
      clientAccountId: path.clientAccountId,
    });
    const [submitted, rejected] = await Promise.all([
      ctx.db.kysely.insertInto('requests').values(line(1)).returning('requestId').executeTakeFirstOrThrow(),
      ctx.db.kysely.insertInto('requests').values(line(4)).returning('requestId').executeTakeFirstOrThrow(),
    ]);
    const one = await call<{ requestId: number; isPending: boolean }[]>(
      'GET',
      `/api/Catalogs/GetRecordsByClientAssetId?ClientAccountId=${path.clientAccountId}`,
    );
    expect(one.data).toEqual([
      expect.objectContaining({ requestId: submitted.requestId, isPending: true, status: 'Submitted' }),
    ]);
    expect(one.data.map((r) => r.requestId)).not.toContain(rejected.requestId);
    const many = await call<unknown[]>(
      'GET',
      `/api/Catalogs/GetRecordsByClientAssets?assetIds=${path.clientAccountId},${inside.clientAccountId}`,
    );
    expect(many.data).toHaveLength(1);
  });
});

describe('the master data log', () => {
  it('is append-only in the database', async () => {
    await expect(
      ctx.db.kysely.updateTable('masterDataLogs').set({ description: 'x' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.kysely.deleteFrom('masterDataLogs').execute()).rejects.toThrow(/append-only/);
  });

  it('is written in the same transaction: a refused write leaves no log row', async () => {
    const before = await ctx.db.kysely
      .selectFrom('masterDataLogs')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await post('SaveClient', {
      PlatformId: inside.platformId,
      AgencyId: inside.agencyId,
      Description: 'X',
      ClientCode: [`C-${inside.names.client.slice(7)}`],
    });
    const after = await ctx.db.kysely
      .selectFrom('masterDataLogs')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("shows in a request's activity log the changes to the master data it uses (genericMasterDataLogItems)", async () => {
    const path = await buildPath(ctx.db.kysely, { regionId: inside.regionId, marketId: inside.marketId });
    const other = await buildPath(ctx.db.kysely, { regionId: inside.regionId, marketId: inside.marketId });
    const sam = await userIdOf(ctx.db.kysely, demo.standard);
    const line = await buildRequest(ctx.db.kysely, {
      path,
      user: { userId: sam, email: demo.standard },
      createdDate: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect((await action('Deactivate', 'Client Asset', path.clientAccountId)).status).toBe(200);
    expect(
      (await put('Agency', { agencyId: path.agencyId, description: `Renamed ${uniqueTag()}` })).status,
    ).toBe(200);
    expect((await action('Deactivate', 'Client Asset', other.clientAccountId)).status).toBe(200);
    const res = await call<{
      requestHistoryLogsDTOs: {
        genericMasterDataLogItems: { masterDataType: string; operation: string; description: string }[];
      }[];
    }>('GET', `/api/Request/Logs/${line.requestId}`, undefined, 'superAdmin');
    expect(res.status).toBe(200);
    const items = res.data.requestHistoryLogsDTOs.flatMap((d) => d.genericMasterDataLogItems);
    expect(items.map((i) => [i.masterDataType, i.operation])).toEqual([
      ['Client Asset', 'Deactivated'],
      ['Agency', 'Updated'],
    ]);
    expect(items[0]?.description).toBe(`Client Asset ${path.names.account} deactivated`);
  });
});
