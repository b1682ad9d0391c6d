import { messages, type MasterApproverPath, type MasterApproverWriteResult } from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../../db/connection.ts';
import type { Actor } from '../../../http/actor.ts';
import { adminScopeOf, type AdminScope } from '../../../http/admin-scope.ts';
import { conflict, notFound, unprocessable } from '../../../http/errors.ts';
import * as q from './queries.ts';
import { settleRoles } from '../role-rule.ts';

/**
 * The person a row is to name: an existing profile (else 404), active, with an enabled directory
 * account (else 422).
 */
async function requireActiveUser(trx: Executor, userId: number): Promise<void> {
  const user = await q.getAssignableUser(trx, userId);
  if (!user) {
    throw notFound(messages.userNotFound);
  }
  if (user.isDeleted === 1 || user.directoryActive === 0) {
    throw unprocessable(messages.masterApproverUserInactive);
  }
}

/**
 * A new or changed row must name a real path inside the caller's scope (else 404, as a row
 * outside it), an active person (profile and directory account), and must not repeat an active
 * row of the same person and path.
 */
async function checkPath(
  trx: Executor,
  scope: AdminScope,
  path: MasterApproverPath,
  exceptId: number | null,
): Promise<void> {
  if (!(await q.isInsideScope(trx, scope, path))) {
    throw notFound();
  }
  if (!(await q.isCatalogPath(trx, path))) {
    throw unprocessable(messages.invalidMasterApproverPath);
  }
  await requireActiveUser(trx, path.userId);
  if (await q.findActiveDuplicate(trx, path, exceptId)) {
    throw conflict(messages.masterApproverExists);
  }
}

/** Loads the rows in scope in the order asked; any id missing or outside the scope is 404. */
async function loadRows(trx: Executor, db: Db, scope: AdminScope, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await q.findRowsInScope(trx, db.dialect, scope, unique);
  const byId = new Map(rows.map((r) => [r.masterApproverId, r]));
  return unique.map((id) => {
    const row = byId.get(id);
    if (!row) {
      throw notFound();
    }
    return row;
  });
}

/** POST SaveMasterApprover: a new active row; the person becomes a master approver. */
export function saveMasterApprover(
  db: Db,
  actor: Actor,
  path: MasterApproverPath,
): Promise<MasterApproverWriteResult> {
  return inTransaction(db, (trx) => saveMasterApproverIn(trx, actor, path));
}

/** POST SaveMasterApprover inside the caller's transaction (a bulk upload writes a batch of rows in one); checks come before any write. */
export async function saveMasterApproverIn(
  trx: Executor,
  actor: Actor,
  path: MasterApproverPath,
): Promise<MasterApproverWriteResult> {
  const scope = adminScopeOf(actor, 'write');
  await checkPath(trx, scope, path, null);
  const id = await q.insertMasterApprover(trx, path, actor.userId);
  await settleRoles(trx, [path.userId], actor.userId);
  return { masterApproverIds: [id] };
}

/** PUT UpdateMasterApprover: another person or path for one row; both people's roles follow. */
export function updateMasterApprover(
  db: Db,
  actor: Actor,
  input: MasterApproverPath & { masterApproverId: number },
): Promise<MasterApproverWriteResult> {
  const scope = adminScopeOf(actor, 'write');
  return inTransaction(db, async (trx) => {
    const { masterApproverId, ...path } = input;
    const [row] = await loadRows(trx, db, scope, [masterApproverId]);
    if (row?.isDeleted === 0) {
      await checkPath(trx, scope, path, masterApproverId);
    } else if (!(await q.isInsideScope(trx, scope, path))) {
      throw notFound();
    }
    await q.updateMasterApprover(trx, masterApproverId, path, actor.userId);
    await settleRoles(trx, [path.userId, row?.userId ?? path.userId], actor.userId);
    return { masterApproverIds: [masterApproverId] };
  });
}

/**
 * PUT MasterApprover/ActiveDeactive: sets isDeleted on every row; activating a row that would
 * repeat an active one of the same person and path is refused (409).
 */
export async function setMasterApproversDeleted(
  db: Db,
  actor: Actor,
  ids: readonly number[],
  isDeleted: boolean,
): Promise<{ result: MasterApproverWriteResult; message: string }> {
  const scope = adminScopeOf(actor, 'write');
  const result = await inTransaction(db, async (trx) => {
    const rows = await loadRows(trx, db, scope, ids);
    for (const row of rows) {
      if (
        !isDeleted &&
        row.isDeleted === 1 &&
        (await q.findActiveDuplicate(trx, row, row.masterApproverId))
      ) {
        throw conflict(messages.masterApproverExists);
      }
      await q.updateMasterApprover(trx, row.masterApproverId, { isDeleted: isDeleted ? 1 : 0 }, actor.userId);
    }
    await settleRoles(
      trx,
      rows.map((r) => r.userId),
      actor.userId,
    );
    return { masterApproverIds: rows.map((r) => r.masterApproverId) };
  });
  return {
    result,
    message: isDeleted ? messages.masterApproversDeactivated : messages.masterApproversActivated,
  };
}

/** PUT MasterApprover/DeleteMasterApprover/{id}: removes the row; the person's role follows. */
export function deleteMasterApprover(db: Db, actor: Actor, id: number): Promise<MasterApproverWriteResult> {
  const scope = adminScopeOf(actor, 'write');
  return inTransaction(db, async (trx) => {
    const [row] = await loadRows(trx, db, scope, [id]);
    await q.deleteMasterApprover(trx, id);
    await settleRoles(trx, row ? [row.userId] : [], actor.userId);
    return { masterApproverIds: [id] };
  });
}

/**
 * PUT ReassignMasterApprover: the rows move to the new person. A row whose path the new person
 * already holds (active) is deactivated instead of duplicated. Both people's roles follow.
 */
export function reassignMasterApprovers(
  db: Db,
  actor: Actor,
  ids: readonly number[],
  newUserId: number,
): Promise<MasterApproverWriteResult> {
  const scope = adminScopeOf(actor, 'write');
  return inTransaction(db, async (trx) => {
    const rows = await loadRows(trx, db, scope, ids);
    await requireActiveUser(trx, newUserId);
    for (const row of rows) {
      if (row.userId === newUserId) {
        continue;
      }
      const path = { ...row, userId: newUserId };
      const isDuplicate =
        row.isDeleted === 0 && (await q.findActiveDuplicate(trx, path, row.masterApproverId)) !== undefined;
      await q.updateMasterApprover(
        trx,
        row.masterApproverId,
        isDuplicate ? { isDeleted: 1 } : { userId: newUserId },
        actor.userId,
      );
    }
    await settleRoles(trx, [newUserId, ...rows.map((r) => r.userId)], actor.userId);
    return { masterApproverIds: rows.map((r) => r.masterApproverId) };
  });
}
