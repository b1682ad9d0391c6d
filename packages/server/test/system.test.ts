import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('operations endpoints', () => {
  it('reports health with a database check', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      succeeded: true,
      message: '',
      data: { status: 'ok', database: 'ok', version: 'v.2.80' },
    });
  });

  it('documents every API route in OpenAPI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    const apiRoutes = ctx.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .map((r) => r.url.replace(/:(\w+)/g, '{$1}'));
    expect(apiRoutes.filter((url) => !paths.includes(url))).toEqual([]);
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/NoSuchThing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ succeeded: false });
  });

  it('publishes the SPA configuration without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().data).toMatchObject({
      authority: `${ctx.config.publicUrl}/oidc`,
      clientId: 'uap-web',
      env: 'local',
    });
  });

  it('answers a malformed JSON body with 400 and the envelope', async () => {
    const token = await ctx.tokenFor('sam.standard@agency.example');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/MasterDataRequest',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"MasterDataType":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ succeeded: false });
  });
});

describe('embedded identity provider', () => {
  it('publishes its discovery document under /oidc', async () => {
    const { host } = new URL(ctx.config.publicUrl);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      issuer: string;
      authorization_endpoint: string;
      code_challenge_methods_supported: string[];
    }>();
    expect(doc.issuer).toBe(`${ctx.config.publicUrl}/oidc`);
    expect(doc.authorization_endpoint).toBe(`${ctx.config.publicUrl}/oidc/auth`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('publishes only public signing keys', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/oidc/jwks' });
    const { keys } = res.json<{ keys: Record<string, unknown>[] }>();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.d).toBeUndefined();
      expect(key.p).toBeUndefined();
    }
  });

  it('does not run when an external issuer is configured', async () => {
    const external = await createTestContext({ AUTH_ISSUER: 'https://login.example.com/tenant/v2.0' });
    try {
      const res = await external.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
      expect(res.statusCode).toBe(404);
      const config = await external.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().data.authority).toBe('https://login.example.com/tenant/v2.0');
    } finally {
      await external.close();
    }
  });
});
