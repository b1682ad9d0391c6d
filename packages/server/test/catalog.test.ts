import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, demo, type TestContext } from './harness.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.tokenFor(demo.standard);
});
afterAll(async () => {
  await ctx.close();
});

async function get<T = unknown>(url: string): Promise<{ status: number; data: T; message: string }> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const body = res.json<{ data: T; message: string }>();
  return { status: res.statusCode, data: body.data, message: body.message };
}

interface Described {
  description: string;
}

describe('catalog cascade (the request wizard)', () => {
  it('walks region → market → agency → practice → platform → client → account → user type', async () => {
    const regions = await get<({ regionId: number } & Described)[]>('/api/Catalogs/AllRegions/1/0');
    expect(regions.status).toBe(200);
    expect(regions.data.length).toBeGreaterThanOrEqual(3);

    // Find a full path that leads to a client with accounts.
    for (const region of regions.data) {
      const markets = await get<{ marketId: number; regionId: number }[]>(
        `/api/Catalogs/AllMarkets/${region.regionId}/1/0`,
      );
      expect(markets.data.every((m) => m.regionId === region.regionId)).toBe(true);
      for (const market of markets.data) {
        const agencies = await get<{ agencyId: number; marketId: number }[]>(
          `/api/Catalogs/AllAgencies/${market.marketId}/1`,
        );
        expect(agencies.data.every((a) => a.marketId === market.marketId)).toBe(true);
        for (const agency of agencies.data) {
          const practices = await get<{ agencyPracticeId: number; practice: { practiceId: number } }[]>(
            `/api/Catalogs/AllPractices/${agency.agencyId}/1`,
          );
          expect(practices.data.length).toBeGreaterThan(0);
          for (const { practice } of practices.data) {
            const platforms = await get<
              { platformId: number; assets: { assetId: number }[]; platformAgencyId: number }[]
            >(`/api/Catalogs/AllPlatforms/${agency.agencyId}/${practice.practiceId}/1`);
            // forRequests=1 promises at least one platform on the path.
            expect(platforms.data.length).toBeGreaterThan(0);
            for (const platform of platforms.data) {
              expect(platform.platformAgencyId).toBeGreaterThan(0);
              const clients = await get<{ clientId: number; clientCode: { code: string }[] }[]>(
                `/api/Catalogs/AllClients/${platform.platformId}/${agency.agencyId}/1`,
              );
              const client = clients.data.find((c) => c.clientCode.length > 0);
              if (!client || platform.assets.length === 0) {
                continue;
              }
              expect(client.clientCode.length).toBeLessThanOrEqual(6);
              const withAssets = await get<{ assets: { assetId: number }[] }>(
                `/api/Catalogs/Platform/${platform.platformId}/${client.clientId}`,
              );
              const asset = withAssets.data.assets[0];
              if (!asset) {
                continue;
              }
              const accounts = await get<{ clientAccountId: number; assetId: number; assetName: string }[]>(
                `/api/Catalogs/AllClientAccounts/${client.clientId}/${asset.assetId}`,
              );
              expect(accounts.data.length).toBeGreaterThan(0);
              expect(accounts.data.every((a) => a.assetId === asset.assetId)).toBe(true);
              const userTypes = await get<{ description: string; basicName: string }[]>(
                `/api/Catalogs/AllAccountAccess/${asset.assetId}`,
              );
              expect(userTypes.data.length).toBeGreaterThan(0);
              expect(userTypes.data[0]?.basicName).toBeTruthy();
              return;
            }
          }
        }
      }
    }
    throw new Error('No complete catalog path found in the demo data');
  });

  it('hides inactive rows unless an administrator asks OnlyActive=false', async () => {
    const [first] = (await get<{ regionId: number }[]>('/api/Catalogs/AllRegions/0/0')).data;
    await ctx.db.kysely
      .updateTable('regions')
      .set({ isDeleted: 1 })
      .where('regionId', '=', first!.regionId)
      .execute();
    const active = await get<{ regionId: number }[]>('/api/Catalogs/AllRegions/0/0');
    expect(active.data.map((r) => r.regionId)).not.toContain(first!.regionId);
    // A standard user gets active rows whatever they ask.
    const asked = await get<{ regionId: number }[]>('/api/Catalogs/AllRegions/0/0?OnlyActive=false');
    expect(asked.data.map((r) => r.regionId)).not.toContain(first!.regionId);
    const adminToken = await ctx.tokenFor(demo.admin);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/Catalogs/AllRegions/0/0?OnlyActive=false',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const all = res.json<{ data: { regionId: number; isDeleted: boolean }[] }>();
    expect(all.data.find((r) => r.regionId === first!.regionId)?.isDeleted).toBe(true);
    await ctx.db.kysely
      .updateTable('regions')
      .set({ isDeleted: 0 })
      .where('regionId', '=', first!.regionId)
      .execute();
  });

  it('limits regions to the admin scope when asked', async () => {
    const adminToken = await ctx.tokenFor(demo.admin);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/Catalogs/AllRegions/0/1',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const scoped = res.json<{ data: { regionId: number }[] }>().data;
    const own = await ctx.db.kysely
      .selectFrom('adminRegions')
      .innerJoin('users', 'users.userId', 'adminRegions.userId')
      .select('adminRegions.regionId')
      .where('users.email', '=', demo.admin)
      .where('adminRegions.isDeleted', '=', 0)
      .execute();
    expect(scoped.map((r) => r.regionId).sort()).toEqual([...new Set(own.map((r) => r.regionId))].sort());
  });

  it('lists platform ownerships with id 1 first', async () => {
    const res = await get<{ platformOwnerShipId: number }[]>('/api/Catalogs/PlatformOwnerShip');
    expect(res.data[0]?.platformOwnerShipId).toBe(1);
  });

  it('groups the agencies of each platform for What’s Included? and lists their clients', async () => {
    const res = await get<{ platformId: number; platform: string; agencies: { agencyId: number }[] }[]>(
      '/api/Catalogs/AgencyPlatforms',
    );
    expect(res.data.map((p) => p.platform)).toEqual(expect.arrayContaining(['Google Ads', 'Meta', 'TikTok']));
    const meta = res.data.find((p) => p.platform === 'Meta')!;
    let found = 0;
    for (const agency of meta.agencies) {
      const clients = await get<{ id: number; client: string }[]>(
        `/api/Catalogs/GetAgencyClients/${meta.platformId}/${agency.agencyId}`,
      );
      expect(clients.status).toBe(200);
      found += clients.data.length;
    }
    expect(found).toBeGreaterThan(0);
  });

  it('answers 400 for a path part that is not a number', async () => {
    const res = await get('/api/Catalogs/AllMarkets/abc/0/0');
    expect(res.status).toBe(400);
  });

  it('answers 404 for a platform that does not exist', async () => {
    const res = await get('/api/Catalogs/Platform/999999');
    expect(res.status).toBe(404);
  });
});
