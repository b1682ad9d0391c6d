import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicateRequestData, messages, todayDay } from '@uap/domain';
import { toCount } from '../src/db/connection.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, userIdOf, type BuiltPath } from './factories.ts';

let ctx: TestContext;
let SAM: number;
let GINA: number;
/** Northwind Media (US, North America) / Social / Meta of the demo catalogue: Alex is its primary approver. */
let metaPath: {
  RegionId: number;
  MarketId: number;
  AgencyId: number;
  PracticeId: number;
  PlatformId: number;
};
/** Meta's 'Ad Account' asset, its 'Administrator' type, and the 'Business Manager Admin' type. */
let META_AD_ACCOUNT: number;
let META_AD_ADMIN: number;
let META_BM_ADMIN: number;
const comment = 'Needs access for the spring campaign';
let proseware: { clientId: number; clientCodeId: number; adAccounts: number[] };

beforeAll(async () => {
  ctx = await createTestContext();
  await lookUpDemoCatalogue();
  const client = await ctx.db.kysely
    .selectFrom('clients')
    .select('clientId')
    .where('description', '=', 'Proseware Health')
    .where('platformId', '=', metaPath.PlatformId)
    .where('agencyId', '=', metaPath.AgencyId)
    .executeTakeFirstOrThrow();
  const code = await ctx.db.kysely
    .selectFrom('clientCodes')
    .select('clientCodeId')
    .where('clientId', '=', client.clientId)
    .executeTakeFirstOrThrow();
  const accounts = await ctx.db.kysely
    .selectFrom('clientAccounts')
    .select('clientAccountId')
    .where('clientId', '=', client.clientId)
    .where('assetId', '=', META_AD_ACCOUNT)
    .orderBy('clientAccountId')
    .execute();
  proseware = {
    clientId: client.clientId,
    clientCodeId: code.clientCodeId,
    adAccounts: accounts.map((a) => a.clientAccountId),
  };
});
/** Ids of the demo accounts and catalogue entries this file uses, found by email and name. */
async function lookUpDemoCatalogue() {
  const k = ctx.db.kysely;
  SAM = await userIdOf(k, demo.standard);
  GINA = await userIdOf(k, demo.guest);
  const agency = await k
    .selectFrom('agencies as a')
    .innerJoin('markets as m', 'm.marketId', 'a.marketId')
    .select(['a.agencyId', 'm.marketId', 'm.regionId'])
    .where('a.description', '=', 'Northwind Media')
    .executeTakeFirstOrThrow();
  const practice = await k
    .selectFrom('practices')
    .select('practiceId')
    .where('description', '=', 'Social')
    .executeTakeFirstOrThrow();
  const platform = await k
    .selectFrom('platforms')
    .select('platformId')
    .where('description', '=', 'Meta')
    .executeTakeFirstOrThrow();
  metaPath = {
    RegionId: agency.regionId,
    MarketId: agency.marketId,
    AgencyId: agency.agencyId,
    PracticeId: practice.practiceId,
    PlatformId: platform.platformId,
  };
  META_AD_ACCOUNT = (
    await k
      .selectFrom('assetTypes')
      .select('assetId')
      .where('platformId', '=', platform.platformId)
      .where('description', '=', 'Ad Account')
      .executeTakeFirstOrThrow()
  ).assetId;
  const userType = (assetId: number | null, description: string) =>
    k
      .selectFrom('platformUserTypes')
      .select('platformUserTypeId')
      .where('platformId', '=', platform.platformId)
      .where('assetId', assetId === null ? 'is' : '=', assetId)
      .where('description', '=', description)
      .executeTakeFirstOrThrow();
  META_AD_ADMIN = (await userType(META_AD_ACCOUNT, 'Administrator')).platformUserTypeId;
  META_BM_ADMIN = (await userType(null, 'Business Manager Admin')).platformUserTypeId;
}

afterAll(async () => {
  await ctx.close();
});

async function call(email: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    ...(payload ? { payload } : {}),
  });
}

