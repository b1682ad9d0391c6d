import { Role, type RoleId } from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import { findAdminHoldings, findRoleHoldings, setRole } from './role-queries.ts';

/** Which active rows name a person. */
export interface RoleHoldings {
  holdsMaster: boolean;
  holdsApprover: boolean;
  holdsProvisioner: boolean;
}

/**
 * The role a person's active rows give them (spec 3's 'UAP User Role Validation'), the one rule
 * every approval-path write applies:
 * - administrators, auditors and super admins keep their role;
 * - on an active master approver row: Master Approver, showing the approver role details while an
 *   assignment names them too (`showApprover`; null: the flag, read only for master approvers, stays);
 * - else on an active assignment as (secondary) approver: Approver; as provisioner or backup:
 *   Provisioner; on none: Standard.
 */
export function roleFromHoldings(
  current: RoleId,
  h: RoleHoldings,
): { roleId: RoleId; showApprover: boolean | null } {
  if (current >= Role.ADMIN) {
    return { roleId: current, showApprover: null };
  }
  if (h.holdsMaster) {
    return { roleId: Role.MASTERAPPROVER, showApprover: h.holdsApprover || h.holdsProvisioner };
  }
  const roleId = h.holdsApprover ? Role.APPROVER : h.holdsProvisioner ? Role.PROVISIONER : Role.STANDARD;
  return { roleId, showApprover: null };
}

const isTrue = (value: unknown) => value === true || Number(value) === 1;

/**
 * Applies `roleFromHoldings` to these people after a write to their rows, in the same
 * transaction (`actorId` null: a job). Answers how many roles changed.
 */
export async function settleRoles(
  trx: Executor,
  userIds: readonly number[],
  actorId: number | null,
): Promise<number> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) {
    return 0;
  }
  return applyRoles(trx, unique, actorId, roleFromHoldings);
}

/**
 * Sets each person's role (and showApprover) to what `decide` gives from their current role and
 * row holdings, where it differs. Answers how many roles changed.
 */
async function applyRoles(
  trx: Executor,
  userIds: readonly number[],
  actorId: number | null,
  decide: (
    current: RoleId,
    holdings: RoleHoldings,
    userId: number,
  ) => { roleId: RoleId; showApprover: boolean | null },
): Promise<number> {
  let changed = 0;
  for (const user of await findRoleHoldings(trx, userIds)) {
    const current = user.roleId as RoleId;
    const next = decide(
      current,
      {
        holdsMaster: isTrue(user.holdsMaster),
        holdsApprover: isTrue(user.holdsApprover),
        holdsProvisioner: isTrue(user.holdsProvisioner),
      },
      user.userId,
    );
    const showApprover = next.showApprover === null ? Number(user.showApprover) : next.showApprover ? 1 : 0;
    if (next.roleId !== current || showApprover !== Number(user.showApprover)) {
      await setRole(trx, user.userId, { roleId: next.roleId, showApprover }, actorId);
      changed += 1;
    }
  }
  return changed;
}

/**
 * The role after a write to administrator or super administrator rows: an active super admin row
 * gives Super Admin, else an active admin (region, market) row gives Admin, else the role the
 * person's approval-path rows give (`roleFromHoldings` from Standard User). The auditor keeps
 * its role.
 */
export function roleFromAdminRows(
  current: RoleId,
  h: RoleHoldings & { holdsSuperAdmin: boolean; holdsAdmin: boolean },
): { roleId: RoleId; showApprover: boolean | null } {
  if (current === Role.AUDITOR) {
    return { roleId: current, showApprover: null };
  }
  if (h.holdsSuperAdmin) {
    return { roleId: Role.SUPERADMIN, showApprover: null };
  }
  if (h.holdsAdmin) {
    return { roleId: Role.ADMIN, showApprover: null };
  }
  return roleFromHoldings(Role.STANDARD, h);
}

/**
 * Applies `roleFromAdminRows` to these people after a write to administrator rows, in the same
 * transaction. Answers how many roles changed.
 */
export async function settleAdminRoles(
  trx: Executor,
  userIds: readonly number[],
  actorId: number,
): Promise<number> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) {
    return 0;
  }
  const { superAdminIds, adminIds } = await findAdminHoldings(trx, unique);
  return applyRoles(trx, unique, actorId, (current, holdings, userId) =>
    roleFromAdminRows(current, {
      ...holdings,
      holdsSuperAdmin: superAdminIds.has(userId),
      holdsAdmin: adminIds.has(userId),
    }),
  );
}
