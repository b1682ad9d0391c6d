import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Role, isRoleId, messages } from '@uap/domain';
import type { Db } from '../db/connection.ts';
import { IssuerMismatchError, type Identity, type VerifyToken } from '../auth/verify.ts';
import type { Actor } from './actor.ts';
import { bindProfileToIdentity, findProfilesOfIdentity } from './actor-queries.ts';
import type { ActorMemo } from './actor-memo.ts';
import { auditorReadOnly, forbidden, unauthorized } from './errors.ts';
import type { CountRequest } from './rate-limit.ts';

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) {
    return null;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Who the verified identity is: a profile, none yet, a leaver, or a profile bound to another. */
type Resolution =
  | { kind: 'actor'; actor: Actor }
  | { kind: 'none' }
  | { kind: 'leaver'; userId: number }
  | { kind: 'taken'; userId: number };

/**
 * The caller's profile: the one bound to their identity (issuer and `sub`), else the one with
 * their email, which is then bound to them. A profile bound to another identity of the same
 * issuer is refused: its email was changed to the caller's, not its owner. A profile whose
 * directory entry is disabled or removed is a leaver, refused whatever token they hold.
 */
async function resolveActor(db: Db, identity: Identity): Promise<Resolution> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const rows = await findProfilesOfIdentity(db, identity);
    const bound = rows.find(
      (r) => r.identitySubject === identity.subject && r.identityIssuer === identity.issuer,
    );
    const row = bound ?? rows.find((r) => r.email === identity.email);
    if (!row || !isRoleId(row.roleId)) {
      return { kind: 'none' };
    }
    if (row.directoryActive === 0 || row.directoryDeleted === 1) {
      return { kind: 'leaver', userId: row.userId };
    }
    if (!bound) {
      if (row.identitySubject !== null && row.identityIssuer === identity.issuer) {
        return { kind: 'taken', userId: row.userId };
      }
      if (!(await bindProfileToIdentity(db, row.userId, identity))) {
        continue; // bound by a concurrent request meanwhile: read again
      }
    }
    return {
      kind: 'actor',
      actor: { userId: row.userId, roleId: row.roleId, email: row.email, standsIn: row.standsIn },
    };
  }
  return { kind: 'none' };
}

/**
 * Deny by default: a route without an access declaration is refused; otherwise the token is
 * verified (401), the profile loaded (kept a few seconds by `actors`), the role compared (403)
 * and auditors kept to reads. A refused call is counted by the rate limit (`countRefused`):
 * its own hook runs after this one, so it would never see it.
 */
export function registerAuthHook(
  app: FastifyInstance,
  db: Db,
  verify: VerifyToken,
  actors: ActorMemo,
  countRefused: CountRequest,
): void {
  app.decorateRequest('identity', null);
  app.decorateRequest('actor', null);
  const authorize = async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access;
    if (!access) {
      // Unknown URLs reach the not-found handler, which has no declaration either.
      if (request.routeOptions.url === undefined) {
        return;
      }
      throw forbidden();
    }
    if (access.minRole === 'public') {
      return;
    }
    const token = bearerToken(request);
    if (!token) {
      throw unauthorized();
    }
    try {
      request.identity = await verify(token);
    } catch (error) {
      request.log.info({ err: error }, 'token refused');
      throw error instanceof IssuerMismatchError
        ? unauthorized(messages.tokenIssuerMismatch(error.tokenIssuer, error.expectedIssuer))
        : unauthorized();
    }
    const identity = request.identity;
    let refusal: Resolution | null = null;
    request.actor = await actors.find(`${identity.issuer} ${identity.subject}`, async () => {
      const found = await resolveActor(db, identity);
      if (found.kind === 'actor') {
        return found.actor;
      }
      refusal = found;
      return null;
    });
    const refused = refusal as Resolution | null;
    if (refused?.kind === 'leaver') {
      request.log.warn(
        { userId: refused.userId, email: identity.email },
        'refused: directory account disabled',
      );
      throw unauthorized(messages.directoryAccountDisabled);
    }
    if (refused?.kind === 'taken') {
      request.log.warn(
        { userId: refused.userId, email: identity.email, subject: identity.subject },
        'refused: profile bound to another identity',
      );
      throw forbidden(messages.profileBoundToAnotherIdentity);
    }
    if (access.minRole === 'authenticated') {
      return;
    }
    const actor = request.actor;
    if (!actor || actor.roleId < access.minRole) {
      throw forbidden();
    }
    // The declaration decides, not the method: the spec reads some tables with PUT.
    if (actor.roleId === Role.AUDITOR && !access.auditor) {
      throw auditorReadOnly();
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    try {
      await authorize(request);
    } catch (error) {
      // Against the address before the token verified, else against the person: 429 once used up.
      await countRefused(request, reply);
      throw error;
    }
  });
}
