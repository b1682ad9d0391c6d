import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { createTestContext, type TestContext } from '../harness.ts';
import { buildUser } from '../factories.ts';

/**
 * Issue 43 item 11: calls refused with 401 were never rate limited (the auth hook refused them
 * before the limit counted), and the limit was per token, so a fresh token started a new count.
 * Now refused calls count against the caller's address (against the person once their token
 * verified), and a verified caller is counted as a person, whatever token they present.
 */

const LIMIT = 5;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_API_PER_MINUTE: String(LIMIT) });
});
afterAll(async () => {
  await ctx.close();
});

const call = (remoteAddress: string, token?: string, url = '/api/User/ValidateNewUser') =>
  ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('calls refused with 401', () => {
  it('count against the address: a bad token, or none, is refused with 429 once the minute is used', async () => {
    const address = '198.51.100.101';
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await call(address, i % 2 === 0 ? `forged-${i}` : undefined);
      expect(res.statusCode, res.body).toBe(401);
    }
    const refused = await call(address, 'forged-again');
    expect(refused.statusCode, refused.body).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      succeeded: false,
      message: messages.tooManyRequests(retryAfter),
      data: null,
    });
    expect((await call(address)).statusCode).toBe(429);

    // Another address is still answered 401; a signed-in person at this address is counted as themselves.
    expect((await call('198.51.100.102', 'forged')).statusCode).toBe(401);
    const person = await buildUser(ctx.db.kysely, {});
    expect((await call(address, await ctx.tokenFor(person.email))).statusCode).toBe(200);
  });
});

describe('a verified caller', () => {
  it('is counted as a person: a fresh token does not start a new count', async () => {
    const person = await buildUser(ctx.db.kysely, {});
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await call('198.51.100.111', await ctx.tokenFor(person.email))).statusCode).toBe(200);
    }
    // A fresh token, from another address: the same person, the same count.
    const refused = await call('198.51.100.112', await ctx.tokenFor(person.email));
    expect(refused.statusCode, refused.body).toBe(429);
    // Another person has their own count, from the same address too.
    const other = await buildUser(ctx.db.kysely, {});
    expect((await call('198.51.100.111', await ctx.tokenFor(other.email))).statusCode).toBe(200);
  });

  it('is counted for calls refused with 403 too', async () => {
    const person = await buildUser(ctx.db.kysely, {});
    const adminOnly = '/api/User/GetSuperAdmins';
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: adminOnly,
        remoteAddress: '198.51.100.121',
        headers: { authorization: `Bearer ${await ctx.tokenFor(person.email)}` },
      });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await call('198.51.100.122', await ctx.tokenFor(person.email))).statusCode).toBe(429);
  });
});
