import type { RoleId } from '@uap/domain';

/**
 * Row scope a route applies in its queries; declared so a reader (and the route test) sees it:
 * - 'none': no rows (health, config, sign-in) or reference data everybody may read
 * - 'self': only rows of the caller (their profile, their requests, their records)
 * - 'routed': rows routed to the caller as approver, master approver or provisioner
 * - 'adminRegion': rows inside the caller's admin (region, market) rows; super admin unscoped
 * - 'all': every row (super admin screens, reports)
 */
export type RowScope = 'none' | 'self' | 'routed' | 'adminRegion' | 'all';

/**
 * Who may call a route. `minRole` is compared with the caller's numeric role id; 'public' needs
 * no token; 'authenticated' needs a valid token but no profile yet (ValidateNewUser).
 * `auditor` says whether the read-only AUDITOR may call it (reads yes, writes never).
 */
export interface Access {
  minRole: RoleId | 'public' | 'authenticated';
  auditor: boolean;
  scope: RowScope;
}

export const publicAccess: Access = { minRole: 'public', auditor: true, scope: 'none' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
