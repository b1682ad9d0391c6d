import { fullName, messages, Role } from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf, type AdminScope } from '../../http/admin-scope.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { scopedReader } from '../../http/table-routes.ts';
import { getAssignableUser, isInsideScope } from '../approval-paths/master-approvers/queries.ts';
import * as q from './queries.ts';
import { settleAdminRoles } from '../approval-paths/role-rule.ts';

/**
 * Administrators and super administrators (spec 3 §2.3, §5, §7). An admin manages the admin rows
 * of the (region, market) pairs it holds itself (a row or pair outside them is 404); a super admin
 * every row. Only super admins manage super admins. After every write the people named get the
 * role their rows give (role-rule.ts `roleFromAdminRows`).
 */

const status = (isDeleted: number): 'Inactive' | 'Active' => (isDeleted === 1 ? 'Inactive' : 'Active');

/** A row as the screens show it: the person's full name, isDeleted as a flag. */
type PersonRow = { name: string; lastName: string; isDeleted: number };

function presentRow<Row extends PersonRow>({
  lastName,
  ...r
}: Row): Omit<Row, keyof PersonRow> & { name: string; isDeleted: boolean } {
  return { ...r, name: fullName(r.name, lastName), isDeleted: r.isDeleted === 1 };
}

/** Administrator rows: super admins and auditors see all, an admin the rows of its own scope. */
export async function adminRegions(db: Db, actor: Actor) {
  return (await q.findAdminRegions(db, adminScopeOf(actor, 'read'))).map(presentRow);
}

export async function superAdmins(db: Db) {
  return (await q.findSuperAdmins(db)).map(presentRow);
}

// ---------------------------------------------------------------- tables

/** A table row: presentRow and isDeleted as the Status column's text. */
function presentTableRow<Row extends PersonRow>(row: Row) {
  return { ...presentRow(row), status: status(row.isDeleted) };
}

/** PUT api/User/GetAdminRegion (+ /Filters): the administrator rows in the caller's scope. */
export const adminRegionReader = scopedReader(
  q.adminRegionTable,
  (actor) => adminScopeOf(actor, 'read'),
  presentTableRow,
);

/** PUT api/User/GetSuperAdmins (+ /Filters): every super administrator row. */
export const superAdminReader = scopedReader(q.superAdminTable, () => undefined, presentTableRow);

// ---------------------------------------------------------------- administrators

/**
 * A person who may be appointed: an active internal profile (never an external guest) with an
 * enabled directory account, not the auditor.
 */
async function checkAppointee(trx: Executor, userId: number): Promise<void> {
  const user = await getAssignableUser(trx, userId);
  if (!user) {
    throw notFound(messages.userNotFound);
  }
  if (user.isInternal !== 1 || user.userType === 'Guest') {
    throw unprocessable(messages.adminUserNotInternal);
  }
  if (user.isDeleted === 1 || user.directoryActive === 0) {
    throw unprocessable(messages.adminUserInactive);
  }
  if (user.roleId === Role.AUDITOR) {
    throw unprocessable(messages.adminUserIsAuditor);
  }
}

interface AdminRow {
  userId: number;
  regionId: number;
  marketId: number;
}

/** A new or changed row: its (region, market) inside the scope (else 404), a real pair, an appointable person, no repeat. */
async function checkAdminRow(trx: Executor, scope: AdminScope, row: AdminRow, exceptId: number | null) {
  if (!(await isInsideScope(trx, scope, row))) {
    throw notFound();
  }
  if (!(await q.isMarketOfRegion(trx, row.regionId, row.marketId))) {
    throw unprocessable(messages.adminMarketNotInRegion);
  }
  await checkAppointee(trx, row.userId);
  if (await q.findAdminRegionDuplicate(trx, row, exceptId)) {
    throw conflict(messages.adminExists);
  }
}

async function loadAdminRow(trx: Executor, db: Db, scope: AdminScope, id: number) {
  const row = await q.findAdminRegionInScope(trx, db.dialect, scope, id);
  if (!row) {
    throw notFound();
  }
  return row;
}

/** POST api/User/AssignAdminRegion: a new active row; the person becomes an administrator. */
export function assignAdminRegion(db: Db, actor: Actor, row: AdminRow): Promise<{ adminRegionId: number }> {
  const scope = adminScopeOf(actor, 'write');
  return inTransaction(db, async (trx) => {
    await checkAdminRow(trx, scope, row, null);
    const adminRegionId = await q.insertAdminRegion(trx, row, actor.userId);
    await settleAdminRoles(trx, [row.userId], actor.userId);
    return { adminRegionId };
  });
}

/** PUT api/User/UpdateAdminRegion: another person, region or market; both people's roles follow. */
export function updateAdminRegion(
  db: Db,
  actor: Actor,
  input: AdminRow & { adminRegionId: number },
): Promise<{ adminRegionId: number }> {
  const scope = adminScopeOf(actor, 'write');
  return inTransaction(db, async (trx) => {
    const { adminRegionId, ...row } = input;
    const current = await loadAdminRow(trx, db, scope, adminRegionId);
    await checkAdminRow(trx, scope, row, adminRegionId);
    await q.updateAdminRegion(trx, adminRegionId, row, actor.userId);
    await settleAdminRoles(trx, [row.userId, current.userId], actor.userId);
    return { adminRegionId };
  });
}

