import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RequestStatus,
  RequestType,
  Role,
  messages,
  type Scorecard,
  type ScorecardAgency,
  type ScorecardList,
} from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { unsignedCsv } from './signed-body.ts';
import {
  buildAdminRegion,
  buildMasterApprover,
  buildPath,
  buildRequest,
  buildUser,
  userIdOf,
  type BuiltPath,
  type BuiltRequest,
  type BuiltUser,
} from './factories.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let ADA: number;
let SUE: number;
const tokens = new Map<string, string>();
/** Meta on a fresh agency of the Social practice, inside Ada's admin rows; two user types. */
let metaStandard: BuiltPath;
let metaAdmin: BuiltPath;
/** Meta on another fresh agency (Social) outside Ada's rows. */
let metaOutside: BuiltPath;
/** Google Ads on a fresh agency of the Search practice, inside Ada's rows. */
let googleAds: BuiltPath;
/** Every line inserted on the Meta agency inside Ada's rows (the expected numbers read these). */
const metaLines: BuiltRequest[] = [];
const leaverIds = new Set<number>();
let socialMaster: BuiltUser;
let searchMaster: BuiltUser;
let formerMaster: BuiltUser;

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function idNamed(table: 'platforms' | 'practices', description: string): Promise<number> {
  const k = ctx.db.kysely;
  const row =
    table === 'platforms'
      ? await k
          .selectFrom('platforms')
          .select('platformId as id')
          .where('description', '=', description)
          .executeTakeFirstOrThrow()
      : await k
          .selectFrom('practices')
          .select('practiceId as id')
          .where('description', '=', description)
          .executeTakeFirstOrThrow();
  return row.id;
}

async function tokenOf(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = await ctx.tokenFor(email);
    tokens.set(email, token);
  }
  return token;
}

const get = async (email: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await tokenOf(email)}` } });

async function cardOf(email: string, card: string): Promise<Scorecard> {
  const res = await get(email, `/api/Scorecards/${card}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Scorecard }>().data;
}

const agencyOn = (card: Scorecard, path: BuiltPath): ScorecardAgency | undefined =>
  card.agencies.find((a) => a.agencyId === path.agencyId);

