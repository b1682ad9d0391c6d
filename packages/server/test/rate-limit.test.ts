import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { ConfigError, loadConfig } from '../src/config.ts';
import { LocalSignInFailures } from '../src/auth/sign-in-limit.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';

const LIMIT = 5;

describe('API rate limit per person', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_API_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const profile = (token: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/User/ValidateNewUser',
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  it('answers 429 in the envelope with Retry-After once a person used their calls of the minute', async () => {
    const token = await ctx.tokenFor(demo.standard);
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await profile(token)).statusCode).toBe(200);
    }
    const refused = await profile(token);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      succeeded: false,
      message: messages.tooManyRequests(retryAfter),
      data: null,
    });
    // Another person has their own count.
    expect((await profile(await ctx.tokenFor(demo.approver))).statusCode).toBe(200);
  });

  it('a forged X-Forwarded-For does not reset the count of a client without a token', async () => {
    const health = (forwardedFor: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await health(`203.0.113.${i}`)).statusCode).toBe(200);
    }
    const refused = await health('203.0.113.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().succeeded).toBe(false);
    // Someone else (another socket address) is not affected.
    const other = await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.8' });
    expect(other.statusCode).toBe(200);
  });

  it('a token that does not verify is refused with 401 and gets no count of its own', async () => {
    const res = await profile('not-a-token');
    expect(res.statusCode).toBe(401);
  });
});

describe('behind a proxy named in TRUST_PROXY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_API_PER_MINUTE: String(LIMIT), TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const viaProxy = (forwardedFor: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the client the proxy saw, whatever the client put in front of it', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await viaProxy(`192.0.2.${i}, 198.51.100.20`)).statusCode).toBe(200);
    }
    expect((await viaProxy('192.0.2.99, 198.51.100.20')).statusCode).toBe(429);
    // A different client behind the same proxy has its own count.
    expect((await viaProxy('198.51.100.21')).statusCode).toBe(200);
  });
});

describe('failed sign-ins on the embedded provider', () => {
  const FAILURES = 3;
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_SIGNIN_FAILURES: String(FAILURES) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Starts an authorization request: the sign-in page's uid and the interaction cookies. */
  async function startSignIn() {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/oidc/auth?${new URLSearchParams({
        client_id: ctx.config.auth.clientId,
        redirect_uri: `${ctx.config.publicUrl}/signin-callback`,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString()}`,
    });
    expect(res.statusCode).toBe(303);
    const uid = /^\/signin\/([^/?]+)/.exec(res.headers.location as string)![1]!;
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return { uid, cookie };
  }

  async function signIn(email: string, remoteAddress: string, forwardedFor?: string) {
    const { uid, cookie } = await startSignIn();
    return ctx.app.inject({
      method: 'POST',
      url: `/signin/${uid}`,
      remoteAddress,
      headers: {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      payload: new URLSearchParams({ email }).toString(),
    });
  }

  it('refuses a client address after the failures allowed, even with a forged X-Forwarded-For or a real account', async () => {
    for (let i = 0; i < FAILURES; i += 1) {
      const res = await signIn(`nobody${i}@agency.example`, '198.51.100.30', `203.0.113.${i}`);
      expect(res.statusCode).toBe(400);
    }
    const refused = await signIn('nobody-else@agency.example', '198.51.100.30', '203.0.113.77');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(refused.body).toContain(messages.tooManySignIns(15));
    // Guessing is refused whatever the answer would be: a real account gets the same 429.
    expect((await signIn(demo.standard, '198.51.100.30')).statusCode).toBe(429);
    // Another address signs in.
    const other = await signIn(demo.standard, '198.51.100.31');
    expect(other.statusCode).toBe(303);
  });

  it('refuses an account after the failures allowed, from any address', async () => {
    for (let i = 0; i < FAILURES; i += 1) {
      expect((await signIn('ghost@agency.example', `198.51.100.${40 + i}`)).statusCode).toBe(400);
    }
    expect((await signIn('ghost@agency.example', '198.51.100.50')).statusCode).toBe(429);
  });

  it('never counts successful sign-ins', async () => {
    for (let i = 0; i < FAILURES + 2; i += 1) {
      expect((await signIn(demo.approver, '198.51.100.60')).statusCode).toBe(303);
    }
  });
});

describe('rate-limit settings', () => {
  it('defaults: 600 API calls a minute, 10 failed sign-ins in 15 minutes, shared, no proxy trusted', () => {
    const config = loadConfig({});
    expect(config.rateLimit).toEqual({
      apiPerMinute: 600,
      signInFailures: 10,
      signInWindowMinutes: 15,
      isShared: true,
    });
    expect(config.trustProxy).toEqual([]);
  });

  it('reads TRUST_PROXY as a comma-separated list and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ RATE_LIMIT_API_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_API_PER_MINUTE/);
  });

  it('a failure window ends', async () => {
    let now = 0;
    const failures = new LocalSignInFailures(2, 60_000, () => now);
    await failures.recordFailure(['a']);
    await failures.recordFailure(['a']);
    expect(await failures.retryAfter(['a', 'b'])).toBe(60);
    now = 59_000;
    expect(await failures.retryAfter(['b', 'a'])).toBe(1);
    now = 60_000;
    expect(await failures.retryAfter(['a'])).toBeNull();
  });
});