/** PUT api/User/DeleteAdmin: removes the row; the person's role follows. */
export function deleteAdmin(db: Db, actor: Actor, adminRegionId: number): Promise<{ adminRegionId: number }> {
  const scope = adminScopeOf(actor, 'write');
  return inTransaction(db, async (trx) => {
    const current = await loadAdminRow(trx, db, scope, adminRegionId);
    await q.deleteAdminRegion(trx, adminRegionId);
    await settleAdminRoles(trx, [current.userId], actor.userId);
    return { adminRegionId };
  });
}

/** PUT api/User/ActivateDeactivateAdmin: sets isDeleted; activating needs an appointable person. */
export async function activateDeactivateAdmin(
  db: Db,
  actor: Actor,
  adminRegionId: number,
  isDeleted: boolean,
): Promise<{ result: { adminRegionId: number }; message: string }> {
  const scope = adminScopeOf(actor, 'write');
  await inTransaction(db, async (trx) => {
    const current = await loadAdminRow(trx, db, scope, adminRegionId);
    if (!isDeleted && current.isDeleted === 1) {
      await checkAppointee(trx, current.userId);
    }
    await q.updateAdminRegion(trx, adminRegionId, { isDeleted: isDeleted ? 1 : 0 }, actor.userId);
    await settleAdminRoles(trx, [current.userId], actor.userId);
  });
  return {
    result: { adminRegionId },
    message: isDeleted ? messages.adminDeactivated : messages.adminActivated,
  };
}

// ---------------------------------------------------------------- super administrators

/** Only a super admin manages super admins (the routes let admins through to hear 403 here). */
function requireSuperAdmin(actor: Actor): void {
  if (actor.roleId !== Role.SUPERADMIN) {
    throw forbidden();
  }
}

async function loadSuperAdmin(trx: Executor, adminId: number) {
  const row = await q.findSuperAdminRow(trx, adminId);
  if (!row) {
    throw notFound();
  }
  return row;
}

/** Refuses (409) a change that would leave no active super administrator. */
async function keepOneActive(trx: Executor, db: Db, row: { adminId: number; isDeleted: number }) {
  const active = await q.findActiveSuperAdminIds(trx, db.dialect);
  if (row.isDeleted === 0 && active.every((id) => id === row.adminId)) {
    throw conflict(messages.lastSuperAdmin);
  }
}

async function checkSuperAdminUser(trx: Executor, userId: number, exceptId: number | null) {
  await checkAppointee(trx, userId);
  const existing = await q.findSuperAdminOfUser(trx, userId);
  if (existing && existing.adminId !== exceptId) {
    throw conflict(messages.superAdminExists);
  }
}

/** POST api/User/AssignSuperAdmin: a new active row; the person becomes a super administrator. */
export function assignSuperAdmin(db: Db, actor: Actor, userId: number): Promise<{ adminId: number }> {
  requireSuperAdmin(actor);
  return inTransaction(db, async (trx) => {
    await checkSuperAdminUser(trx, userId, null);
    const adminId = await q.insertSuperAdmin(trx, userId, actor.userId);
    await settleAdminRoles(trx, [userId], actor.userId);
    return { adminId };
  });
}

/** PUT api/User/UpdateSuperAdmin: another person on the row; both people's roles follow. */
export function updateSuperAdmin(
  db: Db,
  actor: Actor,
  input: { adminId: number; userId: number },
): Promise<{ adminId: number }> {
  requireSuperAdmin(actor);
  return inTransaction(db, async (trx) => {
    const current = await loadSuperAdmin(trx, input.adminId);
    await checkSuperAdminUser(trx, input.userId, input.adminId);
    await q.updateSuperAdmin(trx, input.adminId, { userId: input.userId }, actor.userId);
    await settleAdminRoles(trx, [input.userId, current.userId], actor.userId);
    return { adminId: input.adminId };
  });
}

/** PUT api/User/DeleteSuperAdmin: removes the row, never the last active one. */
export function deleteSuperAdmin(db: Db, actor: Actor, adminId: number): Promise<{ adminId: number }> {
  requireSuperAdmin(actor);
  return inTransaction(db, async (trx) => {
    const current = await loadSuperAdmin(trx, adminId);
    await keepOneActive(trx, db, current);
    await q.deleteSuperAdmin(trx, adminId);
    await settleAdminRoles(trx, [current.userId], actor.userId);
    return { adminId };
  });
}

/** PUT api/User/ActivateDeactivateSuperAdmin: sets isDeleted, never on the last active one. */
export async function activateDeactivateSuperAdmin(
  db: Db,
  actor: Actor,
  adminId: number,
  isDeleted: boolean,
): Promise<{ result: { adminId: number }; message: string }> {
  requireSuperAdmin(actor);
  await inTransaction(db, async (trx) => {
    const current = await loadSuperAdmin(trx, adminId);
    if (isDeleted) {
      await keepOneActive(trx, db, current);
    } else if (current.isDeleted === 1) {
      await checkAppointee(trx, current.userId);
    }
    await q.updateSuperAdmin(trx, adminId, { isDeleted: isDeleted ? 1 : 0 }, actor.userId);
    await settleAdminRoles(trx, [current.userId], actor.userId);
  });
  return {
    result: { adminId },
    message: isDeleted ? messages.superAdminDeactivated : messages.superAdminActivated,
  };
}
