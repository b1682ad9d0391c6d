import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaverRecordList } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRecord, uniqueTag, userIdOf } from './factories.ts';

/**
 * SCIM 2.0 inbound with the request bodies Entra ID and Okta send (Microsoft's "Develop a SCIM
 * endpoint" request examples and its SCIM compliance notes; Okta's SCIM 2.0 reference).
 */

const SECRET = 'scim-test-secret-4f1c';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

let ctx: TestContext;
let superToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ SCIM_TOKEN: SECRET });
  superToken = await ctx.tokenFor(demo.superAdmin);
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function scim(method: Method, url: string, body?: object, contentType = 'application/scim+json') {
  return ctx.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      authorization: `Bearer ${SECRET}`,
      ...(body ? { 'content-type': contentType } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

const filterBy = (attribute: string, value: string) =>
  `/Users?filter=${encodeURIComponent(`${attribute} eq "${value}"`)}`;

interface ScimUser {
  id: string;
  userName: string;
  active: boolean;
  displayName?: string;
  title?: string;
  externalId?: string;
  emails?: { value: string }[];
  name?: { givenName?: string; familyName?: string };
  [ENTERPRISE]?: { department?: string; employeeNumber?: string; manager?: { value: string } };
}

/** Entra ID's create request (Microsoft's example, with the enterprise attributes it maps by default). */
function entraCreate(tag: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
    externalId: `ext-${tag}`,
    userName: `Test_User_${tag}@agency.example`,
    active: true,
    displayName: `Joan ${tag}`,
    title: 'Media Planner',
    emails: [{ primary: true, type: 'work', value: `joan.${tag}@agency.example` }],
    meta: { resourceType: 'User' },
    name: { formatted: `Joan ${tag}`, familyName: tag, givenName: 'Joan' },
    addresses: [{ type: 'work', formatted: 'London Office', country: 'GB' }],
    phoneNumbers: [{ type: 'work', value: '+44 20 1234 5678' }],
    roles: [],
    [ENTERPRISE]: { employeeNumber: `E-${tag}`, department: 'Media' },
  };
}

async function createEntraUser(tag = uniqueTag()) {
  const res = await scim('POST', '/Users', entraCreate(tag));
  expect(res.statusCode, res.body).toBe(201);
  return { tag, user: res.json<ScimUser>(), mail: `joan.${tag}@agency.example` };
}

async function directoryRow(directoryId: string) {
  return ctx.db.kysely
    .selectFrom('directoryUsers')
    .selectAll()
    .where('directoryId', '=', directoryId)
    .executeTakeFirstOrThrow();
}

async function searchInternal(mail: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/User/SearchInternal?filterType=mail&value=${encodeURIComponent(mail)}`,
    headers: { authorization: `Bearer ${superToken}` },
  });
}

describe('the SCIM bearer secret', () => {
  it('refuses a missing or wrong secret with 401 in the SCIM error schema', async () => {
    for (const authorization of [undefined, 'Bearer wrong-secret', `Basic ${SECRET}`]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/scim/v2/Users',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(res.json()).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '401',
      });
    }
  });
});

describe('discovery', () => {
  it('describes the service, the User resource type and its schemas', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.json()).toMatchObject({
      totalResults: 1,
      Resources: [
        { id: 'User', endpoint: '/Users', schemaExtensions: [{ schema: ENTERPRISE, required: false }] },
      ],
    });
    const schemas = await scim('GET', '/Schemas');
    const ids = schemas.json<{ Resources: { id: string }[] }>().Resources.map((s) => s.id);
    expect(ids).toEqual(['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE]);
    expect((await scim('GET', `/Schemas/${ENTERPRISE}`)).statusCode).toBe(200);
    expect((await scim('GET', '/ResourceTypes/Group')).statusCode).toBe(404);
  });
});

describe('Entra ID: joiner, mover, leaver', () => {
  it('create → internal search finds them → PATCH active "False" → AD disabled → their records are leavers', async () => {
    const tag = uniqueTag();
    // Entra first asks whether the user exists.
    const before = await scim('GET', filterBy('userName', `Test_User_${tag}@agency.example`));
    expect(before.json()).toMatchObject({ totalResults: 0, Resources: [] });

    const { user, mail } = await createEntraUser(tag);
    expect(user).toMatchObject({
      userName: `Test_User_${tag}@agency.example`,
      externalId: `ext-${tag}`,
      active: true,
      emails: [{ value: mail }],
      [ENTERPRISE]: { department: 'Media', employeeNumber: `E-${tag}` },
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);

    // A joiner is found by internal search at once.
    const found = await searchInternal(mail);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<{ data: { mail: string; department: string }[] }>().data).toEqual([
      expect.objectContaining({ mail, department: 'Media' }),
    ]);

    // They sign in (their profile is made from the directory entry) and get access.
    const token = await ctx.tokenFor(mail);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/ValidateNewUser',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const userId = await userIdOf(ctx.db.kysely, mail);
    const record = await buildRecord(ctx.db.kysely, {
      path: await buildPath(ctx.db.kysely),
      user: { userId, email: mail },
      createdBy: await userIdOf(ctx.db.kysely, demo.admin),
    });

    // Entra disables the leaver (the older job's string "False").
    const disabled = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<ScimUser>().active).toBe(false);

    expect((await directoryRow(user.id)).active).toBe(0);
    expect((await searchInternal(mail)).statusCode).not.toBe(200);
    // All User Profiles shows the leaver's profile as 'AD Account Enabled: No'.
    const profiles = await ctx.app.inject({
      method: 'PUT',
      url: '/api/User/GetAllUsers',
      headers: { authorization: `Bearer ${superToken}` },
      payload: { searchCriteria: mail },
    });
    expect(profiles.statusCode, profiles.body).toBe(200);
    expect(profiles.json<{ data: { users: { userId: number; adEnabled: string }[] } }>().data.users).toEqual([
      expect.objectContaining({ userId, adEnabled: 'No' }),
    ]);
    const leavers = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Request/UserRecordsOfADInactiveUsers',
      headers: { authorization: `Bearer ${superToken}` },
      payload: { searchCriteria: mail },
    });
    expect(leavers.statusCode, leavers.body).toBe(200);
    expect(leavers.json<{ data: LeaverRecordList }>().data.records).toEqual([
      expect.objectContaining({ requestId: record.requestId, requestUserEmail: mail }),
    ]);
  });

  it('finds a user by userName (any case) and by externalId', async () => {
    const { tag, user } = await createEntraUser();
    const byName = await scim('GET', filterBy('userName', `test_user_${tag}@AGENCY.example`));
    expect(byName.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });
    const byExternal = await scim('GET', filterBy('externalId', `ext-${tag}`));
    expect(byExternal.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });
    const got = await scim('GET', `/Users/${user.id}`);
    expect(got.json()).toMatchObject({ id: user.id, meta: { resourceType: 'User' } });
  });

  it('applies a mover: Replace with paths, including the enterprise extension and a filtered email', async () => {
    const { tag, user } = await createEntraUser();
    const res = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'title', value: 'Head of Media' },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Finance' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: `joan.moved.${tag}@agency.example` },
        { op: 'Replace', path: 'name.familyName', value: 'Moved' },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+44 7700 900123' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await directoryRow(user.id);
    expect(row).toMatchObject({
      jobTitle: 'Head of Media',
      department: 'Finance',
      mail: `joan.moved.${tag}@agency.example`,
      surname: 'Moved',
      mobilePhone: '+44 7700 900123',
      businessPhone: '+44 20 1234 5678',
      employeeId: `E-${tag}`,
      active: 1,
    });
  });

  it('applies Replace without a path (value object with attribute paths as keys) and sets the manager', async () => {
    const manager = await createEntraUser();
    const { user } = await createEntraUser();
    const res = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'Replace',
          value: {
            displayName: 'Joan Renamed',
            'name.givenName': 'Joanna',
            [`${ENTERPRISE}:employeeNumber`]: '99887766',
          },
        },
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: manager.user.id },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ScimUser>()[ENTERPRISE]).toMatchObject({
      employeeNumber: '99887766',
      manager: { value: manager.user.id },
    });
    expect(await directoryRow(user.id)).toMatchObject({
      displayName: 'Joan Renamed',
      givenName: 'Joanna',
      employeeId: '99887766',
      managerDirectoryId: manager.user.id,
      managerMail: manager.mail,
      managerDisplayName: manager.user.displayName,
    });
  });

  it("accepts a custom extension's attributes and ignores them", async () => {
    const custom = 'urn:ietf:params:scim:schemas:extension:CustomExtensionName:2.0:User';
    const { tag, user } = await createEntraUser();
    const res = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Add', path: `${custom}:CustomAttribute`, value: 'x' },
        { op: 'Replace', value: { [custom]: { CustomAttribute: 'y' }, title: 'Planner' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await directoryRow(user.id)).toMatchObject({ jobTitle: 'Planner', employeeId: `E-${tag}` });
  });

  it('disables with Replace, no path and the value {"active": false}, and enables again', async () => {
    const { user } = await createEntraUser();
    const off = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', value: { active: false } }],
    });
    expect(off.json<ScimUser>().active).toBe(false);
    const on = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(on.json<ScimUser>().active).toBe(true);
    expect((await directoryRow(user.id)).active).toBe(1);
  });

  it('deletes a leaver: SCIM no longer finds them, the directory entry stays disabled, a rehire keeps the id', async () => {
    const { tag, user } = await createEntraUser();
    const res = await scim('DELETE', `/Users/${user.id}`);
    expect(res.statusCode).toBe(204);
    expect((await scim('GET', `/Users/${user.id}`)).statusCode).toBe(404);
    expect((await scim('GET', filterBy('userName', user.userName))).json()).toMatchObject({
      totalResults: 0,
    });
    expect(await directoryRow(user.id)).toMatchObject({ active: 0, isDeleted: 1 });
    expect((await scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(404);

    const again = await scim('POST', '/Users', entraCreate(tag));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<ScimUser>()).toMatchObject({ id: user.id, active: true });
  });

  it('refuses a second user with the same userName or email with 409 uniqueness', async () => {
    const { tag } = await createEntraUser();
    const res = await scim('POST', '/Users', entraCreate(tag));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });
});

describe('Okta', () => {
  it('creates, replaces with PUT, deactivates and reactivates with PATCH', async () => {
    const tag = uniqueTag();
    const created = await scim(
      'POST',
      '/Users',
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: `test.user.${tag}@okta.local`,
        name: { givenName: 'Test', familyName: 'User' },
        emails: [{ primary: true, value: `test.user.${tag}@okta.local`, type: 'work' }],
        displayName: 'Test User',
        locale: 'en-US',
        externalId: '00ujl29u0le5T6Aj10h7',
        groups: [],
        password: '1mz050nq',
        active: true,
      },
      'application/scim+json; charset=utf-8',
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<ScimUser>().id;

    const replaced = await scim('PUT', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id,
      userName: `test.user.${tag}@okta.local`,
      name: { givenName: 'Another', familyName: 'User' },
      emails: [{ primary: true, value: `test.user.${tag}@okta.local`, type: 'work' }],
      displayName: 'Another User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      active: true,
      meta: { resourceType: 'User' },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await directoryRow(id)).toMatchObject({ givenName: 'Another', displayName: 'Another User' });

    const deactivated = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated.json<ScimUser>().active).toBe(false);
    expect((await directoryRow(id)).active).toBe(0);
    const reactivated = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(reactivated.json<ScimUser>().active).toBe(true);
  });

  it("answers Okta's connection test (startIndex=1&count=2) as a list page", async () => {
    const res = await scim('GET', '/Users?startIndex=1&count=2');
    expect(res.statusCode).toBe(200);
    const page = res.json<{
      totalResults: number;
      itemsPerPage: number;
      startIndex: number;
      Resources: ScimUser[];
    }>();
    expect(page).toMatchObject({ startIndex: 1, itemsPerPage: 2 });
    expect(page.totalResults).toBeGreaterThan(2);
    const next = await scim('GET', '/Users?startIndex=3&count=2');
    const nextIds = next.json<{ Resources: ScimUser[] }>().Resources.map((u) => u.id);
    expect(nextIds).toHaveLength(2);
    expect(nextIds).not.toContain(page.Resources[0]!.id);
    expect(nextIds).not.toContain(page.Resources[1]!.id);
    const countOnly = await scim('GET', '/Users?count=0');
    expect(countOnly.json()).toMatchObject({ totalResults: page.totalResults, Resources: [] });
  });
});

describe('errors', () => {
  it('refuses an unsupported filter, an unknown path, a bad email and a missing userName', async () => {
    const filter = await scim('GET', `/Users?filter=${encodeURIComponent('displayName co "Joan"')}`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toMatchObject({ scimType: 'invalidFilter' });

    const { user } = await createEntraUser();
    const path = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'emails[type eq "work"', value: 'x' }],
    });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ scimType: 'invalidPath' });

    const email = await scim('POST', '/Users', {
      ...entraCreate(uniqueTag()),
      emails: [{ value: 'not-an-email' }],
    });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ scimType: 'invalidValue', status: '400' });

    const noName = await scim('POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'] });
    expect(noName.statusCode).toBe(400);
    expect(noName.headers['content-type']).toMatch(/^application\/scim\+json/);

    expect((await scim('GET', '/Users/no-such-id')).statusCode).toBe(404);
  });
});
