import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { toCount } from '../src/db/connection.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildUser, uniqueTag, userIdOf } from './factories.ts';

let ctx: TestContext;
let SAM: number;
beforeAll(async () => {
  ctx = await createTestContext();
  SAM = await userIdOf(ctx.db.kysely, demo.standard);
});
afterAll(async () => {
  await ctx.close();
});

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  email: string = demo.standard,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    ...(payload ? { payload } : {}),
  });
}

async function counts() {
  const count = async (table: 'users' | 'userAdditionalEmails' | 'userProfileLogs') =>
    toCount(
      (
        await ctx.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  return {
    users: await count('users'),
    emails: await count('userAdditionalEmails'),
    logs: await count('userProfileLogs'),
  };
}

async function expectRefused(
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  status: number,
  message: string,
) {
  const before = await counts();
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ succeeded: false, message });
  expect(await counts()).toEqual(before);
}

const external = {
  Email: 'new.person@vendor.example',
  Name: 'New',
  LastName: 'Person',
  Title: 'Analyst',
  OfficeNumber: '+1 212 555 0100',
  Department: 'Marketing',
  Organization: 'Vendor Co',
  LocationCountry: 'United States',
};

describe('GET api/User/SearchInternal', () => {
  it('finds a colleague by full name with profile id, manager and emails', async () => {
    const res = await call('GET', '/api/User/SearchInternal?filterType=displayname&value=sam%20standard');
    expect(res.statusCode, res.body).toBe(200);
    const [hit] = res.json<{ data: Record<string, unknown>[] }>().data;
    expect(hit).toMatchObject({
      userId: SAM,
      mail: demo.standard,
      name: 'Sam',
      lastName: 'Standard',
      isInternal: true,
      manager: { mail: demo.approver },
    });
    expect(hit?.userAditionalEmail).toEqual([
      { email: 'sam.standard@northwindmedia.example', isDeleted: false, userId: SAM },
    ]);
  });

  it('finds by mail prefix and limits to 50 members', async () => {
    const res = await call('GET', '/api/User/SearchInternal?filterType=mail&value=sam.stan');
    expect(res.json().data[0].mail).toBe(demo.standard);
    const many = await call('GET', '/api/User/SearchInternal?filterType=displayname&value=a');
    expect(many.json().data.length).toBe(50);
  });

  it('finds a colleague by the beginning of the email typed without @, as the assignment pickers send it', async () => {
    const tag = uniqueTag();
    const person = await buildUser(ctx.db.kysely, {
      name: 'Robin',
      lastName: 'Quill',
      email: `rq.ops-${tag}@agency.example`,
    });
    // The email's beginning, short and long: neither is in the display name.
    for (const part of ['rq.ops-', `rq.ops-${tag}`]) {
      const res = await call(
        'GET',
        `/api/User/SearchInternal?filterType=displayname&value=${encodeURIComponent(part.toUpperCase())}`,
      );
      expect(res.statusCode, `${part}: ${res.body}`).toBe(200);
      expect(res.json<{ data: { userId: number }[] }>().data.map((h) => h.userId)).toEqual([person.userId]);
    }
    const pat = await call('GET', '/api/User/SearchInternal?filterType=displayname&value=pat.provisioner');
    expect(pat.statusCode, pat.body).toBe(200);
    expect(pat.json<{ data: { mail: string }[] }>().data.map((h) => h.mail)).toContain(demo.provisioner);
  });

  it('treats LIKE wildcards literally', async () => {
    const res = await call('GET', '/api/User/SearchInternal?filterType=displayname&value=%25');
    expect(res.statusCode).toBe(404);
  });

  it("answers a guest with 'use the external function'", async () => {
    const res = await call('GET', `/api/User/SearchInternal?filterType=mail&value=${demo.guest}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ succeeded: false, message: messages.guestUseExternal });
  });

  it("answers 404 'No user found.' for nothing or a blank value", async () => {
    for (const value of ['zzz-nobody', '%20']) {
      const res = await call('GET', `/api/User/SearchInternal?filterType=displayname&value=${value}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ succeeded: false, message: messages.noUserFound });
    }
  });
});

