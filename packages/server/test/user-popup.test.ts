import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, popupPaging, type AdditionalEmailsPage, type UsersForPopupPage } from '@uap/domain';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser, uniqueTag, type BuiltUser } from './factories.ts';

/**
 * The user-details popup's calls (spec 3 §2.15, §7): GET api/User/GetAllUsersforpopup and
 * GetAllAdditionalEmails, paged and searched in SQL, every profile readable by administrators, each
 * person saying whether the caller may change them.
 */
let ctx: TestContext;
/** A family name shared by this file's people only. */
const family = `Popup${uniqueTag()}`;
let inside: BuiltUser;
let outside: BuiltUser;
let colleagueAdmin: BuiltUser;
let regionAdminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const k = ctx.db.kysely;
  const A = await buildPath(k);
  const B = await buildPath(k);
  inside = await buildUser(k, { name: 'Ina', lastName: `${family} Inside` });
  outside = await buildUser(k, { name: 'Otto', lastName: `${family} Outside` });
  colleagueAdmin = await buildUser(k, { name: 'Cora', lastName: `${family} Admin`, roleId: Role.ADMIN });
  await buildRequest(k, { path: A, user: inside });
  await buildRequest(k, { path: B, user: outside });
  await k
    .updateTable('users')
    .set({ title: 'Planner', department: 'Search', officeNumber: '+44 20 7946 0000' })
    .where('userId', '=', inside.userId)
    .execute();
  await k
    .insertInto('userAdditionalEmails')
    .values({ userId: inside.userId, email: `ina.platform.${family.toLowerCase()}@partner.example` })
    .execute();
  const admin = await buildUser(k, { name: 'Rae', lastName: `Region ${uniqueTag()}` });
  regionAdminToken = await appointRegionAdmin(ctx, admin, A);
});
afterAll(async () => {
  await ctx.close();
});

async function popup(token: string | null, query: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/User/GetAllUsersforpopup${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, body: res.json<{ succeeded: boolean; data: UsersForPopupPage }>() };
}
const as = async (email: string, query: string) => popup(await ctx.tokenFor(email), query);
const search = (text: string, extra = '') => `?search=${encodeURIComponent(text)}${extra}`;

describe('GET api/User/GetAllUsersforpopup', () => {
  it('is for administrators and above and the auditor: 401 without a token, 403 below Admin', async () => {
    expect((await popup(null, '')).status).toBe(401);
    for (const who of [demo.standard, demo.approver, demo.provisioner, demo.master]) {
      expect((await as(who, '')).status, who).toBe(403);
    }
    for (const who of [demo.admin, demo.auditor, demo.superAdmin]) {
      expect((await as(who, '')).status, who).toBe(200);
    }
  });

  it('answers no profile, not a failure, for a number too long to be a UAP Id', async () => {
    const { status, body } = await as(demo.superAdmin, search('6377172487'));
    expect(status).toBe(200);
    expect(body.data.users).toEqual([]);
  });

  it("answers a profile's details in the envelope, with the spec's field names", async () => {
    const { status, body } = await as(demo.superAdmin, search(`${family} Inside`));
    expect(status).toBe(200);
    expect(body.succeeded).toBe(true);
    expect(body.data).toMatchObject({ page: 1, pageSize: popupPaging.defaultPageSize, totalCount: 1 });
    expect(body.data.users).toEqual([
      {
        userId: inside.userId,
        name: 'Ina',
        lastName: `${family} Inside`,
        email: inside.email,
        isInternal: true,
        userType: 'Internal',
        roleId: Role.STANDARD,
        roleName: 'Standard User',
        title: 'Planner',
        organization: null,
        department: 'Search',
        locationCountry: null,
        officeNumber: '+44 20 7946 0000',
        employeeId: null,
        parentGUID: null,
        childGUID: null,
        isChild: false,
        mergedUserId: null,
        isDeleted: false,
        createdDate: expect.any(String) as string,
        isInScope: true,
      },
    ]);
  });

  it('finds a person by first name, last name, full name, primary or additional email, or UAP Id', async () => {
    const idsFor = async (text: string) =>
      (await as(demo.superAdmin, search(text, '&pageSize=100'))).body.data.users.map((u) => u.userId);
    expect(await idsFor(family.toUpperCase())).toEqual(
      expect.arrayContaining([inside.userId, outside.userId, colleagueAdmin.userId]),
    );
    expect(await idsFor(`ina ${family.toLowerCase()} ins`)).toEqual([inside.userId]);
    expect(await idsFor(inside.email.slice(0, 20))).toContain(inside.userId);
    expect(await idsFor(`ina.platform.${family}`)).toEqual([inside.userId]);
    expect(await idsFor(String(outside.userId))).toContain(outside.userId);
    expect(await idsFor(`${family}-nobody`)).toEqual([]);
  });

  it('pages in SQL in name order, with the total, and refuses a page size over the maximum', async () => {
    const k = ctx.db.kysely;
    const tag = `Paged${uniqueTag()}`;
    for (let i = 0; i < 7; i += 1) {
      await buildUser(k, { name: tag, lastName: `N${i}` });
    }
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const { status, body } = await as(demo.admin, search(tag, `&page=${page}&pageSize=3`));
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ page, pageSize: 3, totalCount: 7 });
      expect(body.data.users).toHaveLength(page === 3 ? 1 : 3);
      seen.push(...body.data.users.map((u) => u.lastName));
    }
    expect(seen).toEqual(['N0', 'N1', 'N2', 'N3', 'N4', 'N5', 'N6']);

    const everyone = await as(demo.superAdmin, '');
    expect(everyone.body.data.users).toHaveLength(popupPaging.defaultPageSize);
    expect(everyone.body.data.totalCount).toBeGreaterThan(popupPaging.defaultPageSize);
    expect((await as(demo.superAdmin, `?pageSize=${popupPaging.maxPageSize + 1}`)).status).toBe(400);
    expect((await as(demo.superAdmin, '?page=0')).status).toBe(400);
    expect((await as(demo.superAdmin, `?page=${popupPaging.maxPage + 1}`)).status).toBe(400);
  });

  it('a region admin reads everyone but may change only the people wholly inside her scope', async () => {
    const { status, body } = await popup(regionAdminToken, search(family, '&pageSize=100'));
    expect(status).toBe(200);
    const scopeOf = new Map(body.data.users.map((u) => [u.userId, u.isInScope]));
    expect(scopeOf.get(inside.userId)).toBe(true);
    // A request in another market puts the person out of her reach; so does the Admin role.
    expect(scopeOf.get(outside.userId)).toBe(false);
    expect(scopeOf.get(colleagueAdmin.userId)).toBe(false);

    const sue = await as(demo.superAdmin, search(family, '&pageSize=100'));
    expect(sue.body.data.users.every((u) => u.isInScope)).toBe(true);
    const avery = await as(demo.auditor, search(family, '&pageSize=100'));
    expect(avery.body.data.users.length).toBe(3);
    expect(avery.body.data.users.some((u) => u.isInScope)).toBe(false);
  });
});

