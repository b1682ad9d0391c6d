import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/connection.ts';
import { findFirstAuthKey, insertAuthKey, listAuthKeys } from './auth-queries.ts';

export interface SigningMaterial {
  /** Private signing key (JWK with kid, alg, use). */
  signingKey: JWK & { kid: string };
  /** Secrets that sign the identity provider's cookies. */
  cookieKeys: string[];
}

const COOKIE_KID = 'cookie-secret';

/**
 * Loads the embedded provider's keys from the database, creating them on first use, so
 * tokens and sessions survive a restart and every instance on one database shares them.
 */
export async function loadSigningMaterial(db: Db): Promise<SigningMaterial> {
  const rows = await listAuthKeys(db);
  let signing = rows.find((r) => r.kid !== COOKIE_KID);
  let cookie = rows.find((r) => r.kid === COOKIE_KID);
  if (!signing) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: crypto.randomUUID() };
    signing = { kid: jwk.kid, jwk: JSON.stringify(jwk) };
    await insertAuthKey(db, signing.kid, signing.jwk);
  }
  if (!cookie) {
    await insertAuthKey(db, COOKIE_KID, JSON.stringify({ k: crypto.randomBytes(32).toString('base64url') }));
    // Instances starting together each made one: all use the one stored first.
    cookie = (await listAuthKeys(db)).find((r) => r.kid === COOKIE_KID)!;
  }
  // A second instance may have inserted at the same time; re-read so all agree on one key.
  const first = await findFirstAuthKey(db, COOKIE_KID);
  const signingKey = JSON.parse((first ?? signing).jwk) as JWK & { kid: string };
  const { k } = JSON.parse(cookie.jwk) as { k: string };
  return { signingKey, cookieKeys: [k] };
}

/** The public half of a private JWK. */
export function publicJwk(jwk: JWK & { kid: string }): JWK {
  const { kid, kty, n, e, alg, use, crv, x, y } = jwk;
  return Object.fromEntries(
    Object.entries({ kid, kty, n, e, alg, use, crv, x, y }).filter(([, v]) => v !== undefined),
  );
}
