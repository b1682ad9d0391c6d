import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { unsignedCsv } from './signed-body.ts';
import { trackerPage } from './tracker-helpers.ts';
import {
  buildAdminRegion,
  buildPath,
  buildRequest,
  buildUser,
  uniqueTag,
  type BuiltPath,
} from './factories.ts';

/**
 * The Request Tracker's filters on lookup names (a platform and a client, a platform and a
 * client account) together: the lines are those whose platform has the platform name and whose
 * client (account) has the client (account) name, whichever row of that name it is. A client
 * name is shared by several clients (here three, on two platforms), as in the master data.
 */
let ctx: TestContext;
const k = () => ctx.db.kysely;

/** The paths: two on platform one (two clients of the shared name), one on platform two (the third). */
let onPlatform: BuiltPath;
let samePlatformOtherAgency: BuiltPath;
let otherPlatform: BuiltPath;
let otherClient: BuiltPath;
let shared: { client: string; account: string };
/** Line ids by what they hold. */
const ids = {
  platformAndName: [] as number[],
  otherPlatformSameName: 0,
  samePlatformOtherName: 0,
  samePlatformNoClient: 0,
};

beforeAll(async () => {
  ctx = await createTestContext();
  const tag = uniqueTag();
  shared = { client: `Shared client ${tag}`, account: `Shared account ${tag}` };
  onPlatform = await buildPath(k());
  samePlatformOtherAgency = await buildPath(k(), {
    regionId: onPlatform.regionId,
    marketId: onPlatform.marketId,
    platformId: onPlatform.platformId,
  });
  otherPlatform = await buildPath(k(), { regionId: onPlatform.regionId, marketId: onPlatform.marketId });
  otherClient = await buildPath(k(), {
    regionId: onPlatform.regionId,
    marketId: onPlatform.marketId,
    agencyId: onPlatform.agencyId,
    practiceId: onPlatform.practiceId,
    platformId: onPlatform.platformId,
  });
  for (const path of [onPlatform, samePlatformOtherAgency, otherPlatform]) {
    await k()
      .updateTable('clients')
      .set({ description: shared.client })
      .where('clientId', '=', path.clientId)
      .execute();
    await k()
      .updateTable('clientAccounts')
      .set({ description: shared.account })
      .where('clientAccountId', '=', path.clientAccountId)
      .execute();
  }
  const user = await buildUser(k());
  const line = async (
    path: BuiltPath,
    createdDate: string,
    o: Omit<Parameters<typeof buildRequest>[1], 'path' | 'user' | 'createdDate'> = {},
  ) => (await buildRequest(k(), { path, user, createdDate, ...o })).requestId;
  ids.platformAndName = [
    await line(onPlatform, '2023-01-01T00:00:00.000Z'),
    await line(samePlatformOtherAgency, '2023-01-02T00:00:00.000Z'),
    await line(onPlatform, '2023-01-03T00:00:00.000Z'),
  ];
  ids.otherPlatformSameName = await line(otherPlatform, '2023-01-04T00:00:00.000Z', {
    statusId: RequestStatus.APPROVED,
  });
  ids.samePlatformOtherName = await line(otherClient, '2023-01-05T00:00:00.000Z', {
    statusId: RequestStatus.REJECTED,
  });
  ids.samePlatformNoClient = await line(onPlatform, '2023-01-06T00:00:00.000Z', {
    set: { clientId: null, clientCodeId: null, clientAccountId: null },
  });
});
afterAll(async () => {
  await ctx.close();
});

const [a, b, c] = [0, 1, 2];
/** The lines of platform one and the shared client name, newest first. */
const expectedNewestFirst = () => [ids.platformAndName[c]!, ids.platformAndName[b]!, ids.platformAndName[a]!];

