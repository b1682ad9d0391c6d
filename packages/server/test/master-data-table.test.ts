import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MasterDataRow, MasterDataTable } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildAdminRegion, buildPath, userIdOf, type BuiltPath } from './factories.ts';
import { unsignedCsv } from './signed-body.ts';

let ctx: TestContext;
const tokens: Partial<Record<keyof typeof demo, string>> = {};
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
  // A second client on the inside path, inactive, with three codes (one inactive).
  const { clientId } = await ctx.db.kysely
    .insertInto('clients')
    .values({
      platformId: inside.platformId,
      agencyId: inside.agencyId,
      description: 'Zz Inactive',
      isDeleted: 1,
    })
    .returning('clientId')
    .executeTakeFirstOrThrow();
  await ctx.db.kysely
    .insertInto('clientCodes')
    .values([
      { clientId, code: 'AAA', isDeleted: 0 },
      { clientId, code: 'OLD', isDeleted: 1 },
      { clientId, code: 'BBB', isDeleted: 0 },
    ])
    .execute();
});
afterAll(async () => {
  await ctx.close();
});

async function put<T>(url: string, body: unknown, who: keyof typeof demo = 'admin') {
  const res = await ctx.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${tokens[who] ?? ''}` },
    payload: body as object,
  });
  return { status: res.statusCode, body: res.body, json: () => res.json<{ data: T; message: string }>() };
}
const table = (body: object, who: keyof typeof demo = 'admin') =>
  put<MasterDataTable>('/api/Catalogs/MasterDataTable', body, who);

describe('PUT api/Catalogs/MasterDataTable', () => {
  it('lists the clients of a platform at an agency with their active codes, status and parents', async () => {
    const res = await table({
      masterDataType: 'Client - Client Code',
      agencyId: inside.agencyId,
      platformId: inside.platformId,
      page: 1,
      pageSize: 10,
    });
    expect(res.status).toBe(200);
    const { rows, totalCount, page } = res.json().data;
    expect(totalCount).toBe(2);
    expect(page).toBe(1);
    expect(rows.map((r) => [r.description, r.code, r.status])).toEqual([
      [inside.names.client, expect.stringMatching(/^C-/), 'Active'],
      ['Zz Inactive', 'AAA, BBB', 'Inactive'],
    ]);
    const first = rows[0] as MasterDataRow;
    expect(first).toMatchObject({
      id: inside.clientId,
      masterDataType: 'Client - Client Code',
      agencyName: inside.names.agency,
      marketName: inside.names.market,
      regionName: inside.names.region,
      platformName: inside.names.platform,
      canEdit: true,
    });
  });

  it('marks rows outside the admin rows not editable; super admins edit all, auditors none', async () => {
    const body = { masterDataType: 'Client Asset', agencyId: outside.agencyId, pageSize: 10 };
    expect((await table(body)).json().data.rows.map((r) => r.canEdit)).toEqual([false]);
    expect((await table(body, 'superAdmin')).json().data.rows.map((r) => r.canEdit)).toEqual([true]);
    expect((await table(body, 'auditor')).json().data.rows.map((r) => r.canEdit)).toEqual([false]);
    expect((await table(body, 'standard')).status).toBe(403);
  });

  it('says whether the caller may add an item of the type under the chosen parents, as the save decides', async () => {
    const canAdd = async (body: object, who: keyof typeof demo = 'admin') => {
      const res = await table({ pageSize: 5, ...body }, who);
      expect(res.status).toBe(200);
      return res.json().data.canAdd;
    };
    const under = (path: BuiltPath) => ({
      Market: { regionId: path.regionId },
      Agency: { regionId: path.regionId, marketId: path.marketId },
      Practice: { marketId: path.marketId, agencyId: path.agencyId },
      Platform: { agencyId: path.agencyId, practiceId: path.practiceId },
      'Platform User Type': { agencyId: path.agencyId, platformId: path.platformId },
      'Client - Client Code': { agencyId: path.agencyId, platformId: path.platformId },
      'Client Asset': { agencyId: path.agencyId, clientId: path.clientId },
    });
    // Regions and account ownerships span every market: only a super admin adds them.
    for (const type of ['Region', 'Account Ownership']) {
      expect(await canAdd({ masterDataType: type })).toBe(false);
      expect(await canAdd({ masterDataType: type }, 'superAdmin')).toBe(true);
      expect(await canAdd({ masterDataType: type }, 'auditor')).toBe(false);
    }
    for (const [type, parents] of Object.entries(under(inside))) {
      expect([type, await canAdd({ masterDataType: type, ...parents })]).toEqual([type, true]);
      expect([type, await canAdd({ masterDataType: type, ...parents }, 'auditor')]).toEqual([type, false]);
    }
    // Parents outside the admin's region and market: the save would answer 404.
    for (const [type, parents] of Object.entries(under(outside))) {
      expect([type, await canAdd({ masterDataType: type, ...parents })]).toEqual([type, false]);
      expect([type, await canAdd({ masterDataType: type, ...parents }, 'superAdmin')]).toEqual([type, true]);
    }
    // No parent chosen, or one that does not exist: nothing to add under.
    expect(await canAdd({ masterDataType: 'Agency' })).toBe(false);
    expect(await canAdd({ masterDataType: 'Client Asset', clientId: 999_999_999 })).toBe(false);

    // What the table says is what the save does: outside, the save is refused (404).
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/Catalogs/SaveAgency',
      headers: { authorization: `Bearer ${tokens.admin ?? ''}` },
      payload: { Description: 'Outside Agency', MarketId: outside.marketId },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('pages, sorts, searches and filters in SQL', async () => {
    const type = { masterDataType: 'Platform', platformId: inside.platformId };
    const all = (await table({ ...type, pageSize: 100 })).json().data;
    expect(all.totalCount).toBe(1);
    expect(all.rows[0]).toMatchObject({ id: expect.any(Number), practiceName: inside.names.practice });

    const markets = await table({
      masterDataType: 'Market',
      pageSize: 5,
      orderBy: 'description',
      orderAsc: false,
      searchCriteria: inside.names.market,
    });
    expect(markets.json().data.rows.map((r) => r.description)).toEqual([inside.names.market]);

    const filtered = await table({
      masterDataType: 'Agency',
      pageSize: 100,
      filters: [{ column: 'marketName', values: [inside.names.market, outside.names.market] }],
      orderBy: 'marketName',
      orderAsc: true,
    });
    expect(
      filtered
        .json()
        .data.rows.map((r) => r.description)
        .sort(),
    ).toEqual([inside.names.agency, outside.names.agency].sort());

    const paged = await table({
      masterDataType: 'Region',
      pageSize: 5,
      page: 1,
      orderBy: 'id',
      orderAsc: true,
    });
    const second = await table({
      masterDataType: 'Region',
      pageSize: 5,
      page: 2,
      orderBy: 'id',
      orderAsc: true,
    });
    const ids = [...paged.json().data.rows, ...second.json().data.rows].map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('client assets: the search, the status filter and deep pages give what reading every row gives', async () => {
    const tag = `q${Date.now().toString(36)}`;
    const own = await buildPath(ctx.db.kysely);
    await ctx.db.kysely
      .insertInto('clientAccounts')
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          clientId: own.clientId,
          assetId: own.assetId,
          description: `Acct ${tag} ${i % 2 === 0 ? 'Even' : 'Odd'} ${i}`,
          assetReference: i === 5 ? null : `REF-${tag}-${i}`,
          isDeleted: i % 3 === 0 ? 1 : 0,
        })),
      )
      .execute();
    const type = { masterDataType: 'Client Asset', clientId: own.clientId };
    const first = await table({ ...type, pageSize: 100 }, 'superAdmin');
    expect(first.status, first.body).toBe(200);
    const all = first.json().data;
    expect(all.totalCount).toBe(24);
    const text = (r: MasterDataRow) =>
      [
        r.id,
        r.description,
        r.assetReference,
        r.assetTypeName,
        r.clientName,
        r.agencyName,
        r.platformName,
        r.status,
      ]
        .map((v) => String(v ?? '').toLowerCase())
        .join('\n');
    const terms = [
      `${tag} odd`,
      `ref-${tag}-3`,
      `REF-${tag}`,
      (all.rows[0]?.assetTypeName ?? '').slice(1, 6),
      own.names.client.slice(2),
      own.names.agency.toUpperCase(),
      own.names.platform,
      'inactive',
      'ACTIVE',
      String(all.rows[3]?.id ?? 0),
      'no such thing',
      '50%_',
    ];
    for (const term of terms) {
      const found = (await table({ ...type, pageSize: 100, searchCriteria: term }, 'superAdmin')).json().data;
      const expected = all.rows.filter((r) =>
        text(r)
          .split('\n')
          .some((t) => t.includes(term.toLowerCase())),
      );
      expect(
        found.rows.map((r) => r.id),
        term,
      ).toEqual(expected.map((r) => r.id));
      expect(found.totalCount, term).toBe(expected.length);
    }
    for (const status of ['Active', 'Inactive']) {
      const found = (
        await table(
          { ...type, pageSize: 100, filters: [{ column: 'status', values: [status] }] },
          'superAdmin',
        )
      ).json().data;
      expect(found.rows.map((r) => r.id)).toEqual(
        all.rows.filter((r) => r.status === status).map((r) => r.id),
      );
    }
    const both = (
      await table(
        { ...type, pageSize: 100, filters: [{ column: 'status', values: ['Active', 'Inactive'] }] },
        'superAdmin',
      )
    ).json().data;
    expect(both.totalCount).toBe(24);
    // Pages of 5, in two orders: the back half is read from the end, the rows are the same.
    for (const order of [{}, { orderBy: 'assetReference', orderAsc: false }]) {
      const whole = (await table({ ...type, ...order, pageSize: 100 }, 'superAdmin')).json().data.rows;
      const pages: number[] = [];
      for (let page = 1; page <= 6; page++) {
        const res = (await table({ ...type, ...order, pageSize: 5, page }, 'superAdmin')).json().data;
        expect(res.totalCount).toBe(24);
        pages.push(...res.rows.map((r) => r.id));
      }
      expect(pages).toEqual(whole.map((r) => r.id));
    }
  });

  it('clients: the search gives what reading every row gives', async () => {
    const tag = `k${Date.now().toString(36)}`;
    const own = await buildPath(ctx.db.kysely);
    for (let i = 0; i < 4; i++) {
      const { clientId } = await ctx.db.kysely
        .insertInto('clients')
        .values({
          platformId: own.platformId,
          agencyId: own.agencyId,
          description: `Cl ${tag} ${i}`,
          isDeleted: i % 2,
        })
        .returning('clientId')
        .executeTakeFirstOrThrow();
      await ctx.db.kysely
        .insertInto('clientCodes')
        .values([
          { clientId, code: `C${tag}${i}A`, isDeleted: 0 },
          { clientId, code: `Gone${tag}${i}`, isDeleted: 1 },
          { clientId, code: `C${tag}${i}B`, isDeleted: 0 },
        ])
        .execute();
    }
    const type = {
      masterDataType: 'Client - Client Code',
      agencyId: own.agencyId,
      platformId: own.platformId,
    };
    const all = (await table({ ...type, pageSize: 100 }, 'superAdmin')).json().data;
    expect(all.totalCount).toBe(5);
    const text = (r: MasterDataRow) =>
      [r.id, r.description, r.code, r.regionName, r.marketName, r.agencyName, r.platformName, r.status].map(
        (v) => String(v ?? '').toLowerCase(),
      );
    const terms = [
      `${tag} 2`,
      `c${tag}1b`,
      `gone${tag}`,
      `${tag}0A, C`,
      own.names.region.slice(1),
      own.names.market.toUpperCase(),
      own.names.agency,
      own.names.platform.slice(0, -1),
      'inactive',
      'Active',
      String(all.rows[2]?.id ?? 0),
      'nothing like it',
    ];
    for (const term of terms) {
      const found = (await table({ ...type, pageSize: 100, searchCriteria: term }, 'superAdmin')).json().data;
      const expected = all.rows.filter((r) => text(r).some((t) => t.includes(term.toLowerCase())));
      expect(
        found.rows.map((r) => r.id),
        term,
      ).toEqual(expected.map((r) => r.id));
      expect(found.totalCount, term).toBe(expected.length);
    }
  });

  it('refuses an unknown sort or filter column (400)', async () => {
    expect((await table({ masterDataType: 'Region', orderBy: 'clientName' })).status).toBe(400);
    expect(
      (await table({ masterDataType: 'Region', filters: [{ column: 'nope', values: ['x'] }] })).status,
    ).toBe(400);
  });

  it('lists a column’s distinct values for its filter menu', async () => {
    const res = await put<{ values: string[] }>('/api/Catalogs/MasterDataTable/Filters', {
      masterDataType: 'Client - Client Code',
      agencyId: inside.agencyId,
      column: 'status',
    });
    expect(res.json().data.values).toEqual(['Active', 'Inactive']);
  });

  it('exports the filtered table as CSV', async () => {
    const res = await put('/api/Catalogs/MasterDataTable/Export', {
      masterDataType: 'Client Asset',
      clientId: inside.clientId,
    });
    expect(res.status).toBe(200);
    const lines = unsignedCsv(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    // The screen's headers; the date as the screen writes it (MM-DD-YYYY and the time), not ISO.
    expect(lines[0]).toBe('ID,Description,Asset ID,Asset Type,Client,Agency,Platform,Status,Updated');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(inside.names.account);
    expect(lines[1]).toMatch(/,Active,\d{2}-\d{2}-\d{4} \d{1,2}:\d{2} [AP]M$/);
  });
});