function median(values: number[]): number | null {
  if (values.length === 0) {
    return null;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function line(
  path: BuiltPath,
  user: BuiltUser,
  o: Omit<Parameters<typeof buildRequest>[1], 'path' | 'user'>,
): Promise<BuiltRequest> {
  const row = await buildRequest(ctx.db.kysely, {
    path,
    user: { userId: user.userId, email: user.email },
    createdBy: ADA,
    decidedBy: ADA,
    ...o,
  });
  if (path.agencyId === metaStandard.agencyId) {
    metaLines.push(row);
  }
  return row;
}

const record = (path: BuiltPath, user: BuiltUser, set: Parameters<typeof buildRequest>[1]['set'] = {}) =>
  line(path, user, { statusId: RequestStatus.COMPLETED, set });

/** A Completed line created `ageHours` ago, approved `approveHours` later, provisioned `provisionHours` after that. */
const timedRecord = (
  path: BuiltPath,
  user: BuiltUser,
  ageHours: number,
  approveHours: number,
  provisionHours: number,
) =>
  line(path, user, {
    statusId: RequestStatus.COMPLETED,
    createdDate: at(-ageHours * HOUR),
    set: {
      approvedDate: at((-ageHours + approveHours) * HOUR),
      provisionedDate: at((-ageHours + approveHours + provisionHours) * HOUR),
    },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  const k = ctx.db.kysely;
  ADA = await userIdOf(k, demo.admin);
  SUE = await userIdOf(k, demo.superAdmin);
  const meta = await idNamed('platforms', 'Meta');
  const social = await idNamed('practices', 'Social');
  metaStandard = await buildPath(k, { platformId: meta, practiceId: social, userTypeBasicName: 'Standard' });
  const same = {
    regionId: metaStandard.regionId,
    marketId: metaStandard.marketId,
    agencyId: metaStandard.agencyId,
  };
  metaAdmin = await buildPath(k, {
    ...same,
    platformId: meta,
    practiceId: social,
    userTypeBasicName: 'Admin',
  });
  metaOutside = await buildPath(k, { platformId: meta, practiceId: social });
  googleAds = await buildPath(k, {
    regionId: metaStandard.regionId,
    marketId: metaStandard.marketId,
    platformId: await idNamed('platforms', 'Google Ads'),
    practiceId: await idNamed('practices', 'Search'),
  });
  await buildAdminRegion(k, ADA, metaStandard);

  const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => buildUser(k)));
  const [u1, u2, u3, u4, u5, u6] = users as [
    BuiltUser,
    BuiltUser,
    BuiltUser,
    BuiltUser,
    BuiltUser,
    BuiltUser,
  ];
  const external = await buildUser(k, { userType: 'Guest', isInternal: false });
  const leaver = await buildUser(k, { active: false });
  leaverIds.add(leaver.userId);

  // Active records: u1 twice (two clients' worth of access, one user), u2 Standard and Admin,
  // u3 Admin only, an external user, a leaver; one deactivated record (not active access).
  await record(metaStandard, u1, { expirationDate: at(10 * DAY) });
  await record(metaStandard, u1, { expirationDate: at(40 * DAY) });
  await record(metaStandard, u2);
  await record(metaAdmin, u2, { expirationDate: at(29 * DAY) });
  await record(metaAdmin, u3, { expirationDate: at(-2 * DAY) });
  await record(metaStandard, external, { isInternal: 0 });
  await record(metaStandard, leaver);
  await record(metaAdmin, u4, { isDeleted: 1, expirationDate: at(5 * DAY) });
  await line(metaStandard, u5, { statusId: RequestStatus.ARCHIVED });

  // Approval and provisioning times (hours): approve 2 / 4 / 9, provision 3 / 6 / 1; one decided
  // long before the 90-day window.
  await timedRecord(metaStandard, u6, 48, 2, 3);
  await timedRecord(metaStandard, u6, 30, 4, 6);
  await timedRecord(metaAdmin, u6, 20, 9, 1);
  await timedRecord(metaStandard, u6, 200 * 24, 100, 100);

  // Pending: Submitted 5 days ago, Approved (waiting for provisioning) 2 days ago, Submitted now.
  await line(metaStandard, u4, { statusId: RequestStatus.SUBMITTED, createdDate: at(-5 * DAY) });
  await line(metaStandard, u4, {
    statusId: RequestStatus.APPROVED,
    createdDate: at(-2 * DAY),
    set: { approvedDate: at(-DAY) },
  });
  await line(metaAdmin, u5, { statusId: RequestStatus.SUBMITTED });
  // Not pending: rejected and cancelled lines.
  await line(metaStandard, u4, { statusId: RequestStatus.REJECTED });
  await line(metaStandard, u4, { statusId: RequestStatus.CANCELLED });

  // Outside Ada's rows, and on Google Ads.
  await record(metaOutside, u1);
  await record(googleAds, u1);
  await record(googleAds, u2);

  socialMaster = await buildUser(k, { roleId: Role.MASTERAPPROVER });
  await buildMasterApprover(k, socialMaster.userId, metaStandard);
  searchMaster = await buildUser(k, { roleId: Role.MASTERAPPROVER });
  await buildMasterApprover(k, searchMaster.userId, googleAds);
  formerMaster = await buildUser(k, { roleId: Role.MASTERAPPROVER });
  const former = await buildMasterApprover(k, formerMaster.userId, metaStandard);
  await k
    .updateTable('masterApprovers')
    .set({ isDeleted: 1 })
    .where('masterApproverId', '=', former)
    .execute();
});
afterAll(async () => {
  await ctx.close();
});

