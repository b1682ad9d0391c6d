import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Role, isRoleId, messages } from '@uap/domain';
import type { Db } from '../db/connection.ts';
import { IssuerMismatchError, type VerifyToken } from '../auth/verify.ts';
import type { Actor } from './actor.ts';
import type { ActorMemo } from './actor-memo.ts';
import { auditorReadOnly, forbidden, unauthorized } from './errors.ts';

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) {
    return null;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

async function findActor(db: Db, email: string): Promise<Actor | null> {
  const row = await db.kysely
    .selectFrom('users')
    .select(['userId', 'roleId', 'email'])
    .where('email', '=', email)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row || !isRoleId(row.roleId)) {
    return null;
  }
  return { userId: row.userId, roleId: row.roleId, email: row.email };
}

/**
 * Deny by default: a route without an access declaration is refused; otherwise the token is
 * verified (401), the profile loaded (kept a few seconds by `actors`), the role compared (403)
 * and auditors kept to reads.
 */
export function registerAuthHook(app: FastifyInstance, db: Db, verify: VerifyToken, actors: ActorMemo): void {
  app.decorateRequest('identity', null);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
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
    const { email } = request.identity;
    request.actor = await actors.find(email, () => findActor(db, email));
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
  });
}
