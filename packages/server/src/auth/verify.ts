import crypto from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Config } from '../config.ts';
import { EMBEDDED_PATH, RESOURCE_SCOPE, ACCESS_TOKEN_TTL_SECONDS } from './embedded-idp.ts';
import { publicJwk, type SigningMaterial } from './keys.ts';
import { ExpiringMap } from '../expiring-map.ts';

/** Who a verified token speaks for. */
export interface Identity {
  email: string;
  /** The issuer and its stable subject (`sub`): what a profile is bound to (users.identity_*). */
  issuer: string;
  subject: string;
  name: string | null;
}

/** A token signed with our key but for another issuer (typically another PORT or PUBLIC_URL). */
export class IssuerMismatchError extends Error {
  constructor(
    readonly tokenIssuer: string,
    readonly expectedIssuer: string,
  ) {
    super(`token issuer ${tokenIssuer} is not ${expectedIssuer}`);
    this.name = 'IssuerMismatchError';
  }
}

export type VerifyToken = (token: string) => Promise<Identity>;

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384'];

/** Tokens kept as verified (the oldest goes first), and for how long at most. */
const VERIFIED_TOKENS = 10_000;
const VERIFIED_TOKEN_MS = 5 * 60_000;

export function embeddedIssuer(config: Config): string {
  return `${config.publicUrl}${EMBEDDED_PATH}`;
}

/**
 * Verifies bearer tokens: signature against the issuer's keys (asymmetric algorithms only, so
 * `alg: none` and HS/RS confusion fail), issuer, audience and expiry. A token that passed is
 * kept as verified until its expiry (at most VERIFIED_TOKEN_MS).
 */
export function createVerifier(config: Config, keys: SigningMaterial | null): VerifyToken {
  let issuer: string;
  let getKey: JWTVerifyGetKey;
  let typ: string | undefined;
  if (config.auth.issuer) {
    issuer = config.auth.issuer;
    getKey = lazyRemoteKeys(issuer);
  } else {
    if (!keys) {
      throw new Error('The embedded identity provider needs its signing keys');
    }
    issuer = embeddedIssuer(config);
    getKey = createLocalJWKSet({ keys: [publicJwk(keys.signingKey)] });
    typ = 'at+jwt';
  }
  const verified = new ExpiringMap<string, Identity>(VERIFIED_TOKENS);
  return async (token) => {
    const known = verified.get(token);
    if (known) {
      return known;
    }
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer,
        audience: config.auth.audience,
        algorithms: ASYMMETRIC,
        requiredClaims: ['exp', 'sub'],
        typ,
      });
      const identity = identityOf(payload);
      // An RSA signature check costs the one thread's time on every call: the same
      // token (same text, so same signature) is taken as verified until it expires, for at most
      // VERIFIED_TOKEN_MS. It passed its not-before already, and time only moves on.
      verified.set(token, identity, Math.min((payload.exp ?? 0) * 1000, Date.now() + VERIFIED_TOKEN_MS));
      return identity;
    } catch (error) {
      // The signature was valid (jose checks it first): say which issuer, not just 'signed out'.
      if (
        error instanceof errors.JWTClaimValidationFailed &&
        error.claim === 'iss' &&
        typeof error.payload.iss === 'string'
      ) {
        throw new IssuerMismatchError(error.payload.iss, issuer);
      }
      throw error;
    }
  };
}

function identityOf(payload: JWTPayload): Identity {
  const claim = (name: string) => (typeof payload[name] === 'string' ? payload[name] : null);
  // Entra ID puts the address in preferred_username or upn when the email claim is absent.
  const email = claim('email') ?? claim('preferred_username') ?? claim('upn');
  if (!email || !payload.sub || !payload.iss) {
    throw new Error('The token carries no email');
  }
  return { email: email.toLowerCase(), issuer: payload.iss, subject: payload.sub, name: claim('name') };
}

/** Discovers the issuer's JWKS on first use and caches it (jose refreshes keys on rotation). */
function lazyRemoteKeys(issuer: string): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | null = null;
  return async (header, token) => {
    keySet ??= fetch(`${issuer}/.well-known/openid-configuration`)
      .then((r) => r.json() as Promise<{ jwks_uri: string }>)
      .then((doc) => createRemoteJWKSet(new URL(doc.jwks_uri)))
      .catch((error: unknown) => {
        keySet = null;
        throw error;
      });
    return (await keySet)(header, token);
  };
}

/**
 * Signs an access token exactly as the embedded provider issues them (same key, issuer,
 * audience and claims), for `npm run token` and for tests.
 */
export async function mintAccessToken(
  config: Config,
  keys: SigningMaterial,
  account: { mail: string; displayName: string; directoryId: string },
  options: { expiresInSeconds?: number } = {},
): Promise<string> {
  const key = await importJWK(keys.signingKey, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return (
    new SignJWT({
      email: account.mail,
      name: account.displayName,
      client_id: config.auth.clientId,
      scope: RESOURCE_SCOPE,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: keys.signingKey.kid })
      .setIssuer(embeddedIssuer(config))
      // The directory's stable id, as the embedded provider's sign-in: not the mail, which moves.
      .setSubject(account.directoryId)
      .setAudience(config.auth.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresInSeconds ?? ACCESS_TOKEN_TTL_SECONDS))
      .setJti(crypto.randomUUID())
      .sign(key)
  );
}