describe('GET api/User/GetAllAdditionalEmails', () => {
  const tag = uniqueTag();
  const mail = (n: number) => `alt${n}.${tag}@partner.example`;
  beforeAll(async () => {
    const k = ctx.db.kysely;
    for (const n of [1, 2, 3, 4]) {
      await k
        .insertInto('userAdditionalEmails')
        .values({ userId: outside.userId, email: mail(n), isDeleted: n === 4 ? 1 : 0 })
        .execute();
    }
  });
  const emails = async (who: string | null, query: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/User/GetAllAdditionalEmails${query}`,
      headers: who ? { authorization: `Bearer ${who}` } : {},
    });
    return { status: res.statusCode, body: res.json<{ succeeded: boolean; data: AdditionalEmailsPage }>() };
  };
  const emailsAs = async (email: string, query: string) => emails(await ctx.tokenFor(email), query);

  it('is for administrators and above and the auditor', async () => {
    expect((await emails(null, '')).status).toBe(401);
    for (const who of [demo.standard, demo.approver, demo.provisioner, demo.master]) {
      expect((await emailsAs(who, '')).status, who).toBe(403);
    }
    expect((await emailsAs(demo.auditor, `?userId=${outside.userId}`)).status).toBe(200);
  });

  it("answers one profile's emails, active and deactivated, with the spec's fields", async () => {
    const { status, body } = await emailsAs(demo.superAdmin, `?userId=${outside.userId}`);
    expect(status).toBe(200);
    expect(body.succeeded).toBe(true);
    expect(body.data).toMatchObject({ page: 1, pageSize: popupPaging.defaultPageSize, totalCount: 4 });
    expect(body.data.emails.map(({ email, isDeleted, userId }) => ({ email, isDeleted, userId }))).toEqual([
      { email: mail(1), isDeleted: false, userId: outside.userId },
      { email: mail(2), isDeleted: false, userId: outside.userId },
      { email: mail(3), isDeleted: false, userId: outside.userId },
      { email: mail(4), isDeleted: true, userId: outside.userId },
    ]);
    expect(body.data.emails.every((e) => Number.isInteger(e.id))).toBe(true);
  });

  it('searches the beginning of the email and pages in SQL with the total', async () => {
    const first = await emailsAs(demo.admin, `?search=ALT&pageSize=100`);
    expect(first.body.data.emails.map((e) => e.email)).toEqual(
      expect.arrayContaining([mail(1), mail(2), mail(3), mail(4)]),
    );
    expect(first.body.data.emails.every((e) => e.email.startsWith('alt'))).toBe(true);
    const pages = [];
    for (const page of [1, 2]) {
      const { body } = await emailsAs(demo.admin, `?userId=${outside.userId}&page=${page}&pageSize=3`);
      expect(body.data.totalCount).toBe(4);
      pages.push(body.data.emails.map((e) => e.email));
    }
    expect(pages).toEqual([[mail(1), mail(2), mail(3)], [mail(4)]]);
    expect((await emailsAs(demo.admin, `?userId=99999999`)).body.data).toMatchObject({
      emails: [],
      totalCount: 0,
    });
    expect((await emailsAs(demo.admin, `?pageSize=${popupPaging.maxPageSize + 1}`)).status).toBe(400);
    expect((await emailsAs(demo.admin, '?userId=abc')).status).toBe(400);
    const all = await emailsAs(demo.superAdmin, '');
    expect(all.body.data.emails.length).toBeLessThanOrEqual(popupPaging.defaultPageSize);
  });

  it("a region admin reads an out-of-scope person's emails, as All User Profiles shows them, but cannot change them", async () => {
    const mine = await emails(regionAdminToken, `?userId=${outside.userId}`);
    const sues = await emailsAs(demo.superAdmin, `?userId=${outside.userId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual(sues.body.data);
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/User/DeactivateAdditionalEmail',
      headers: { authorization: `Bearer ${regionAdminToken}` },
      payload: { userId: outside.userId, email: mail(1) },
    });
    expect(change.statusCode).toBe(403);
  });
});
