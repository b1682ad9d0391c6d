import crypto from 'node:crypto';

/**
 * Whether `Authorization: Bearer <token>` presents the expected shared secret (METRICS_TOKEN,
 * SCIM_TOKEN), compared in constant time: both sides are hashed first, so neither the length
 * nor a common prefix leaks through timing.
 */
export function presentsBearerSecret(header: string | undefined, expected: string): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(presented), digest(expected));
}
