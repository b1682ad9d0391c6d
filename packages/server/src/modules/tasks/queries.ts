import { isReadOnlyRole, RequestStatus, Role } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { toCount } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import {
  hasNoApprovalPath,
  insideAdminScope,
  routedToApprover,
  routedToProvisioner,
} from '../request-lines/routing.ts';

/**
 * Counts the requests in a status that wait on the actor, stopping at `cap` (the badge shows
 * at most 50, so counting further is wasted work).
 */
export async function countTasks(db: Db, actor: Actor, kind: 'approvals' | 'provisioning', cap: number) {
  if (isReadOnlyRole(actor.roleId)) {
    // The auditor decides nothing: nothing waits on them, whatever assignments name them.
    return 0;
  }
  const status = kind === 'approvals' ? RequestStatus.SUBMITTED : RequestStatus.APPROVED;
  const isAdmin = actor.roleId === Role.ADMIN || actor.roleId === Role.SUPERADMIN;
  const inner = db.kysely
    .selectFrom('requests as r')
    .select('r.requestId')
    .where('r.statusId', '=', status)
    .where((eb) => {
      const routed =
        kind === 'approvals' ? routedToApprover(eb, actor.userId) : routedToProvisioner(eb, actor.userId);
      if (!isAdmin) {
        return routed;
      }
      // Admins also hold the requests no assignment covers, inside their scope.
      const unrouted =
        actor.roleId === Role.SUPERADMIN
          ? hasNoApprovalPath(eb)
          : eb.and([hasNoApprovalPath(eb), insideAdminScope(eb, actor.userId)]);
      return eb.or([routed, unrouted]);
    })
    .limit(cap);
  const row = await db.kysely
    .selectFrom(inner.as('t'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return toCount(row?.count);
}
