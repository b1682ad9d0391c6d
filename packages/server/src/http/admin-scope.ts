import { Role } from '@uap/domain';
import type { Executor } from '../db/connection.ts';
import type { Actor } from './actor.ts';
import { isBeyondAdminReach, usersBeyondAdminReach } from './admin-scope-queries.ts';
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

/**
 * Whether the caller may act on a person as a whole (their profile, absences, merges, directory
 * entry): a super admin on anyone; an admin only on a person below ADMIN none of whose rows lies
 * outside the admin's (region, market) rows (isBeyondAdminReach); nobody else.
 */
export async function reachesPerson(q: Executor, actor: Actor, userId: number): Promise<boolean> {
  switch (actor.roleId) {
    case Role.SUPERADMIN:
      return true;
    case Role.ADMIN:
      return !(await isBeyondAdminReach(q, actor.userId, userId));
    case Role.STANDARD:
    case Role.APPROVER:
    case Role.MASTERAPPROVER:
    case Role.PROVISIONER:
    case Role.AUDITOR:
      return false;
  }
}

/** Which of `userIds` the caller reaches as reachesPerson says, in one statement for a page of people. */
export async function reachesPersons(
  q: Executor,
  actor: Actor,
  userIds: readonly number[],
): Promise<Set<number>> {
  switch (actor.roleId) {
    case Role.SUPERADMIN:
      return new Set(userIds);
    case Role.ADMIN: {
      const beyond = await usersBeyondAdminReach(q, actor.userId, userIds);
      return new Set(userIds.filter((id) => !beyond.has(id)));
    }
    case Role.STANDARD:
    case Role.APPROVER:
    case Role.MASTERAPPROVER:
    case Role.PROVISIONER:
    case Role.AUDITOR:
      return new Set();
  }
}