describe('Request Tracker filters on a platform name and a client name', () => {
  const filters = (clientValues: string[]) => [
    { column: 'platformName', values: [onPlatform.names.platform] },
    { column: 'clientName', values: clientValues },
  ];

  it("finds the lines of every client of that name on that platform, and no other platform's", async () => {
    const page = await trackerPage(ctx, { pageSize: 50, filters: filters([shared.client]) });
    expect(page.requests.map((r) => r.requestId)).toEqual(expectedNewestFirst());
    expect(page.totalCount).toBe(3);
    expect(page.isCountEstimate).toBe(false);
    expect(page.requests.every((r) => r.clientName === shared.client)).toBe(true);
    expect(page.requests.every((r) => r.platformName === onPlatform.names.platform)).toBe(true);
  });

  it('keeps the lines without a client when the empty name is asked for too', async () => {
    const page = await trackerPage(ctx, { pageSize: 50, filters: filters([shared.client, '']) });
    expect(page.requests.map((r) => r.requestId)).toEqual([
      ids.samePlatformNoClient,
      ...expectedNewestFirst(),
    ]);
    expect(page.totalCount).toBe(4);
  });

  it('reads the same lines in other orders, counted exactly on request', async () => {
    const oldestFirst = await trackerPage(ctx, {
      pageSize: 5,
      filters: filters([shared.client]),
      orderBy: 'requestId',
      orderAsc: true,
      exactCount: true,
    });
    expect(oldestFirst.requests.map((r) => r.requestId)).toEqual(ids.platformAndName);
    expect(oldestFirst.totalCount).toBe(3);
    expect(oldestFirst.isCountEstimate).toBe(false);
    const byClient = await trackerPage(ctx, {
      pageSize: 50,
      filters: filters([shared.client]),
      orderBy: 'clientName',
      orderAsc: false,
    });
    expect(byClient.requests.map((r) => r.requestId).sort((x, y) => x - y)).toEqual(ids.platformAndName);
  });

  it('finds nothing for a client name on a platform that has none of its clients', async () => {
    const tag = uniqueTag();
    const page = await trackerPage(ctx, {
      pageSize: 50,
      filters: [
        { column: 'platformName', values: [otherPlatform.names.platform] },
        { column: 'clientName', values: [otherClient.names.client] },
      ],
    });
    expect(page.requests).toEqual([]);
    expect(page.totalCount).toBe(0);
    const unknown = await trackerPage(ctx, { pageSize: 50, filters: filters([`No such client ${tag}`]) });
    expect(unknown.totalCount).toBe(0);
  });

  it('filters a platform and a client account name the same way', async () => {
    const page = await trackerPage(ctx, {
      pageSize: 50,
      filters: [
        { column: 'platformName', values: [onPlatform.names.platform] },
        { column: 'clientAccountName', values: [shared.account] },
      ],
    });
    expect(page.requests.map((r) => r.requestId)).toEqual(expectedNewestFirst());
    expect(page.totalCount).toBe(3);
    const elsewhere = await trackerPage(ctx, {
      pageSize: 50,
      filters: [
        { column: 'platformName', values: [otherPlatform.names.platform] },
        { column: 'clientAccountName', values: [shared.account] },
      ],
    });
    expect(elsewhere.requests.map((r) => r.requestId)).toEqual([ids.otherPlatformSameName]);
  });

  it("gives a region admin the same lines inside their rows, and the other rows' none", async () => {
    const admin = await buildUser(k(), { roleId: Role.ADMIN });
    await buildAdminRegion(k(), admin.userId, onPlatform);
    const page = await trackerPage(ctx, { pageSize: 50, filters: filters([shared.client]) }, admin.email);
    expect(page.requests.map((r) => r.requestId)).toEqual(expectedNewestFirst());
    expect(page.totalCount).toBe(3);

    const outsider = await buildUser(k(), { roleId: Role.ADMIN });
    await buildAdminRegion(k(), outsider.userId, await buildPath(k()));
    const none = await trackerPage(ctx, { pageSize: 50, filters: filters([shared.client]) }, outsider.email);
    expect(none.requests).toEqual([]);
    expect(none.totalCount).toBe(0);
  });

  it("offers in the other columns' menus only the values of those lines", async () => {
    const menu = async (column: string) => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Request/AllRequests/Filters',
        headers: { authorization: `Bearer ${await ctx.tokenFor(demo.superAdmin)}` },
        payload: { column, filters: filters([shared.client]) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { values: string[] } }>().data.values;
    };
    expect(await menu('status')).toEqual(['Submitted']);
    expect([...(await menu('agencyName'))].sort()).toEqual(
      [onPlatform.names.agency, samePlatformOtherAgency.names.agency].sort(),
    );
    expect([...(await menu('platformName'))].sort()).toEqual(
      [onPlatform.names.platform, otherPlatform.names.platform].sort(),
    );
  });

  it('exports the same lines as CSV', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Request/AllRequests/Export',
      headers: { authorization: `Bearer ${await ctx.tokenFor(demo.superAdmin)}` },
      payload: { filters: filters([shared.client]) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = unsignedCsv(res.body).trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(3);
    for (const id of ids.platformAndName) {
      expect(rows.some((row) => row.includes(String(id)))).toBe(true);
    }
  });
});