describe('GET api/User/SearchExternal(User)', () => {
  it.each(['SearchExternal', 'SearchExternalUser'])('%s finds a guest by email', async (path) => {
    const res = await call('GET', `/api/User/${path}?filtervalue=${demo.guest.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ mail: demo.guest, isInternal: false, userAditionalEmail: [] });
  });

  it("answers an internal user with 'use the internal function'", async () => {
    const res = await call('GET', `/api/User/SearchExternal?filtervalue=${demo.standard}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.internalUseInternal);
  });

  it('refuses a malformed email and answers 404 for an unknown one', async () => {
    const bad = await call('GET', '/api/User/SearchExternal?filtervalue=not%20an%20email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.invalidEmail);
    const none = await call('GET', '/api/User/SearchExternal?filtervalue=nobody@vendor.example');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(messages.noUserFound);
  });
});

describe('POST api/User/Save', () => {
  it.each([
    ['a digits-only name', { Name: '12345' }, messages.digitsOnly],
    ['a phone with letters', { OfficeNumber: 'call me' }, messages.phoneHasLetters],
    ['a missing department', { Department: '  ' }, messages.completeRequiredFields],
    ['an invalid email', { Email: 'new person@vendor' }, messages.invalidEmail],
  ])('refuses %s with the spec message', async (_label, overrides, message) => {
    await expectRefused('POST', '/api/User/Save', { ...external, ...overrides }, 400, message);
  });

  it('refuses a text over 50 characters', async () => {
    const before = await counts();
    const res = await call('POST', '/api/User/Save', { ...external, Title: 'x'.repeat(51) });
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses an internal user', async () => {
    await expectRefused(
      'POST',
      '/api/User/Save',
      { ...external, Email: demo.approver },
      422,
      messages.internalUseInternal,
    );
  });

  it('saves an external user (isInternal false) and answers its id', async () => {
    const before = await counts();
    const res = await call('POST', '/api/User/Save', external);
    expect(res.statusCode, res.body).toBe(200);
    const { userId } = res.json<{ data: { userId: number } }>().data;
    const row = await ctx.db.kysely
      .selectFrom('users')
      .select(['email', 'isInternal', 'userType', 'createdBy', 'organization'])
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      email: external.Email,
      isInternal: 0,
      userType: 'Guest',
      createdBy: SAM,
      organization: 'Vendor Co',
    });
    expect(await counts()).toEqual({ ...before, users: before.users + 1, logs: before.logs + 1 });
    const found = await call('GET', `/api/User/SearchExternalUser?filtervalue=${external.Email}`);
    expect(found.json().data[0].userId).toBe(userId);
  });
});

describe('POST api/User/SaveAdditionalEmail', () => {
  it.each([
    ['no @', 'sam.standard', 400, messages.notAnEmail],
    ['an invalid format', 'sam @agency', 400, messages.invalidEmail],
    ['a primary email of another user', demo.approver, 422, messages.duplicateSecondaryEmail(demo.approver)],
    [
      'an additional email already linked',
      'sam.standard@northwindmedia.example',
      422,
      messages.duplicateSecondaryEmail('sam.standard@northwindmedia.example'),
    ],
  ])('refuses %s', async (_label, email, status, message) => {
    await expectRefused(
      'POST',
      '/api/User/SaveAdditionalEmail',
      { Email: email, UserId: SAM },
      status,
      message,
    );
  });

  it("links a new email and answers 'Email linked successfully'", async () => {
    const res = await call('POST', '/api/User/SaveAdditionalEmail', {
      Email: 'Sam.S@Agency.example',
      UserId: SAM,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.emailLinked);
    const row = await ctx.db.kysely
      .selectFrom('userAdditionalEmails')
      .select('email')
      .where('userId', '=', SAM)
      .where('email', '=', 'sam.s@agency.example')
      .executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('refuses the auditor', async () => {
    const res = await call(
      'POST',
      '/api/User/SaveAdditionalEmail',
      { Email: 'x@agency.example', UserId: SAM },
      demo.auditor,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.auditorsReadOnly);
  });
});

describe('PUT api/User', () => {
  const samForm = {
    userId: 0,
    Email: demo.standard,
    isInternal: true,
    Name: 'Sam',
    LastName: 'Standard',
    Title: 'Senior Media Planner',
    Organization: 'Northwind Media',
    Department: 'Search',
    LocationCountry: 'New York',
    OfficeNumber: '+1 212 555 0199',
    ManagerEmail: demo.approver,
    ManagerName: 'Alex Approver',
  };
  beforeAll(() => {
    samForm.userId = SAM;
  });

  it('refuses digits-only text and a phone with letters, changing nothing', async () => {
    await expectRefused('PUT', '/api/User', { ...samForm, LastName: '007' }, 400, messages.digitsOnly);
    await expectRefused(
      'PUT',
      '/api/User',
      { ...samForm, OfficeNumber: 'abc' },
      400,
      messages.phoneHasLetters,
    );
  });

  it("updates the caller's own profile with a log row", async () => {
    const before = await counts();
    const res = await call('PUT', '/api/User', samForm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ userId: SAM, roleId: 1 });
    const row = await ctx.db.kysely
      .selectFrom('users')
      .select('title')
      .where('userId', '=', SAM)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Senior Media Planner');
    expect(await counts()).toEqual({ ...before, logs: before.logs + 1 });
  });

  it("does not rewrite a colleague's profile", async () => {
    const before = await counts();
    const res = await call('PUT', '/api/User', {
      ...samForm,
      userId: 3,
      Email: demo.approver,
      Title: 'Hacked',
    });
    expect(res.json().data).toEqual({ userId: 3, roleId: 2 });
    const row = await ctx.db.kysely
      .selectFrom('users')
      .select('title')
      .where('userId', '=', 3)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Account Director');
    expect(await counts()).toEqual(before);
  });

  it('creates the profile of a directory member with no profile (userId 0)', async () => {
    const entry = await ctx.db.kysely
      .selectFrom('directoryUsers as d')
      .select(['d.mail'])
      .where('d.userType', '=', 'Member')
      .where('d.active', '=', 1)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('users as u').select('u.userId').whereRef('u.email', '=', 'd.mail'))),
      )
      .executeTakeFirstOrThrow();
    const res = await call('PUT', '/api/User', { ...samForm, userId: 0, Email: entry.mail });
    expect(res.statusCode, res.body).toBe(200);
    const { userId } = res.json<{ data: { userId: number } }>().data;
    expect(userId).toBeGreaterThan(0);
    const again = await call('PUT', '/api/User', { ...samForm, userId: 0, Email: entry.mail });
    expect(again.json().data.userId).toBe(userId);
  });
});
