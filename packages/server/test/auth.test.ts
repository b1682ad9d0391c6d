import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, importJWK } from 'jose';
import { Role, messages, type RoleId } from '@uap/domain';
import { buildUser } from './factories.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const validate = (token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/User/ValidateNewUser',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

function b64(value: object) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

async function claims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `${ctx.config.publicUrl}/oidc`,
    aud: ctx.config.auth.audience,
    sub: demo.standard,
    email: demo.standard,
    iat: now,
    exp: now + 600,
    ...overrides,
  };
}

describe('token verification', () => {
  it('refuses a call without a token with 401 and the envelope', async () => {
    const res = await validate();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ succeeded: false, message: messages.unauthorized, data: null });
  });

  it('refuses a malformed Authorization header', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/ValidateNewUser',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('accepts a token signed by the embedded provider', async () => {
    const res = await validate(await ctx.tokenFor(demo.standard));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(demo.standard);
  });

  it('refuses an expired token', async () => {
    const res = await validate(await ctx.tokenFor(demo.standard, { expiresInSeconds: -120 }));
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token that was accepted once it has expired (a verified token is kept only until its expiry)', async () => {
    const token = await ctx.tokenFor(demo.standard, { expiresInSeconds: 60 });
    expect((await validate(token)).statusCode).toBe(200);
    expect((await validate(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect((await validate(token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses an unsigned token (alg 'none')", async () => {
    const token = `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(await claims())}.`;
    expect((await validate(token)).statusCode).toBe(401);
  });

  it('refuses a token signed by another key with the same kid', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = ctx.app.signingMaterial!.signingKey.kid;
    const token = await new SignJWT(await claims())
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid })
      .sign(privateKey);
    expect((await validate(token)).statusCode).toBe(401);
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const { n } = ctx.app.signingMaterial!.signingKey;
    const secret = crypto.createHash('sha256').update(String(n)).digest();
    const token = await new SignJWT(await claims())
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(secret);
    expect((await validate(token)).statusCode).toBe(401);
  });

  it('refuses a token for another audience or issuer', async () => {
    const key = await importJWK(ctx.app.signingMaterial!.signingKey, 'RS256');
    const kid = ctx.app.signingMaterial!.signingKey.kid;
    const sign = async (c: object) =>
      new SignJWT({ ...c }).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid }).sign(key);
    expect((await validate(await sign(await claims({ aud: 'api://other' })))).statusCode).toBe(401);
    expect((await validate(await sign(await claims({ iss: 'https://evil.example/oidc' })))).statusCode).toBe(
      401,
    );
  });

  it('refuses a tampered payload', async () => {
    const token = await ctx.tokenFor(demo.standard);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${b64(await claims({ email: demo.superAdmin, sub: demo.superAdmin }))}.${signature}`;
    expect((await validate(forged)).statusCode).toBe(401);
  });

  it('publishes only public keys', async () => {
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    expect((await exportJWK(publicKey)).d).toBeUndefined();
  });
});

describe('POST /api/User/ValidateNewUser', () => {
  it("sends what the user's role may do beyond the menus, for the web to show nothing more", async () => {
    // isReadOnly, exportsTables, opensActivityLogs, readsAsAdmin, administers, actsEverywhere
    const expected: [RoleId, boolean[]][] = [
      [Role.STANDARD, [false, false, false, false, false, false]],
      [Role.APPROVER, [false, true, false, false, false, false]],
      [Role.MASTERAPPROVER, [false, true, false, false, false, false]],
      [Role.PROVISIONER, [false, true, true, false, false, false]],
      [Role.ADMIN, [false, true, true, true, true, false]],
      [Role.AUDITOR, [true, true, true, true, false, false]],
      [Role.SUPERADMIN, [false, true, true, true, true, true]],
    ];
    for (const [roleId, flags] of expected) {
      const user = await buildUser(ctx.db.kysely, { roleId });
      const res = await validate(await ctx.tokenFor(user.email));
      const c = res.json<{ data: { capabilities: Record<string, boolean> } }>().data.capabilities;
      expect(
        [c.isReadOnly, c.exportsTables, c.opensActivityLogs, c.readsAsAdmin, c.administers, c.actsEverywhere],
        `role ${roleId}`,
      ).toEqual(flags);
    }
  });

  it('returns the profile with its role for an existing user', async () => {
    const res = await validate(await ctx.tokenFor(demo.approver));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      succeeded: true,
      data: { email: demo.approver, roleId: 2, role: { roleId: 2, description: 'Approver' } },
    });
  });

  it('creates the profile of a first sign-in from the directory, once', async () => {
    const entry = await ctx.db.kysely
      .selectFrom('directoryUsers')
      .leftJoin('users', 'users.email', 'directoryUsers.mail')
      .select(['directoryUsers.mail', 'directoryUsers.givenName', 'directoryUsers.surname'])
      .where('users.userId', 'is', null)
      .where('directoryUsers.active', '=', 1)
      .where('directoryUsers.userType', '=', 'Member')
      .where('directoryUsers.mail', 'is not', null)
      .executeTakeFirstOrThrow();
    const email = entry.mail!;
    const token = await ctx.tokenFor(email);
    const [first, second] = await Promise.all([validate(token), validate(token)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      email,
      roleId: 1,
      name: entry.givenName,
      lastName: entry.surname,
      isInternal: true,
    });
    expect(second.json().data.userId).toBe(first.json().data.userId);
    const rows = await ctx.db.kysely
      .selectFrom('users')
      .select('userId')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
