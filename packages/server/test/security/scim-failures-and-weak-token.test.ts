import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createTestContext, type TestContext } from '../harness.ts';

/**
 * Issue 43 item 12: failed SCIM calls (a wrong bearer token) were not throttled, and any
 * non-empty SCIM_TOKEN was accepted. Failures are now counted per client address (as failed
 * sign-ins are), and outside UAP_ENV=local a SCIM token shorter than 32 characters stops the
 * server at start-up with one line saying why.
 */

const SECRET = 'scim-failures-test-secret-9f3b1c7d2e';
const FAILURES = 3;
const serverDir = path.resolve(import.meta.dirname, '../..');

describe('failed SCIM calls', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SCIM_TOKEN: SECRET, RATE_LIMIT_SIGNIN_FAILURES: String(FAILURES) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const users = (token: string, remoteAddress: string, forwardedFor?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/scim/v2/Users?count=1',
      remoteAddress,
      headers: {
        authorization: `Bearer ${token}`,
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
    });

  it('are refused with 429 per address once the failures allowed are used, the right token too', async () => {
    const address = '198.51.100.201';
    for (let i = 0; i < FAILURES; i += 1) {
      const res = await users(`guess-${i}`, address, `203.0.113.${i}`);
      expect(res.statusCode, res.body).toBe(401);
    }
    const refused = await users('guess-again', address, '203.0.113.99');
    expect(refused.statusCode, refused.body).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(refused.headers['content-type']).toContain('application/scim+json');
    expect(refused.json()).toMatchObject({ status: '429', detail: messages.tooManyRequests(retryAfter) });
    // Guessing is refused whatever the answer would be.
    expect((await users(SECRET, address)).statusCode).toBe(429);

    // The identity provider at another address goes on; a wrong token there is still a 401.
    expect((await users(SECRET, '198.51.100.202')).statusCode).toBe(200);
    expect((await users('guess', '198.51.100.203')).statusCode).toBe(401);
  });

  it('a right token is never counted', async () => {
    for (let i = 0; i < FAILURES + 2; i += 1) {
      expect((await users(SECRET, '198.51.100.210')).statusCode).toBe(200);
    }
  });
});

describe('a weak SCIM_TOKEN', () => {
  const prod = { UAP_ENV: 'prod', AUTH_ISSUER: 'https://login.example.com/t/v2.0' };

  it.each(['prod', 'qa', 'dev'])('outside local (%s) a token under 32 characters refuses to start', (env) => {
    const settings = { ...prod, UAP_ENV: env, SCIM_TOKEN: 'x'.repeat(31) };
    expect(() => loadConfig(settings)).toThrow(ConfigError);
    expect(() => loadConfig(settings)).toThrow(/^Refusing to start: SCIM_TOKEN has 31 characters/);
  });

  it('32 characters or more start, and in local any token does', () => {
    expect(loadConfig({ ...prod, SCIM_TOKEN: 'x'.repeat(32) }).scimToken).toBe('x'.repeat(32));
    expect(loadConfig({ SCIM_TOKEN: 'short' }).scimToken).toBe('short');
    expect(loadConfig(prod).scimToken).toBeNull();
  });

  it('start-up prints one line saying why it refused', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      // A database nobody listens on: a server that did not refuse would fail there, not serve.
      env: {
        ...process.env,
        ...prod,
        SCIM_TOKEN: 'letmein',
        DATABASE_URL: 'postgres://uap@127.0.0.1:1/none',
      },
      encoding: 'utf8',
      // Loading the whole server takes a while on a busy machine; the refusal comes first after it.
      timeout: 90_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Refusing to start: SCIM_TOKEN has 7 characters.*32/),
    ]);
  }, 120_000);
});