/** What the Meta card must say of the agency, computed from the lines this file inserted. */
function expectedMeta(now = Date.now()) {
  const adminTypeId = metaAdmin.platformUserTypeId;
  const active = metaLines.filter(
    (r) =>
      r.requestTypeId === RequestType.ADD &&
      (r.statusId === RequestStatus.COMPLETED || r.statusId === RequestStatus.ARCHIVED) &&
      r.isDeleted === 0,
  );
  const distinct = (rows: BuiltRequest[]) => new Set(rows.map((r) => r.userId)).size;
  const pending = metaLines.filter(
    (r) => r.statusId === RequestStatus.SUBMITTED || r.statusId === RequestStatus.APPROVED,
  );
  const windowStart = now - 90 * DAY;
  const hours = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / HOUR;
  const approved = metaLines.filter(
    (r) =>
      r.approvedDate !== null &&
      Date.parse(r.approvedDate) >= windowStart &&
      ([RequestStatus.APPROVED, RequestStatus.COMPLETED, RequestStatus.ARCHIVED] as number[]).includes(
        r.statusId,
      ),
  );
  const provisioned = metaLines.filter(
    (r) =>
      r.provisionedDate !== null &&
      r.approvedDate !== null &&
      Date.parse(r.provisionedDate) >= windowStart &&
      ([RequestStatus.COMPLETED, RequestStatus.ARCHIVED] as number[]).includes(r.statusId),
  );
  const activeUsers = distinct(active);
  const administratorLevelUsers = distinct(active.filter((r) => r.platformUserTypeId === adminTypeId));
  const ages = pending.map((r) => (now - Date.parse(r.createdDate)) / DAY);
  return {
    activeUsers,
    administratorLevelUsers,
    administratorLevelShare: administratorLevelUsers / activeUsers,
    standardUsers: distinct(active.filter((r) => r.platformUserTypeId === metaStandard.platformUserTypeId)),
    externalUsers: distinct(active.filter((r) => r.isInternal === 0)),
    expiringRecords: active.filter(
      (r) =>
        r.expirationDate !== null &&
        Date.parse(r.expirationDate) >= now &&
        Date.parse(r.expirationDate) < now + 30 * DAY,
    ).length,
    leavers: distinct(active.filter((r) => leaverIds.has(r.userId))),
    pendingRequests: pending.length,
    oldestPendingDays: Math.max(...ages),
    medianPendingDays: median(ages),
    medianApprovalHours: median(approved.map((r) => hours(r.createdDate, r.approvedDate!))),
    medianProvisioningHours: median(provisioned.map((r) => hours(r.approvedDate!, r.provisionedDate!))),
  };
}

describe('GET api/Scorecards (which cards)', () => {
  it('gives an administrator and a super administrator all three cards', async () => {
    for (const who of [demo.admin, demo.superAdmin]) {
      const res = await get(who, '/api/Scorecards');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: ScorecardList }>().data.cards.map((c) => c.card)).toEqual([
        'GoogleAds',
        'Meta',
        'TikTok',
      ]);
    }
  });

  it('gives a master approver of Social Meta and TikTok, of Search Google Ads', async () => {
    const social = await get(socialMaster.email, '/api/Scorecards');
    expect(social.json<{ data: ScorecardList }>().data.cards.map((c) => c.card)).toEqual(['Meta', 'TikTok']);
    const search = await get(searchMaster.email, '/api/Scorecards');
    expect(search.json<{ data: ScorecardList }>().data.cards.map((c) => c.card)).toEqual(['GoogleAds']);
  });

  it('refuses a former master approver, a standard user and the auditor with 403', async () => {
    for (const who of [formerMaster.email, demo.standard, demo.auditor]) {
      const res = await get(who, '/api/Scorecards');
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
    }
    const res = await get(formerMaster.email, '/api/Scorecards');
    expect(res.json<{ message: string }>().message).toBe(messages.scorecardsNotYours);
  });
});

