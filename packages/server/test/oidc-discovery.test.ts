import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const authorize = (params: Record<string, string>) =>
  ctx.app.inject({
    method: 'GET',
    url: `/oidc/auth?${new URLSearchParams({
      client_id: ctx.config.auth.clientId,
      redirect_uri: `${ctx.config.publicUrl}/signin-callback`,
      scope: 'openid',
      ...params,
    }).toString()}`,
  });

describe('the embedded provider offers only the authorization code flow with PKCE', () => {
  it('advertises response type code and PKCE S256 only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Record<string, unknown>>();
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.grant_types_supported).not.toContain('implicit');
  });

  it.each(['id_token', 'code id_token', 'id_token token'])('refuses response_type=%s', async (type) => {
    const res = await authorize({
      response_type: type,
      nonce: 'n',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/error=unsupported_response_type/);
  });

  it('refuses a code request without a PKCE challenge', async () => {
    const res = await authorize({ response_type: 'code' });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/requires PKCE/);
  });

  it('starts the sign-in for a code request with PKCE', async () => {
    const res = await authorize({
      response_type: 'code',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/signin\//);
  });
});
