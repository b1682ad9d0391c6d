import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** `npm run token` as a person runs it, against this test's database. */
function tokenCli(env: Record<string, string>) {
  const { AUTH_ISSUER: _issuer, PUBLIC_URL: _url, ...inherited } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/auth/token-cli.ts', demo.standard], {
    cwd: serverDir,
    env: { ...inherited, DATABASE_URL: ctx.config.databaseUrl, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(0);
  return run.stdout.trim();
}

const validate = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/User/ValidateNewUser',
    headers: { authorization: `Bearer ${token}` },
  });

describe('npm run token', () => {
  it('gives a token this server accepts when PORT matches', async () => {
    const res = await validate(tokenCli({ PORT: '3999' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(demo.standard);
  });

  it('with the wrong PORT, the API says the issuer does not match instead of "not signed in"', async () => {
    const res = await validate(tokenCli({ PORT: '3001' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      succeeded: false,
      message: messages.tokenIssuerMismatch('http://127.0.0.1:3001/oidc', 'http://127.0.0.1:3999/oidc'),
      data: null,
    });
    expect(res.json().message).toMatch(
      /^The token's issuer http:\/\/127\.0\.0\.1:3001\/oidc does not match this server's issuer http:\/\/127\.0\.0\.1:3999\/oidc/,
    );
  });
});
