import { Role } from '@uap/domain';
import type { Actor } from '../../../http/actor.ts';
import type { ProvisioningScope } from '../queries.ts';

/**
 * Whose provisioning work the actor holds: super admins (and, read-only, auditors) every line;
 * admins the lines routed to them plus the unrouted ones inside their admin rows; everyone else
 * (provisioners) the lines routed to them as provisioner or backup.
 */
export function provisioningScopeOf(actor: Actor): ProvisioningScope {
  switch (actor.roleId) {
    case Role.SUPERADMIN:
    case Role.AUDITOR:
      return { kind: 'all', userId: actor.userId };
    case Role.ADMIN:
      return { kind: 'admin', userId: actor.userId };
    case Role.STANDARD:
    case Role.APPROVER:
    case Role.MASTERAPPROVER:
    case Role.PROVISIONER:
      return { kind: 'routed', userId: actor.userId };
  }
}
