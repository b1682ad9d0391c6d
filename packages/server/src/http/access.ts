import type { FastifyRequest } from 'fastify';
import { Role, type RoleId } from '@uap/domain';

/**
 * Who may call a route. `minRole` is compared with the caller's numeric role id; 'public' needs
 * no token; 'authenticated' needs a valid token but no profile yet (ValidateNewUser).
 * `auditor` says whether the read-only AUDITOR may call it (reads yes, writes never).
 *
 * Which rows a caller reaches is not declared here: each module's queries put the actor's scope
 * in their WHERE (own rows, rows routed to them, their admin region and market, or all for a
 * super admin), so a row outside it is simply not found.
 */
export interface Access {
  minRole: RoleId | 'public' | 'authenticated';
  auditor: boolean;
}

export const publicAccess: Access = { minRole: 'public', auditor: true };
/** Administrators and higher read; so does the read-only auditor. */
export const adminRead: Access = { minRole: Role.ADMIN, auditor: true };
/** Administrators and higher change; the read-only auditor gets 403. */
export const adminWrite: Access = { minRole: Role.ADMIN, auditor: false };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/**
 * A call that may write: any method but GET and HEAD on a public route (SCIM, the sign-in: the
 * directory turning someone off) or on a route the read-only auditor may not call (the PUT reads
 * of paged tables are open to the auditor). Caches of what writes change forget on these calls.
 */
export function mayWrite(request: FastifyRequest): boolean {
  const access = request.routeOptions.config.access;
  return (
    request.method !== 'GET' &&
    request.method !== 'HEAD' &&
    (access?.minRole === 'public' || access?.auditor !== true)
  );
}
