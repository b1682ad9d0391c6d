import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages } from '@uap/domain';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from '../harness.ts';
import { buildPath, buildRequest, buildUser, uniqueTag, userIdOf, type BuiltPath } from '../factories.ts';

/**
 * Issue 43, finding 1: an administrator changed the primary email of any profile (the super
 * administrator's among them) with PUT api/User, and whoever signed in with the new address
 * became that profile. Now a profile is bound to the identity that first signed in with it, only
 * a super administrator edits profiles of ADMIN or above, an administrator only profiles wholly
 * inside her region and market, and every refusal is logged.
 */
let ctx: TestContext;
const logLines: string[] = [];
let regionAdminToken: string;
let inside: BuiltPath;
let outside: BuiltPath;

/** A directory member nobody has signed in as yet (no profile): an address an attacker holds. */
async function directoryMember(): Promise<string> {
  const tag = uniqueTag();
  const mail = `new.address.${tag}@agency.example`;
  await ctx.db.kysely
    .insertInto('directoryUsers')
    .values({
      directoryId: `00000000-mail-${tag}`,
      mail,
      userPrincipalName: mail,
      displayName: `New Address ${tag}`,
      givenName: 'New',
      surname: `Address ${tag}`,
      userType: 'Member',
      active: 1,
    })
    .execute();
  return mail;
}

async function call(token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
}

async function profileOf(userId: number) {
  return ctx.db.kysely
    .selectFrom('users')
    .select(['email', 'roleId', 'name'])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
}

const editBody = (p: { userId: number; email: string; name: string; lastName: string }, change: object) => ({
  isProfileEdit: true,
  userId: p.userId,
  Name: p.name,
  LastName: p.lastName,
  Email: p.email,
  Title: '',
  Organization: '',
  Department: '',
  LocationCountry: '',
  OfficeNumber: '+49 30 1234',
  EmployeeId: '',
  ...change,
});

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  ctx = await createTestContext({}, { logger: { level: 'warn', stream: sink } });
  const k = ctx.db.kysely;
  inside = await buildPath(k);
  outside = await buildPath(k);
  regionAdminToken = await appointRegionAdmin(ctx, await buildUser(k), inside);
});
afterAll(async () => {
  await ctx.close();
});

describe("a region admin and the super administrator's profile", () => {
  it("cannot move the super administrator's profile to an address she holds", async () => {
    const sueId = await userIdOf(ctx.db.kysely, demo.superAdmin);
    const sueToken = await ctx.tokenFor(demo.superAdmin);
    expect((await call(sueToken, 'GET', '/api/User/GetSuperAdmins')).statusCode).toBe(200);
    const sue = await ctx.db.kysely
      .selectFrom('users')
      .select(['userId', 'email', 'name', 'lastName'])
      .where('userId', '=', sueId)
      .executeTakeFirstOrThrow();
    const stolen = await directoryMember();

    const res = await call(regionAdminToken, 'PUT', '/api/User', editBody(sue, { Email: stolen }));

    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(messages.profileEditSuperAdminOnly);
    expect((await profileOf(sueId)).email).toBe(demo.superAdmin);
    // The address she holds is nobody's profile; Sue keeps hers.
    const thief = await call(await ctx.tokenFor(stolen), 'GET', '/api/User/GetSuperAdmins');
    expect(thief.statusCode).toBe(403);
    expect((await call(sueToken, 'GET', '/api/User/GetSuperAdmins')).statusCode).toBe(200);
    expect(logLines.some((l) => l.includes('refused 403') && l.includes('/api/User'))).toBe(true);
  });

  it("cannot change any field of another administrator's or the auditor's profile", async () => {
    for (const email of [demo.admin, demo.auditor]) {
      const userId = await userIdOf(ctx.db.kysely, email);
      const p = await ctx.db.kysely
        .selectFrom('users')
        .select(['userId', 'email', 'name', 'lastName'])
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      const res = await call(regionAdminToken, 'PUT', '/api/User', editBody(p, { Name: 'Renamed' }));
      expect(res.statusCode, res.body).toBe(403);
      expect((await profileOf(userId)).name).toBe(p.name);
    }
  });
});

describe('a region admin edits only profiles wholly inside her region and market', () => {
  it('refuses a colleague with a request line elsewhere, accepts one whose lines are all inside', async () => {
    const k = ctx.db.kysely;
    const far = await buildUser(k);
    await buildRequest(k, { path: inside, user: far });
    await buildRequest(k, { path: outside, user: far });
    const near = await buildUser(k);
    await buildRequest(k, { path: inside, user: near });

    const refused = await call(regionAdminToken, 'PUT', '/api/User', editBody(far, { Name: 'Renamed' }));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(messages.profileOutsideAdminScope);
    expect((await profileOf(far.userId)).name).toBe(far.name);

    const done = await call(regionAdminToken, 'PUT', '/api/User', editBody(near, { Name: 'Renamed' }));
    expect(done.statusCode, done.body).toBe(200);
    expect((await profileOf(near.userId)).name).toBe('Renamed');
  });

  it('refuses to delete a colleague who requested access elsewhere', async () => {
    const k = ctx.db.kysely;
    const requester = await buildUser(k);
    const subject = await buildUser(k);
    await buildRequest(k, { path: outside, user: subject, createdBy: requester.userId });
    const res = await call(regionAdminToken, 'GET', `/api/User/deleteUser/${requester.userId}`);
    expect(res.statusCode, res.body).toBe(403);
    const row = await k
      .selectFrom('users')
      .select('isDeleted')
      .where('userId', '=', requester.userId)
      .executeTakeFirstOrThrow();
    expect(row.isDeleted).toBe(0);
  });
});

describe('a profile is bound to the identity that first signed in with it', () => {
  it('an email moved onto a signed-in profile does not hand the profile to the new address', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const ownToken = await ctx.tokenFor(approver.email);
    expect((await call(ownToken, 'POST', '/api/User/ValidateNewUser')).statusCode).toBe(200);
    const other = await directoryMember();
    // Whatever moved the address (a database edit, an import), the profile stays its owner's.
    await k.updateTable('users').set({ email: other }).where('userId', '=', approver.userId).execute();

    const intruder = await call(await ctx.tokenFor(other), 'POST', '/api/User/ValidateNewUser');
    expect(intruder.statusCode, intruder.body).toBe(403);
    expect(intruder.json().message).toBe(messages.profileBoundToAnotherIdentity);
    const owner = await call(ownToken, 'POST', '/api/User/ValidateNewUser');
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().data).toMatchObject({ userId: approver.userId, roleId: Role.APPROVER });
  });

  it("a super administrator's change of a primary email moves the profile to the new address (the spec's rule)", async () => {
    const k = ctx.db.kysely;
    const member = await buildUser(k);
    const oldToken = await ctx.tokenFor(member.email);
    expect((await call(oldToken, 'POST', '/api/User/ValidateNewUser')).statusCode).toBe(200);
    const moved = await directoryMember();

    const res = await call(
      await ctx.tokenFor(demo.superAdmin),
      'PUT',
      '/api/User',
      editBody(member, { Email: moved }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const signIn = await call(await ctx.tokenFor(moved), 'POST', '/api/User/ValidateNewUser');
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().data.userId).toBe(member.userId);
  });
});
