import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages } from '@uap/domain';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from '../harness.ts';
import { buildPath, buildRecord, buildUser, userIdOf, type BuiltPath, type BuiltUser } from '../factories.ts';

/**
 * Issue 43 item 10: an additional email is attached by the profile's owner, a super admin, an
 * admin who reaches the person, or a requester for the subject of the request being made (the
 * wizard's 'Add new email': a profile below ADMIN). Removing and deactivating follow the same
 * rule, without the requester case.
 */
let ctx: TestContext;
let sueId: number;
let adminToken: string;
/** In the region admin's market (A) and in another region (B). */
let A: BuiltPath;
let B: BuiltPath;

beforeAll(async () => {
  ctx = await createTestContext();
  const k = ctx.db.kysely;
  sueId = await userIdOf(k, demo.superAdmin);
  A = await buildPath(k);
  B = await buildPath(k);
  adminToken = await appointRegionAdmin(ctx, await buildUser(k), A);
});
afterAll(async () => {
  await ctx.close();
});

const k = () => ctx.db.kysely;
let counter = 0;
const freshEmail = () => `platform.${++counter}.${Date.now()}@partner.example`;

async function as(who: string) {
  return who.includes('@') ? ctx.tokenFor(who) : who;
}

async function send(who: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${await as(who)}` },
  });
  return { status: res.statusCode, body: res.json<{ succeeded: boolean; message: string }>() };
}

const attach = (who: string, userId: number, email = freshEmail()) =>
  send(who, 'POST', '/api/User/SaveAdditionalEmail', { Email: email, UserId: userId }).then((r) => ({
    ...r,
    email,
  }));

const activeEmail = (email: string) =>
  k()
    .selectFrom('userAdditionalEmails')
    .select(['id', 'userId', 'isDeleted'])
    .where('email', '=', email)
    .executeTakeFirst();

/** A person whose only row (a record) lies on `path`. */
async function personOn(path: BuiltPath, o: { roleId?: (typeof Role)[keyof typeof Role] } = {}) {
  const person = await buildUser(k(), o);
  await buildRecord(k(), { path, user: person });
  return person;
}

/** An email on `person`'s profile, added by the super admin. */
async function emailOf(person: BuiltUser) {
  const added = await attach(demo.superAdmin, person.userId);
  expect(added.status, added.body.message).toBe(200);
  return { ...(await activeEmail(added.email))!, email: added.email };
}

describe('POST /api/User/SaveAdditionalEmail', () => {
  it("refuses a standard user on the super admin's profile (or an admin's): 403, nothing stored", async () => {
    const admin = await buildUser(k(), { roleId: Role.ADMIN });
    for (const userId of [sueId, admin.userId]) {
      const res = await attach(demo.standard, userId);
      expect(res.status, res.body.message).toBe(403);
      expect(res.body).toMatchObject({ succeeded: false, message: messages.additionalEmailPrivileged });
      expect(await activeEmail(res.email)).toBeUndefined();
    }
  });

  it("refuses a region admin on the super admin's profile and on another region's admin", async () => {
    const otherAdmin = await personOn(B, { roleId: Role.ADMIN });
    for (const userId of [sueId, otherAdmin.userId]) {
      const res = await attach(adminToken, userId);
      expect(res.status, res.body.message).toBe(403);
      expect(await activeEmail(res.email)).toBeUndefined();
    }
  });

  it('lets the owner, the super admin and a requester for a colleague or guest add one', async () => {
    const sam = await userIdOf(k(), demo.standard);
    const guest = await buildUser(k(), { isInternal: false, userType: 'Guest' });
    const approver = await personOn(B, { roleId: Role.APPROVER });
    for (const [who, userId] of [
      [demo.standard, sam],
      [demo.superAdmin, sueId],
      [demo.standard, guest.userId],
      [demo.standard, approver.userId],
      [adminToken, (await personOn(A)).userId],
    ] as const) {
      const res = await attach(who, userId);
      expect(res.status, `${who} → ${userId}: ${res.body.message}`).toBe(200);
      expect(await activeEmail(res.email)).toMatchObject({ userId, isDeleted: 0 });
    }
  });
});

describe('removing an additional email', () => {
  it('DELETE: a region admin out of scope or on a privileged profile is refused; in scope and the super admin are not', async () => {
    const outside = await emailOf(await personOn(B));
    const sues = await emailOf({ userId: sueId } as BuiltUser);
    for (const [row, message] of [
      [outside, messages.additionalEmailOutsideScope],
      [sues, messages.additionalEmailPrivileged],
    ] as const) {
      const res = await send(adminToken, 'DELETE', `/api/User/AdditionalEmail/${row.id}`);
      expect(res.status, res.body.message).toBe(403);
      expect(res.body.message).toBe(message);
      expect((await activeEmail(row.email))!.isDeleted).toBe(0);
    }
    const inside = await emailOf(await personOn(A));
    expect((await send(adminToken, 'DELETE', `/api/User/AdditionalEmail/${inside.id}`)).status).toBe(200);
    expect((await activeEmail(inside.email))!.isDeleted).toBe(1);
    expect((await send(demo.superAdmin, 'DELETE', `/api/User/AdditionalEmail/${outside.id}`)).status).toBe(
      200,
    );
    // A standard user on someone else's email: 404 as before (nothing learnt).
    const other = await emailOf(await personOn(A));
    expect((await send(demo.standard, 'DELETE', `/api/User/AdditionalEmail/${other.id}`)).status).toBe(404);
  });

  it('PUT DeactivateAdditionalEmail: the same rule', async () => {
    const person = await personOn(B);
    const outside = await emailOf(person);
    const sues = await emailOf({ userId: sueId } as BuiltUser);
    for (const [row, userId] of [
      [outside, person.userId],
      [sues, sueId],
    ] as const) {
      const res = await send(adminToken, 'PUT', '/api/User/DeactivateAdditionalEmail', {
        userId,
        email: row.email,
      });
      expect(res.status, res.body.message).toBe(403);
      expect((await activeEmail(row.email))!.isDeleted).toBe(0);
    }
    const insider = await personOn(A);
    const inside = await emailOf(insider);
    const ok = await send(adminToken, 'PUT', '/api/User/DeactivateAdditionalEmail', {
      userId: insider.userId,
      email: inside.email,
    });
    expect(ok.status, ok.body.message).toBe(200);
    const bySue = await send(demo.superAdmin, 'PUT', '/api/User/DeactivateAdditionalEmail', {
      userId: person.userId,
      email: outside.email,
    });
    expect(bySue.status, bySue.body.message).toBe(200);
  });
});
