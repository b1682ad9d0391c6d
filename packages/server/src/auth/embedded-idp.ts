import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { hasNul, messages, roleDescriptions } from '@uap/domain';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { publicAccess } from '../http/access.ts';
import {
  findDirectoryAccount,
  findDirectoryAccountById,
  findDirectoryAccounts,
  type DirectoryAccount,
} from '../directory/account-queries.ts';
import type { SigningMaterial } from './keys.ts';
import { kyselyAdapterFactory } from './oidc-adapter.ts';
import { demoAccounts } from './demo-accounts.ts';
import type { SignInFailures } from './sign-in-limit.ts';
import { renderLoggedOutPage, renderLogoutPage, renderSignInPage } from './sign-in-page.ts';

export const EMBEDDED_PATH = '/oidc';
export const RESOURCE_SCOPE = 'uap.access';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** Claims every access token of ours carries, from the embedded provider or the token CLI. */
export function accountClaims(account: DirectoryAccount) {
  return { email: account.mail, name: account.displayName };
}

/**
 * The embedded OpenID Connect provider (oidc-provider): the demo directory's sign-in, used
 * only when no external issuer is configured.
 */
export function createEmbeddedProvider(config: Config, db: Db, keys: SigningMaterial): Provider {
  if (!config.auth.demoSignIn) {
    throw new Error(
      'The embedded password-less sign-in is not allowed in this environment (UAP_DEMO_SIGNIN)',
    );
  }
  const issuer = `${config.publicUrl}${EMBEDDED_PATH}`;
  const audience = config.auth.audience;
  const redirectOrigins = [config.publicUrl, 'http://127.0.0.1:5173', 'http://localhost:5173'];
  const configuration: Configuration = {
    adapter: kyselyAdapterFactory(db),
    clients: [
      {
        client_id: config.auth.clientId,
        client_name: 'UAP',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectOrigins.map((o) => `${o}/signin-callback`),
        post_logout_redirect_uris: redirectOrigins.map((o) => `${o}/`),
      },
    ],
    jwks: { keys: [keys.signingKey] },
    cookies: { keys: keys.cookieKeys, long: { signed: true }, short: { signed: true } },
    // Authorization code with PKCE only: no implicit or hybrid flow is offered or advertised.
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    // Cross-origin calls (the dev server's SPA) only from the origins our client redirects to.
    clientBasedCORS: (_ctx, origin) => redirectOrigins.includes(origin),
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = renderLoggedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: RESOURCE_SCOPE,
          audience,
          accessTokenFormat: 'jwt',
          accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    // Our own SPA is first-party: refresh tokens without the offline_access consent dance.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // First-party client: grant the requested scopes without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) {
        return undefined;
      }
      const grantId = session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) {
        return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(audience, RESOURCE_SCOPE);
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    extraTokenClaims: async (_ctx, token) => {
      if (!('accountId' in token) || typeof token.accountId !== 'string') {
        return undefined;
      }
      const account = await findDirectoryAccountById(db, token.accountId);
      return account ? accountClaims(account) : undefined;
    },
    findAccount: async (_ctx, sub) => {
      const account = await findDirectoryAccountById(db, sub);
      if (!account) {
        return undefined;
      }
      return { accountId: sub, claims: () => ({ sub, ...accountClaims(account) }) };
    },
    interactions: { url: (_ctx, interaction) => `/signin/${interaction.uid}` },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${escapeHtml(
        String(out.error_description ?? out.error),
      )}</p><p><a href="/">Back to UAP</a></p>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  // Believe X-Forwarded-Proto/Host only when the operator named the proxies in front of us.
  provider.proxy = config.trustProxy.length > 0;
  return provider;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Mounts the provider at /oidc and the sign-in pages at /signin/:uid on the Fastify app; failed
 * sign-ins are limited per account and per client address.
 */
export async function registerEmbeddedProvider(
  app: FastifyInstance,
  provider: Provider,
  db: Db,
  failures: SignInFailures,
) {
  const callback = provider.callback();
  await app.register(
    (scope, _opts, done) => {
      // The provider reads its own request bodies: leave the stream untouched.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, next) => next(null));
      scope.route({
        method: ['GET', 'POST', 'OPTIONS', 'HEAD'],
        url: '/*',
        config: { access: publicAccess },
        schema: { hide: true },
        handler: (request, reply) => {
          reply.hijack();
          // Strip the mount path as an Express mount would; oidc-provider reads originalUrl
          // to put the mount path back into the URLs it publishes.
          const raw = request.raw as typeof request.raw & { originalUrl?: string };
          raw.originalUrl = raw.url;
          raw.url = raw.url?.slice(EMBEDDED_PATH.length) || '/';
          void callback(request.raw, reply.raw);
        },
      });
      done();
    },
    { prefix: EMBEDDED_PATH },
  );

  await app.register((scope, _opts, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, next) => next(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.get<{ Params: { uid: string } }>(
      '/signin/:uid',
      { config: { access: publicAccess }, schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return sendHtml(reply, renderSignInPage({ uid: details.uid, accounts: await demoAccountRows(db) }));
      },
    );
    scope.post<{ Params: { uid: string }; Body: { email?: string } }>(
      '/signin/:uid',
      { config: { access: publicAccess }, schema: { hide: true } },
      async (request: FastifyRequest<{ Params: { uid: string }; Body: { email?: string } }>, reply) => {
        const email = (request.body?.email ?? '').trim().toLowerCase();
        const keys = [`account:${email}`, `ip:${request.ip}`];
        const wait = await failures.retryAfter(keys);
        if (wait !== null) {
          reply.code(429).header('retry-after', String(wait));
          return sendHtml(
            reply,
            renderSignInPage({
              uid: request.params.uid,
              accounts: await demoAccountRows(db),
              error: messages.tooManySignIns(Math.ceil(wait / 60)),
            }),
          );
        }
        const details = await provider.interactionDetails(request.raw, reply.raw);
        // No account's email holds U+0000 (and PostgreSQL cannot bind it).
        const account = email && !hasNul(email) ? await findDirectoryAccount(db, email) : undefined;
        if (!account) {
          await failures.recordFailure(keys);
          reply.code(400);
          return sendHtml(
            reply,
            renderSignInPage({
              uid: details.uid,
              accounts: await demoAccountRows(db),
              error: 'No active account with that email in the directory.',
            }),
          );
        }
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: account.directoryId } },
          { mergeWithLastSubmission: false },
        );
      },
    );
    done();
  });
}

function sendHtml(reply: FastifyReply, html: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
    .send(html);
}

async function demoAccountRows(db: Db) {
  const present = new Set(
    (
      await findDirectoryAccounts(
        db,
        demoAccounts.map((a) => a.email),
      )
    ).map((a) => a.mail),
  );
  return demoAccounts
    .filter((a) => present.has(a.email))
    .map((a) => ({ email: a.email, name: a.name, role: roleDescriptions[a.roleId] }));
}
