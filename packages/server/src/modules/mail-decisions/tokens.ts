import crypto from 'node:crypto';
import { nowIso, type Db } from '../../db/connection.ts';
import { findOrCreateSecret } from './queries.ts';

const SECRET_NAME = 'mail-decision-hmac';
/** What the HMAC covers besides the id: a link of another purpose can never pass for this one. */
const PURPOSE = 'uap-mail-decision-v1:';
const TOKEN = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

const secrets = new WeakMap<Db, Promise<Buffer>>();

/**
 * The key every instance on the database signs and checks the links with: 32 random bytes made
 * at first use and kept in `app_secrets` (an instance that raced another keeps the one stored).
 */
export function decisionSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = findOrCreateSecret(
      db.kysely,
      SECRET_NAME,
      crypto.randomBytes(32).toString('base64url'),
      nowIso(),
    )
      .then((text) => Buffer.from(text, 'base64url'))
      .catch((error: unknown) => {
        secrets.delete(db);
        throw error;
      });
    secrets.set(db, secret);
  }
  return secret;
}

const macOf = (secret: Buffer, tokenId: number) =>
  crypto.createHmac('sha256', secret).update(`${PURPOSE}${tokenId}`).digest();

/**
 * A link's token: its row's id and the HMAC of it. The row binds the person, the line and the
 * action; only the server can make a token for a row, so neither the outbox nor the database
 * holds a usable link.
 */
export function signToken(secret: Buffer, tokenId: number): string {
  return `${tokenId}.${macOf(secret, tokenId).toString('base64url')}`;
}

/** The row id a token names, when its HMAC is right; null for anything cut, changed or made up. */
export function verifyToken(secret: Buffer, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) {
    return null;
  }
  const tokenId = Number(match[1]);
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = macOf(secret, tokenId);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? tokenId : null;
}
