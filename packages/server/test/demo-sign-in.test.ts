import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestContext, demo } from './harness.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

describe('the embedded password-less sign-in outside local', () => {
  it.each(['prod', 'qa', 'dev'])('refuses UAP_ENV=%s without AUTH_ISSUER', (env) => {
    expect(() => loadConfig({ UAP_ENV: env })).toThrow(ConfigError);
    expect(() => loadConfig({ UAP_ENV: env })).toThrow(/Refusing to start: UAP_ENV=\w+ has no AUTH_ISSUER/);
  });

  it('runs in local, and elsewhere with an external issuer or UAP_DEMO_SIGNIN=allow', () => {
    expect(loadConfig({}).auth.demoSignIn).toBe(true);
    expect(loadConfig({ UAP_ENV: 'prod', UAP_DEMO_SIGNIN: 'allow' }).auth.demoSignIn).toBe(true);
    const external = loadConfig({ UAP_ENV: 'prod', AUTH_ISSUER: 'https://login.example.com/t/v2.0' });
    expect(external.auth.demoSignIn).toBe(false);
  });

  it('accepts only allow as the setting', () => {
    expect(() => loadConfig({ UAP_ENV: 'prod', UAP_DEMO_SIGNIN: 'yes' })).toThrow(
      /UAP_DEMO_SIGNIN must be 'allow'/,
    );
  });

  // Loading the server through tsx takes several seconds, many more on a loaded 2-core machine.
  it('start-up prints one line saying why it refused', { timeout: 90_000 }, () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        UAP_ENV: 'prod',
        AUTH_ISSUER: '',
        UAP_DEMO_SIGNIN: '',
        UAP_DATA_DIR: '/nonexistent',
      },
      encoding: 'utf8',
      timeout: 80_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Refusing to start: UAP_ENV=prod has no AUTH_ISSUER.*UAP_DEMO_SIGNIN=allow/),
    ]);
  });

  it('with UAP_DEMO_SIGNIN=allow the app serves the sign-in and accepts its tokens', async () => {
    const ctx = await createTestContext({ UAP_ENV: 'prod', UAP_DEMO_SIGNIN: 'allow' });
    try {
      const discovery = await ctx.app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
      });
      expect(discovery.statusCode).toBe(200);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/User/ValidateNewUser',
        headers: { authorization: `Bearer ${await ctx.tokenFor(demo.standard)}` },
      });
      expect(res.statusCode).toBe(200);
      const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().data.env).toBe('prod');
    } finally {
      await ctx.close();
    }
  });
});