async function counts() {
  const [requests, history] = await Promise.all([
    ctx.db.kysely
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    ctx.db.kysely
      .selectFrom('requestHistory')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  return { requests: toCount(requests?.n), history: toCount(history?.n) };
}

const addDays = (days: number) => {
  const d = new Date(`${todayDay()}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

function wizardBody(overrides: Record<string, unknown> = {}, row: Record<string, unknown> = {}) {
  return {
    IsInternal: true,
    UserId: SAM,
    Email: demo.standard,
    ...metaPath,
    ClientId: proseware.clientId,
    ClientCodeId: proseware.clientCodeId,
    ProductCode: 'PRH-01',
    PlatformOwnerShipId: 1,
    SharePointId: '',
    Comments: comment,
    ApprovedRejectedBy: null,
    IsUrgent: false,
    ManagerEmail: demo.approver,
    ManagerName: 'Alex Approver',
    RequestAccountAccess: [
      {
        AssetId: META_AD_ACCOUNT,
        AssetDescription: 'Ad Account',
        PlatformUserTypeId: META_AD_ADMIN,
        PlatformTypeDescription: 'Administrator',
        ClientAccountsIds: proseware.adAccounts.slice(0, 2),
        ClientDescription: [],
        isUnlimitedAccess: true,
        BeginningDate: null,
        ExpirationDate: null,
        ...row,
      },
    ],
    ...overrides,
  };
}

async function expectRefused(body: object, status: number, message: string, caller: string = demo.standard) {
  const before = await counts();
  const res = await call(caller, 'POST', '/api/Request/Create', body);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ succeeded: false, message });
  expect(await counts()).toEqual(before);
  return res;
}

const alexApprovals = async () =>
  (await call(demo.approver, 'GET', '/api/Request/TaskCounts')).json<{ data: { approvals: number } }>().data
    .approvals;

describe('POST api/Request/Create', () => {
  it('writes one line per selected account with a history row each, routed to Alex', async () => {
    const before = await counts();
    const alexBefore = await alexApprovals();
    const res = await call(demo.standard, 'POST', '/api/Request/Create', wizardBody());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: { requestIds: number[]; submissionId: string } }>();
    expect(body.message).toBe(messages.requestCreated);
    expect(body.data.requestIds).toHaveLength(2);
    expect(await counts()).toEqual({ requests: before.requests + 2, history: before.history + 2 });
    const lines = await ctx.db.kysely
      .selectFrom('requests')
      .selectAll()
      .where('submissionId', '=', body.data.submissionId)
      .orderBy('requestId')
      .execute();
    expect(lines.map((l) => l.clientAccountId)).toEqual(proseware.adAccounts.slice(0, 2));
    expect(lines[0]).toMatchObject({
      requestTypeId: 1,
      statusId: 1,
      userId: SAM,
      createdBy: SAM,
      email: demo.standard,
      isInternal: 1,
      platformOwnershipId: 1,
      productCode: 'PRH-01',
      beginningDate: null,
      expirationDate: null,
      isPlatformRequest: 0,
      managerEmail: demo.approver,
      comments: comment,
    });
    const history = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select(['requestId', 'statusId', 'stepDescription', 'comments'])
      .where('requestId', 'in', body.data.requestIds)
      .execute();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      statusId: 1,
      stepDescription: 'Add access request submitted',
      comments: comment,
    });
    expect(await alexApprovals()).toBe(Math.min(alexBefore + 2, 51));
  });

  it('refuses an identical live line, naming the existing record', async () => {
    const existing = await ctx.db.kysely
      .selectFrom('requests')
      .select('requestId')
      .where('userId', '=', SAM)
      .where('clientAccountId', '=', proseware.adAccounts[0]!)
      .executeTakeFirstOrThrow();
    const res = await expectRefused(wizardBody(), 422, messages.requestAlreadyExists(existing.requestId));
    expect(res.json().data).toEqual({ requestId: existing.requestId });
  });

  it('stores limited access dates at UTC midnight', async () => {
    const res = await call(
      demo.standard,
      'POST',
      '/api/Request/Create',
      wizardBody(
        {},
        {
          ClientAccountsIds: [proseware.adAccounts[2]],
          isUnlimitedAccess: false,
          BeginningDate: todayDay(),
          ExpirationDate: addDays(30),
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [id] = res.json<{ data: { requestIds: number[] } }>().data.requestIds;
    const line = await ctx.db.kysely
      .selectFrom('requests')
      .select(['beginningDate', 'expirationDate'])
      .where('requestId', '=', id!)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({
      beginningDate: `${todayDay()}T00:00:00.000Z`,
      expirationDate: `${addDays(30)}T00:00:00.000Z`,
    });
  });

  it.each([
    ['an empty comment', { Comments: '' }, messages.invalidComment],
    ['a comment of 3 letters', { Comments: 'abc ' }, messages.invalidComment],
    ['a comment of digits', { Comments: '1234 5678' }, messages.invalidComment],
    ['a comment over 500', { Comments: 'a'.repeat(501) }, messages.invalidComment],
    ['no account rows', { RequestAccountAccess: [] }, messages.chooseAllOption],
    ['an invalid email', { Email: 'sam standard@agency' }, messages.invalidEmail],
  ])('refuses %s with the spec message (400)', async (_label, overrides, message) => {
    await expectRefused(wizardBody(overrides), 400, message);
  });

  it('refuses a product code over 20 characters', async () => {
    const before = await counts();
    const res = await call(
      demo.standard,
      'POST',
      '/api/Request/Create',
      wizardBody({ ProductCode: 'x'.repeat(21) }),
    );
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a row without user type', { PlatformUserTypeId: null }, messages.completeRequiredFields],
    ['limited access without dates', { isUnlimitedAccess: false }, messages.completeRequiredFields],
    [
      'a start date before today',
      { isUnlimitedAccess: false, BeginningDate: addDays(-1), ExpirationDate: addDays(5) },
      messages.startDateNotBeforeToday,
    ],
    [
      'an end date before the start',
      { isUnlimitedAccess: false, BeginningDate: addDays(5), ExpirationDate: addDays(2) },
      messages.endDateNotBeforeStart,
    ],
    ['a row without asset type', { AssetId: null }, messages.completeRequiredFields],
  ])('refuses %s (400)', async (_label, row, message) => {
    await expectRefused(wizardBody({}, row), 400, message);
  });

  /** A path of its own (fresh region, market, platform, client…): every id on it is foreign to Meta's. */
  let foreign: BuiltPath;
  beforeAll(async () => {
    foreign = await buildPath(ctx.db.kysely);
  });

  it.each([
    [
      'a market of another region',
      () => ({ MarketId: foreign.marketId }),
      messages.invalidRequestPath('platform'),
    ],
    [
      'a platform not offered on the path',
      () => ({ PlatformId: foreign.platformId }),
      messages.invalidRequestPath('platform'),
    ],
    [
      'a client of another platform',
      () => ({ ClientId: foreign.clientId }),
      messages.invalidRequestPath('client'),
    ],
    [
      'a client code of another client',
      () => ({ ClientCodeId: foreign.clientCodeId }),
      messages.invalidRequestPath('client code'),
    ],
  ])('refuses %s (422)', async (_label, overrides, message) => {
    await expectRefused(wizardBody(overrides()), 422, message);
  });

  it.each([
    [
      'an asset type of another platform',
      () => ({ AssetId: foreign.assetId }),
      messages.invalidRequestPath('asset type'),
    ],
    [
      'a user type of another asset',
      () => ({ PlatformUserTypeId: foreign.platformUserTypeId }),
      messages.invalidRequestPath('platform user type'),
    ],
  ])('refuses %s (422)', async (_label, row, message) => {
    await expectRefused(wizardBody({}, row()), 422, message);
  });

  it('refuses an account of another asset type (422)', async () => {
    const group = await ctx.db.kysely
      .selectFrom('clientAccounts')
      .select('clientAccountId')
      .where('clientId', '=', proseware.clientId)
      .where('assetId', '!=', META_AD_ACCOUNT)
      .executeTakeFirstOrThrow();
    await expectRefused(
      wizardBody({}, { ClientAccountsIds: [group.clientAccountId] }),
      422,
      messages.invalidRequestPath('asset name'),
    );
  });

  it('refuses an email that is not one of the user’s', async () => {
    await expectRefused(wizardBody({ Email: demo.approver }), 422, messages.requestEmailNotOfUser);
  });

  it('refuses an internal subject without manager', async () => {
    await expectRefused(wizardBody({ ManagerEmail: null }), 422, messages.completeRequiredFields);
  });

  it('refuses the auditor with the read-only message', async () => {
    await expectRefused(wizardBody(), 403, messages.auditorsReadOnly, demo.auditor);
  });

  it('refuses a caller without a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/Request/Create', payload: wizardBody() });
    expect(res.statusCode).toBe(401);
  });
});

describe('business access (isPlaformRequest)', () => {
  const businessBody = (userId: number, email: string) => ({
    userId,
    email,
    isInternal: userId === SAM,
    managerEmail: demo.approver,
    managerName: 'Alex Approver',
    comments: comment,
    regionId: metaPath.RegionId,
    marketId: metaPath.MarketId,
    agencyId: metaPath.AgencyId,
    practiceId: metaPath.PracticeId,
    platformId: metaPath.PlatformId,
    platformOwnerShipId: 1,
    isPlaformRequest: true,
    IsUrgent: true,
    requestAccountAccess: [{ beginningDate: null, expirationDate: null, platformUserTypeId: META_BM_ADMIN }],
  });

  it('refuses Meta business access for an external user', async () => {
    await expectRefused(businessBody(GINA, demo.guest), 422, messages.metaExternalRefused);
  });

  it('follows the platform attribute, not its name, for the internal-only refusal', async () => {
    const setInternalOnly = (value: number) =>
      ctx.db.kysely
        .updateTable('platforms')
        .set({ businessAccessInternalOnly: value })
        .where('platformId', '=', 2)
        .execute();
    await setInternalOnly(0);
    const res = await call(demo.standard, 'POST', '/api/Request/Create', businessBody(GINA, demo.guest));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).not.toBe(messages.metaExternalRefused);
    await setInternalOnly(1);
    await expectRefused(businessBody(GINA, demo.guest), 422, messages.metaExternalRefused);
  });

  it('refuses an asset-level user type', async () => {
    const body = businessBody(SAM, demo.standard);
    body.requestAccountAccess[0]!.platformUserTypeId = META_AD_ADMIN;
    await expectRefused(body, 422, messages.invalidRequestPath('platform user type'));
  });

  it('writes one line without asset or account, then refuses the same again', async () => {
    const before = await counts();
    const res = await call(demo.standard, 'POST', '/api/Request/Create', businessBody(SAM, demo.standard));
    expect(res.statusCode, res.body).toBe(200);
    const [id] = res.json<{ data: { requestIds: number[] } }>().data.requestIds;
    expect(await counts()).toEqual({ requests: before.requests + 1, history: before.history + 1 });
    const line = await ctx.db.kysely
      .selectFrom('requests')
      .selectAll()
      .where('requestId', '=', id!)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({
      isPlatformRequest: 1,
      assetId: null,
      clientAccountId: null,
      clientId: null,
      platformUserTypeId: META_BM_ADMIN,
      isUrgent: 1,
    });
    const refused = await expectRefused(
      businessBody(SAM, demo.standard),
      422,
      messages.requestAlreadyExists(id!),
    );
    // The wizard reads the record to open from data, never from the message text.
    expect(duplicateRequestData.parse(refused.json<{ data: unknown }>().data)).toEqual({ requestId: id });
  });
});

describe('validation calls', () => {
  const query = (email: string) =>
    `/api/Request/ValidatePlatformRequest?userId=${SAM}&regionId=${metaPath.RegionId}&marketId=${metaPath.MarketId}&agencyId=${metaPath.AgencyId}&practiceId=${metaPath.PracticeId}&platformId=${metaPath.PlatformId}&email=${email}`;

  it('reports the business access the email holds and other emails on the path', async () => {
    const res = await call(demo.standard, 'GET', query(demo.standard));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: Record<string, unknown> }>().data;
    expect(data).toMatchObject({ accessLevel: 'Business Manager Admin', question: null });
    expect(data.accessexistsMessage).toBe(messages.accessExists(demo.standard, 'Business Manager Admin'));
    const other = 'sam.standard@northwindmedia.example';
    const res2 = await call(demo.standard, 'GET', query(other));
    expect(res2.json()).toMatchObject({
      data: {
        accessExistsToOtherEmails: true,
        accessExistsToOtherEmailsMessage: messages.accessExistsToOtherEmails(demo.standard),
        question: messages.businessAccessQuestion(other, 'Business Manager'),
      },
    });
  });

  it('refuses an invalid email and a broken path', async () => {
    const bad = await call(demo.standard, 'GET', query('nope'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.invalidEmail);
    const broken = await call(
      demo.standard,
      'GET',
      query(demo.standard).replace('platformId=2', 'platformId=1'),
    );
    expect(broken.statusCode).toBe(422);
  });

  it('ValidateBusinessManagerAccount names the other emails holding the accounts', async () => {
    const res = await call(demo.standard, 'POST', '/api/Request/ValidateBusinessManagerAccount', {
      UserId: SAM,
      Email: 'sam.standard@northwindmedia.example',
      ...metaPath,
      ClientId: proseware.clientId,
      RequestAccountAccess: [
        { AssetId: META_AD_ACCOUNT, ClientAccountsIds: proseware.adAccounts.slice(0, 1) },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      accessExistsToOtherEmails: true,
      accessExistsToOtherEmailsMessage: messages.accessExistsToOtherEmails(demo.standard),
    });
  });
});
