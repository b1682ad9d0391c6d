import { Role, type RoleId } from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import * as q from './queries.ts';

interface Holdings {
  holdsMaster: boolean;
  holdsApprover: boolean;
  holdsProvisioner: boolean;
}

/**
 * The role a person's active rows give them (the rule of spec 3's role validation, for master
 * approvers): someone on an active master approver row is at least a master approver; when the
 * last one goes, a master approver falls back to approver or provisioner if an assignment still
 * names them, else to standard user. Administrators, auditors and super admins keep their role.
 */
export function roleFromHoldings(current: RoleId, h: Holdings): RoleId {
  if (current >= Role.ADMIN) {
    return current;
  }
  if (h.holdsMaster) {
    return current < Role.MASTERAPPROVER ? Role.MASTERAPPROVER : current;
  }
  if (current !== Role.MASTERAPPROVER) {
    return current;
  }
  if (h.holdsApprover) {
    return Role.APPROVER;
  }
  return h.holdsProvisioner ? Role.PROVISIONER : Role.STANDARD;
}

const isTrue = (value: unknown) => value === true || Number(value) === 1;

/** Applies `roleFromHoldings` to these people after a master approver write, in the same transaction. */
export async function settleMasterApproverRoles(trx: Executor, userIds: readonly number[], by: number) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) {
    return;
  }
  for (const user of await q.findRoleHoldings(trx, unique)) {
    const current = user.roleId as RoleId;
    const next = roleFromHoldings(current, {
      holdsMaster: isTrue(user.holdsMaster),
      holdsApprover: isTrue(user.holdsApprover),
      holdsProvisioner: isTrue(user.holdsProvisioner),
    });
    if (next !== current) {
      await q.setRole(trx, user.userId, next, by);
    }
  }
}
