import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  messages,
  type ProfileFilterOptions,
  type ProfileLogRow,
  type ProfilePage,
  type ProfileRow,
  type SecondaryEmailLogRow,
  type SyncComparison,
} from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildUser, uniqueTag, type BuiltUser } from './factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

interface Answer<T> {
  status: number;
  body: { succeeded: boolean; message: string; data: T };
}

async function call<T = unknown>(
  who: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
): Promise<Answer<T>> {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(who)}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** The rows admin Ada sees searching for a term. */
async function rowsFor(search: string, extra: object = {}): Promise<ProfileRow[]> {
  const res = await call<ProfilePage>(demo.admin, 'PUT', '/api/User/GetAllUsers', {
    searchCriteria: search,
    ...extra,
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.users;
}

async function rowOf(user: BuiltUser): Promise<ProfileRow> {
  const rows = await rowsFor(user.email);
  expect(rows.map((r) => r.userId)).toEqual([user.userId]);
  return rows[0]!;
}

/** A directory member with no profile yet. */
async function directoryOnly(mail: string) {
  await ctx.db.kysely
    .insertInto('directoryUsers')
    .values({
      directoryId: `dir-${uniqueTag()}`,
      mail,
      displayName: 'New Address',
      userType: 'Member',
      active: 1,
    })
    .execute();
}

const editBody = (user: BuiltUser, change: object = {}) => ({
  isProfileEdit: true,
  userId: user.userId,
  Name: user.name,
  LastName: user.lastName,
  Email: user.email,
  Title: 'Planner',
  Organization: 'Agency Group',
  Department: 'Media',
  LocationCountry: 'Berlin',
  OfficeNumber: '+49 30 1234',
  EmployeeId: 'E-1',
  ...change,
});

describe('PUT api/User/GetAllUsers', () => {
  it('shows the spec columns: AD Yes/No for internal users, blank for external, role and type', async () => {
    const member = await buildUser(ctx.db.kysely, { name: 'Maya' });
    const leaver = await buildUser(ctx.db.kysely, { active: false });
    const guest = await buildUser(ctx.db.kysely, { userType: 'Guest' });
    const approver = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
    expect(await rowOf(member)).toMatchObject({
      uapId: String(member.userId),
      adEnabled: 'Yes',
      name: 'Maya',
      lastName: member.lastName,
      email: member.email,
      userType: 'Internal',
      roleName: 'Standard User',
      isSyncButtonEnabled: true,
      canDelete: true,
      isChild: false,
    });
    expect(await rowOf(leaver)).toMatchObject({ adEnabled: 'No', userType: 'Internal' });
    expect(await rowOf(guest)).toMatchObject({ adEnabled: '', userType: 'External' });
    expect(await rowOf(approver)).toMatchObject({ roleName: 'Approver', canDelete: false });
  });

  it('shows a merged child with the parent id in brackets, joins secondary emails, and offers no delete', async () => {
    const parent = await buildUser(ctx.db.kysely);
    const child = await buildUser(ctx.db.kysely);
    await ctx.db.kysely
      .updateTable('users')
      .set({ isChild: 1, mergedUserId: parent.userId })
      .where('userId', '=', child.userId)
      .execute();
    await ctx.db.kysely
      .insertInto('userAdditionalEmails')
      .values([
        { userId: child.userId, email: `one.${uniqueTag()}@x.example`, isDeleted: 0 },
        { userId: child.userId, email: `gone.${uniqueTag()}@x.example`, isDeleted: 1 },
      ])
      .execute();
    const row = await rowOf(child);
    expect(row.uapId).toBe(`${child.userId} (${parent.userId})`);
    expect(row.isChild).toBe(true);
    expect(row.canDelete).toBe(false);
    expect(row.secondaryEmail).toMatch(/^one\.[0-9a-f]+@x\.example$/);
  });

  it('searches a number too long to be a UAP Id (an employee id, a phone number) without failing', async () => {
    const user = await buildUser(ctx.db.kysely, { name: 'Numa' });
    await ctx.db.kysely
      .updateTable('users')
      .set({ employeeId: '6377172487' })
      .where('userId', '=', user.userId)
      .execute();
    expect((await rowsFor('6377172487')).map((r) => r.userId)).toContain(user.userId);
    expect(await rowsFor('99999999999')).toEqual([]);
    expect((await rowsFor(String(user.userId))).map((r) => r.userId)).toEqual([user.userId]);
  });

  it('sorts, filters and pages in SQL; an unknown column is 400', async () => {
    const tag = uniqueTag();
    const b = await buildUser(ctx.db.kysely, { name: 'Bea', lastName: `${tag} Sort` });
    const a = await buildUser(ctx.db.kysely, { name: 'Abe', lastName: `${tag} Sort` });
    const g = await buildUser(ctx.db.kysely, { name: 'Cy', lastName: `${tag} Sort`, userType: 'Guest' });
    const byName = await rowsFor(tag, { orderBy: 'name', orderAsc: true });
    expect(byName.map((r) => r.userId)).toEqual([a.userId, b.userId, g.userId]);
    const external = await rowsFor(tag, { filters: [{ column: 'userType', values: ['External'] }] });
    expect(external.map((r) => r.userId)).toEqual([g.userId]);
    const internal = await rowsFor(tag, {
      filters: [{ column: 'userType', values: ['Internal'] }],
      orderBy: 'name',
      orderAsc: true,
    });
    expect(internal.map((r) => r.userId)).toEqual([a.userId, b.userId]);
    const both = await rowsFor(tag, { filters: [{ column: 'userType', values: ['Internal', 'External'] }] });
    expect(both).toHaveLength(3);
    expect(await rowsFor(tag, { filters: [{ column: 'userType', values: ['Nobody'] }] })).toEqual([]);
    const res = await call<ProfilePage>(demo.admin, 'PUT', '/api/User/GetAllUsers', {
      searchCriteria: tag,
      orderBy: 'name',
      orderAsc: false,
      pageSize: 5,
      page: 1,
    });
    expect(res.body.data.totalCount).toBe(3);
    expect(res.body.data.users[0]?.userId).toBe(g.userId);
    const bad = await call(demo.admin, 'PUT', '/api/User/GetAllUsers', { orderBy: 'password' });
    expect(bad.status).toBe(400);
  });

  it('searches the beginning of names and emails (any case) and the exact UAP Id', async () => {
    const tag = uniqueTag();
    const user = await buildUser(ctx.db.kysely, { name: `Zed${tag}`, lastName: `Quinn${tag}` });
    const ids = async (term: string) => (await rowsFor(term)).map((r) => r.userId);
    expect(await ids(`zed${tag}`.toUpperCase())).toEqual([user.userId]);
    expect(await ids(`quinn${tag.slice(0, 6)}`)).toEqual([user.userId]);
    expect(await ids(user.email.slice(0, 20))).toEqual([user.userId]);
    expect(await ids(`inn${tag}`)).toEqual([]);
    expect(await ids(String(user.userId))).toContain(user.userId);
    expect(await ids('100%_')).toEqual([]);
  });

  it('is for administrators and the auditor, not for a standard user', async () => {
    expect((await call(demo.standard, 'PUT', '/api/User/GetAllUsers', {})).status).toBe(403);
    expect((await call(demo.auditor, 'PUT', '/api/User/GetAllUsers', {})).status).toBe(200);
    expect((await call(demo.superAdmin, 'PUT', '/api/User/GetAllUsers', {})).status).toBe(200);
  });
});

describe('PUT api/User/ProfileFilters', () => {
  it('lists the values of a column under the other filters and the search', async () => {
    const tag = uniqueTag();
    await buildUser(ctx.db.kysely, { lastName: `${tag} Filter` });
    await buildUser(ctx.db.kysely, { lastName: `${tag} Filter`, userType: 'Guest', roleId: Role.APPROVER });
    const res = await call<ProfileFilterOptions>(demo.admin, 'PUT', '/api/User/ProfileFilters/', {
      searchCriteria: tag,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.data.userType).toEqual(['External', 'Internal']);
    expect(res.body.data.data.roleName).toEqual(['Approver', 'Standard User']);
    const one = await call<ProfileFilterOptions>(demo.admin, 'PUT', '/api/User/ProfileFilters', {
      searchCriteria: tag,
      column: 'adEnabled',
      filters: [{ column: 'userType', values: ['Internal'] }],
    });
    expect(one.body.data.data).toEqual({ adEnabled: ['Yes'] });
  });
});

describe('PUT api/User from the Edit User Profile modal', () => {
  it('saves the change and writes a log row with old and new values', async () => {
    const user = await buildUser(ctx.db.kysely, { name: 'Olga' });
    const res = await call(demo.admin, 'PUT', '/api/User', editBody(user, { Name: 'Olivia' }));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Successfully updated user data');
    expect(await rowOf(user)).toMatchObject({ name: 'Olivia', title: 'Planner', employeeId: 'E-1' });
    const logs = await call<ProfileLogRow[]>(demo.admin, 'GET', `/api/User/UserLogs/${user.userId}`);
    expect(logs.status).toBe(200);
    const [latest] = logs.body.data;
    expect(latest?.lastModifiedByName).toBe('Ada Admin');
    expect(latest?.changes).toContainEqual({ field: 'Name', oldValue: 'Olga', newValue: 'Olivia' });
    expect(latest?.changes).toContainEqual({ field: 'Title', oldValue: '', newValue: 'Planner' });
  });

  it('answers the spec messages of the edit rules', async () => {
    const user = await buildUser(ctx.db.kysely);
    const other = await buildUser(ctx.db.kysely);
    const expectMessage = async (change: object, status: number, message: string) => {
      const res = await call(demo.admin, 'PUT', '/api/User', editBody(user, change));
      expect(res.status, res.body.message).toBe(status);
      expect(res.body.message).toBe(message);
    };
    await expectMessage({ Name: '' }, 400, 'Please enter all the required data');
    await expectMessage(
      { Department: '12345' },
      400,
      'Only digits not allowed. Please enter all the valid data',
    );
    await expectMessage(
      { OfficeNumber: '' },
      400,
      'Charactors are not allowed. Please enter valid phone number',
    );
    await expectMessage(
      { OfficeNumber: '12ab' },
      400,
      'Charactors are not allowed. Please enter valid phone number',
    );
    await expectMessage({ Email: 'not-an-email' }, 400, 'Please enter valid Primary Email');
    await expectMessage({ newlyCreatedSecondaryEmail: 'x@' }, 400, 'Please enter valid secondary Email');
    await expectMessage(
      { newlyCreatedSecondaryEmail: other.email },
      422,
      `Secondary Email ${other.email} already exists for other user as primary or secondary email address`,
    );
    await expectMessage(
      { Email: `nowhere.${uniqueTag()}@agency.example` },
      422,
      'Cannot find Primary Email in Active Directory',
    );
    const logs = await call<ProfileLogRow[]>(demo.admin, 'GET', `/api/User/UserLogs/${user.userId}`);
    expect(logs.body.data).toEqual([]);
  });

  it("moves an internal user's primary email to a directory address and adds a secondary email", async () => {
    const user = await buildUser(ctx.db.kysely);
    const moved = `moved.${uniqueTag()}@agency.example`;
    await directoryOnly(moved);
    const secondary = `second.${uniqueTag()}@agency.example`;
    const res = await call(
      demo.admin,
      'PUT',
      '/api/User',
      editBody(user, { Email: moved, newlyCreatedSecondaryEmail: secondary }),
    );
    expect(res.status, res.body.message).toBe(200);
    const rows = await rowsFor(moved);
    expect(rows.map((r) => [r.userId, r.email, r.secondaryEmail])).toEqual([[user.userId, moved, secondary]]);
    const emailLog = await call<SecondaryEmailLogRow[]>(
      demo.admin,
      'GET',
      `/api/User/LogUserAditionalEmail/${user.userId}`,
    );
    expect(emailLog.body.data.map((r) => [r.operation, r.newEmail])).toEqual([['Added', secondary]]);
  });

  it('refuses a standard user and the auditor editing someone else, and a merged child', async () => {
    const user = await buildUser(ctx.db.kysely);
    expect((await call(demo.standard, 'PUT', '/api/User', editBody(user))).status).toBe(403);
    expect((await call(demo.auditor, 'PUT', '/api/User', editBody(user))).status).toBe(403);
    const parent = await buildUser(ctx.db.kysely);
    await ctx.db.kysely
      .updateTable('users')
      .set({ isChild: 1, mergedUserId: parent.userId })
      .where('userId', '=', user.userId)
      .execute();
    const res = await call(demo.superAdmin, 'PUT', '/api/User', editBody(user));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(messages.profileNotEditable);
  });
});

describe('PUT api/User from the Add User Profile modal (userId 0)', () => {
  const addBody = (email: string, change: object = {}) => ({
    isProfileEdit: true,
    userId: 0,
    Name: 'Vera',
    LastName: 'Vendor',
    Email: email,
    Title: 'Buyer',
    Organization: 'Client Co',
    Department: '',
    LocationCountry: 'Lisbon',
    OfficeNumber: '+351 21 000',
    EmployeeId: '',
    ...change,
  });

  it('adds an external Standard User with a secondary email, and logs the creation', async () => {
    const email = `vera.${uniqueTag()}@client.example`;
    const secondary = `vera.alt.${uniqueTag()}@client.example`;
    const res = await call<{ userId: number; roleId: number }>(
      demo.admin,
      'PUT',
      '/api/User',
      addBody(email, { newlyCreatedSecondaryEmail: secondary }),
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('User saved successfully');
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: res.body.data.userId,
      name: 'Vera',
      lastName: 'Vendor',
      email,
      secondaryEmail: secondary,
      userType: 'External',
      roleName: 'Standard User',
      adEnabled: '',
      title: 'Buyer',
      organization: 'Client Co',
    });
    const logs = await call<ProfileLogRow[]>(demo.admin, 'GET', `/api/User/UserLogs/${res.body.data.userId}`);
    expect(logs.body.data).toHaveLength(1);
    expect(logs.body.data[0]?.lastModifiedByName).toBe('Ada Admin');
    expect(logs.body.data[0]?.changes).toContainEqual({ field: 'Name', oldValue: '', newValue: 'Vera' });
  });

  it('adds an internal profile tied to its directory account, shown as AD enabled', async () => {
    const email = `joiner.${uniqueTag()}@agency.example`;
    await directoryOnly(email);
    const res = await call<{ userId: number }>(
      demo.superAdmin,
      'PUT',
      '/api/User',
      addBody(email, { isInternal: true }),
    );
    expect(res.status, res.body.message).toBe(200);
    expect(await rowsFor(email)).toEqual([
      expect.objectContaining({ userId: res.body.data.userId, userType: 'Internal', adEnabled: 'Yes' }),
    ]);
  });

  it("refuses a taken email, an internal address outside the directory, and a directory member's as external", async () => {
    const taken = await buildUser(ctx.db.kysely);
    const member = `member.${uniqueTag()}@agency.example`;
    await directoryOnly(member);
    const withSecondary = await buildUser(ctx.db.kysely);
    const secondary = `second.${uniqueTag()}@agency.example`;
    await ctx.db.kysely
      .insertInto('userAdditionalEmails')
      .values({
        userId: withSecondary.userId,
        email: secondary,
        isDeleted: 0,
        createdDate: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const expectRefused = async (body: object, message: string) => {
      const res = await call(demo.admin, 'PUT', '/api/User', body);
      expect(res.status, res.body.message).toBe(422);
      expect(res.body.message).toBe(message);
    };
    await expectRefused(addBody(taken.email), `${taken.email} is already the primary email of another user.`);
    await expectRefused(
      addBody(secondary),
      `Secondary Email ${secondary} already exists for other user as primary or secondary email address`,
    );
    await expectRefused(
      addBody(`nobody.${uniqueTag()}@agency.example`, { isInternal: true }),
      'Cannot find Primary Email in Active Directory',
    );
    await expectRefused(
      addBody(member),
      'This email is associated with an internal user. Please use the internal function to submit your request.',
    );
    const fresh = `fresh.${uniqueTag()}@client.example`;
    await expectRefused(
      addBody(fresh, { newlyCreatedSecondaryEmail: fresh }),
      `Secondary Email ${fresh} already exists for other user as primary or secondary email address`,
    );
    // Nothing refused was written.
    expect(await rowsFor(fresh)).toEqual([]);
    expect(await rowsFor(member)).toEqual([]);
  });

  it('is for administrators only: a standard user and the auditor get 403', async () => {
    const email = `blocked.${uniqueTag()}@client.example`;
    expect((await call(demo.standard, 'PUT', '/api/User', addBody(email))).status).toBe(403);
    expect((await call(demo.auditor, 'PUT', '/api/User', addBody(email))).status).toBe(403);
    expect(await rowsFor(email)).toEqual([]);
  });
});

describe('Sync with the directory', () => {
  it('shows both columns and takes only the ticked fields', async () => {
    const user = await buildUser(ctx.db.kysely, { name: 'Old' });
    await ctx.db.kysely
      .updateTable('directoryUsers')
      .set({ givenName: 'New', jobTitle: 'Head of Search', department: 'Search' })
      .where('directoryId', '=', user.directoryId)
      .execute();
    const view = await call<SyncComparison>(demo.admin, 'GET', `/api/User/SyncUserData/${user.userId}`);
    expect(view.status, view.body.message).toBe(200);
    expect(view.body.data.uap.name).toBe('Old');
    expect(view.body.data.azureADUserInfo).toMatchObject({ givenName: 'New', jobTitle: 'Head of Search' });
    const none = await call(demo.admin, 'POST', '/api/User/SyncUserData', { userId: user.userId });
    expect(none.status).toBe(422);
    const res = await call(demo.admin, 'POST', '/api/User/SyncUserData', {
      userId: user.userId,
      isFirstName: true,
      isTitle: true,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Successfully Synced user data');
    expect(await rowOf(user)).toMatchObject({ name: 'New', title: 'Head of Search', department: null });
  });

  it('answers 404 for a profile without a directory entry', async () => {
    const user = await buildUser(ctx.db.kysely);
    await ctx.db.kysely
      .updateTable('users')
      .set({ directoryId: null })
      .where('userId', '=', user.userId)
      .execute();
    expect((await rowOf(user)).isSyncButtonEnabled).toBe(false);
    const res = await call(demo.admin, 'GET', `/api/User/SyncUserData/${user.userId}`);
    expect(res.status).toBe(404);
  });
});

describe('PUT api/User/DeactivateAdditionalEmail', () => {
  it('deactivates one of the profile’s emails, refuses others, and logs it', async () => {
    const user = await buildUser(ctx.db.kysely);
    const email = `extra.${uniqueTag()}@agency.example`;
    await ctx.db.kysely
      .insertInto('userAdditionalEmails')
      .values({ userId: user.userId, email, isDeleted: 0 })
      .execute();
    const bad = await call(demo.admin, 'PUT', '/api/User/DeactivateAdditionalEmail', {
      userId: user.userId,
      email: 'bad',
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'Please enter valid email to deactivate.']);
    const missing = await call(demo.admin, 'PUT', '/api/User/DeactivateAdditionalEmail', {
      userId: user.userId,
      email: `other.${uniqueTag()}@agency.example`,
    });
    expect([missing.status, missing.body.message]).toEqual([
      422,
      'Entered email is not present in existing emails list.',
    ]);
    const res = await call(demo.admin, 'PUT', '/api/User/DeactivateAdditionalEmail', {
      userId: user.userId,
      email,
    });
    expect([res.status, res.body.message]).toEqual([200, 'Successfully Deactivated selected Email']);
    expect((await rowOf(user)).secondaryEmail).toBe('');
    const log = await call<SecondaryEmailLogRow[]>(
      demo.admin,
      'GET',
      `/api/User/LogUserAditionalEmail/${user.userId}`,
    );
    expect(log.body.data.map((r) => [r.operation, r.oldEmail])).toEqual([['Deactivated', email]]);
  });
});

describe('GET api/User/deleteUser', () => {
  it('deletes a Standard User softly: shown as Deleted, history kept', async () => {
    const user = await buildUser(ctx.db.kysely);
    const res = await call(demo.admin, 'GET', `/api/User/deleteUser/${user.userId}`);
    expect([res.status, res.body.message]).toEqual([200, messages.profileDeleted]);
    expect(await rowOf(user)).toMatchObject({ adEnabled: 'Deleted', isDeleted: true, canDelete: false });
    const logs = await call<ProfileLogRow[]>(demo.admin, 'GET', `/api/User/UserLogs/${user.userId}`);
    expect(logs.body.data[0]?.changes).toContainEqual({
      field: 'IsDeleted',
      oldValue: 'false',
      newValue: 'true',
    });
  });

  it('refuses another role, a merged parent, and the auditor', async () => {
    const approver = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
    const refused = await call(demo.admin, 'GET', `/api/User/deleteUser/${approver.userId}`);
    expect([refused.status, refused.body.message]).toEqual([422, messages.profileDeleteNotAllowed]);
    const parent = await buildUser(ctx.db.kysely);
    const child = await buildUser(ctx.db.kysely);
    await ctx.db.kysely
      .updateTable('users')
      .set({ isChild: 1, mergedUserId: parent.userId })
      .where('userId', '=', child.userId)
      .execute();
    expect((await call(demo.admin, 'GET', `/api/User/deleteUser/${parent.userId}`)).status).toBe(422);
    expect((await call(demo.auditor, 'GET', `/api/User/deleteUser/${parent.userId}`)).status).toBe(403);
  });
});

describe('the log pages', () => {
  it("answer the spec's messages for an id that does not exist", async () => {
    const logs = await call(demo.admin, 'GET', '/api/User/UserLogs/999999999');
    expect([logs.status, logs.body.message]).toEqual([404, "UAP ID doesn't exist"]);
    const emails = await call(demo.admin, 'GET', '/api/User/LogUserAditionalEmail/999999999');
    expect([emails.status, emails.body.message]).toEqual([404, "userid doesn't exist"]);
  });
});
