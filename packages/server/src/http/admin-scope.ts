import { Role } from '@uap/domain';
import type { Actor } from './actor.ts';
import { auditorReadOnly, forbidden } from './errors.ts';

/**
 * What an administration screen (approval paths, master approvers, their status, leavers) lets
 * the caller reach: an admin the rows inside their own (region, market) admin rows, a super
 * admin every row, the auditor every row for reading only. The routes' access already refuses
 * the other roles; this refuses them again rather than scope them to nothing.
 */
export type AdminScope = { kind: 'admin'; userId: number } | { kind: 'all' };

export function adminScopeOf(actor: Actor, use: 'read' | 'write'): AdminScope {
  switch (actor.roleId) {
    case Role.SUPERADMIN:
      return { kind: 'all' };
    case Role.ADMIN:
      return { kind: 'admin', userId: actor.userId };
    case Role.AUDITOR:
      if (use === 'write') {
        throw auditorReadOnly();
      }
      return { kind: 'all' };
    case Role.STANDARD:
    case Role.APPROVER:
    case Role.MASTERAPPROVER:
    case Role.PROVISIONER:
      throw forbidden();
  }
}