describe('GET api/Scorecards/:card', () => {
  it('counts the Meta card of an agency as the inserted lines say', async () => {
    const card = await cardOf(demo.admin, 'Meta');
    const expected = expectedMeta();
    const agency = agencyOn(card, metaStandard);
    expect(agency).toBeDefined();
    expect(agency).toMatchObject({
      agency: metaStandard.names.agency,
      market: metaStandard.names.market,
      region: metaStandard.names.region,
      activeUsers: expected.activeUsers,
      administratorLevelUsers: expected.administratorLevelUsers,
      externalUsers: expected.externalUsers,
      expiringRecords: expected.expiringRecords,
      leavers: expected.leavers,
      pendingRequests: expected.pendingRequests,
    });
    expect(agency!.administratorLevelShare).toBeCloseTo(expected.administratorLevelShare, 6);
    expect(agency!.oldestPendingDays).toBeCloseTo(expected.oldestPendingDays, 1);
    expect(agency!.medianPendingDays).toBeCloseTo(expected.medianPendingDays!, 1);
    expect(agency!.medianApprovalHours).toBeCloseTo(expected.medianApprovalHours!, 3);
    expect(agency!.medianProvisioningHours).toBeCloseTo(expected.medianProvisioningHours!, 3);
    expect(agency!.userTypes).toEqual(
      expect.arrayContaining([
        { basicName: 'Admin', isAdministratorLevel: true, users: expected.administratorLevelUsers },
        { basicName: 'Standard', isAdministratorLevel: false, users: expected.standardUsers },
      ]),
    );
    expect(card).toMatchObject({ card: 'Meta', title: 'Meta', practice: 'Social', expiringDays: 30 });
  });

  it('keeps an administrator to their admin rows; the super administrator sees every agency', async () => {
    expect(agencyOn(await cardOf(demo.admin, 'Meta'), metaOutside)).toBeUndefined();
    const all = await cardOf(demo.superAdmin, 'Meta');
    expect(agencyOn(all, metaOutside)?.activeUsers).toBe(1);
    expect(agencyOn(all, metaStandard)?.activeUsers).toBe(expectedMeta().activeUsers);
    expect(SUE).toBeGreaterThan(0);
  });

  it('puts each platform on its own card', async () => {
    const card = await cardOf(demo.admin, 'GoogleAds');
    expect(agencyOn(card, googleAds)).toMatchObject({ activeUsers: 2, pendingRequests: 0 });
    expect(agencyOn(card, metaStandard)).toBeUndefined();
    expect(agencyOn(await cardOf(demo.admin, 'TikTok'), metaStandard)).toBeUndefined();
  });

  it('shows a master approver of Social the Meta lines of their own rows with the same numbers', async () => {
    const card = await cardOf(socialMaster.email, 'Meta');
    expect(card.agencies.map((a) => a.agencyId)).toEqual([metaStandard.agencyId]);
    expect(card.agencies[0]).toMatchObject({
      activeUsers: expectedMeta().activeUsers,
      pendingRequests: expectedMeta().pendingRequests,
    });
    expect((await cardOf(socialMaster.email, 'TikTok')).agencies).toEqual([]);
  });

  it('refuses a card of another practice with 403 and says which practice it belongs to', async () => {
    const google = await get(socialMaster.email, '/api/Scorecards/GoogleAds');
    expect(google.statusCode).toBe(403);
    expect(google.json<{ message: string }>().message).toBe(
      messages.scorecardNotYours('Google Ads', 'Search'),
    );
    expect((await get(searchMaster.email, '/api/Scorecards/Meta')).statusCode).toBe(403);
    expect((await get(searchMaster.email, '/api/Scorecards/TikTok/Export')).statusCode).toBe(403);
    expect((await get(formerMaster.email, '/api/Scorecards/Meta')).statusCode).toBe(403);
    expect((await get(demo.standard, '/api/Scorecards/Meta')).statusCode).toBe(403);
  });

  it('refuses an unknown card with 400', async () => {
    expect((await get(demo.admin, '/api/Scorecards/LinkedIn')).statusCode).toBe(400);
  });
});

describe('GET api/Scorecards/:card/Export', () => {
  it("writes one CSV row per agency with the card's numbers", async () => {
    const res = await get(demo.admin, '/api/Scorecards/Meta/Export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('scorecard-Meta.csv');
    const [header, ...rows]: string[][] = parse(unsignedCsv(res.body), { bom: true });
    expect(header!.slice(0, 4)).toEqual(['Region', 'Market', 'Agency', 'Active users']);
    expect(header).toContain('Users: Admin (administrator level)');
    const row = rows.find((r) => r[2] === metaStandard.names.agency)!;
    const expected = expectedMeta();
    const cell = (name: string) => row[header!.indexOf(name)];
    expect(cell('Active users')).toBe(String(expected.activeUsers));
    expect(cell('Administrator-level share (%)')).toBe((expected.administratorLevelShare * 100).toFixed(1));
    expect(cell('Leavers holding access')).toBe(String(expected.leavers));
    expect(cell('Pending requests')).toBe(String(expected.pendingRequests));
    expect(cell('Users: Admin (administrator level)')).toBe(String(expected.administratorLevelUsers));
  });
});
