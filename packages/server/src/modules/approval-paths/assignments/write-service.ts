import {
  messages,
  type ApproverAssignmentInput,
  type ApproverAssignmentUpdate,
  type AssignmentSavePreview,
  type AssignmentSavePreviewInput,
  type AssignmentWriteResult,
  type ReassignApproverInput,
} from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../../db/connection.ts';
import type { Actor } from '../../../http/actor.ts';
import { adminScopeOf } from '../../../http/admin-scope.ts';
import { conflict, invalid, notFound, unprocessable } from '../../../http/errors.ts';
import * as q from './write-queries.ts';
import { settleRoles } from '../role-rule.ts';
import { findTaskHolders, queueReassignedTasks } from '../../notifications/reassigned.ts';

/**
 * Approve/Provision Assignments writes. Admins change only the assignments inside
 * their (region, market) rows (anything else is not found, 404); super admins every one;
 * auditors nothing (403). Every write applies the role rule to the people it names or unnames,
 * in the same transaction.
 */

/** The admin whose rows bound the write, or null for the unscoped super admin. */
function adminIdOf(actor: Actor): number | null {
  const scope = adminScopeOf(actor, 'write');
  return scope.kind === 'admin' ? scope.userId : null;
}

const pathOf = (input: ApproverAssignmentInput): q.AssignmentPath => ({
  regionId: input.regionId,
  marketId: input.marketId,
  agencyId: input.agencyId,
  practiceId: input.practiceId,
  platformId: input.platformId,
  clientId: input.clientId ?? null,
});

const peopleOfInput = (input: ApproverAssignmentInput): q.AssignmentPeople => ({
  userId: input.userId,
  secondaryApproverId: input.secondaryApproverId ?? null,
  provisionerId: input.provisionerId ?? null,
  provisionerBackupId: input.provisionerBackupId ?? null,
});

/** The rows in scope, all or none (an id outside the scope or unknown is 404). */
async function rowsInScope(trx: Executor, ids: readonly number[], adminId: number | null) {
  const unique = [...new Set(ids)];
  const rows = await q.findAssignments(trx, unique, adminId);
  if (rows.length !== unique.length) {
    throw notFound();
  }
  return rows;
}

async function assertPeopleExist(trx: Executor, people: q.AssignmentPeople) {
  const ids = q.peopleOf([people]);
  if ((await q.countActiveUsers(trx, ids)) !== ids.length) {
    throw unprocessable(messages.assignmentUserNotFound);
  }
}

/** A path the admin may write (404 outside their rows), whose levels hang together, with no active twin. */
async function assertWritablePath(
  trx: Executor,
  path: q.AssignmentPath,
  adminId: number | null,
  exceptIds: readonly number[],
) {
  if (adminId !== null && !(await q.isInsideAdminRows(trx, adminId, path))) {
    throw notFound();
  }
  const names = await q.findPathNames(trx, path);
  if (!names) {
    throw unprocessable(messages.assignmentPathNotFound);
  }
  if (await q.findActiveTwin(trx, path, exceptIds)) {
    throw unprocessable(
      messages.duplicateAssignment(
        [
          names.regionName,
          names.marketName,
          names.agencyName,
          names.practiceName,
          names.platformName,
          names.clientName,
        ].join(' / '),
      ),
    );
  }
}

/** Refuses (409 with the count) a change that leaves pending requests with no approval path, unless confirmed. */
async function assertPathsStayCovered(trx: Executor, ids: readonly number[], isConfirmed: boolean) {
  if (isConfirmed) {
    return;
  }
  const pendingWithoutPath = await q.countPendingLeftWithoutPath(trx, ids);
  if (pendingWithoutPath > 0) {
    throw conflict(messages.pendingWithoutPath(pendingWithoutPath), { pendingWithoutPath });
  }
}

/** POST api/Approvers. */
export function createAssignment(
  db: Db,
  actor: Actor,
  input: ApproverAssignmentInput,
): Promise<AssignmentWriteResult> {
  return inTransaction(db, (trx) => createAssignmentIn(trx, actor, input));
}

/** POST api/Approvers inside the caller's transaction (a bulk upload writes a batch of rows in one); checks come before any write. */
export async function createAssignmentIn(
  trx: Executor,
  actor: Actor,
  input: ApproverAssignmentInput,
): Promise<AssignmentWriteResult> {
  const adminId = adminIdOf(actor);
  const path = pathOf(input);
  const people = peopleOfInput(input);
  await assertWritablePath(trx, path, adminId, []);
  await assertPeopleExist(trx, people);
  const id = await q.insertAssignment(trx, path, people, actor.userId);
  await settleRoles(trx, q.peopleOf([people]), actor.userId);
  return { ids: [id] };
}

/** PUT api/Approvers: a new path and people for an assignment (an active one must not twin another). */
export async function updateAssignment(
  db: Db,
  actor: Actor,
  input: ApproverAssignmentUpdate,
): Promise<AssignmentWriteResult> {
  return inTransaction(db, (trx) => updateAssignmentIn(trx, actor, input));
}

async function updateAssignmentIn(
  trx: Executor,
  actor: Actor,
  input: ApproverAssignmentUpdate,
): Promise<AssignmentWriteResult> {
  const adminId = adminIdOf(actor);
  const [before] = await rowsInScope(trx, [input.approverId], adminId);
  const path = pathOf(input);
  const people = peopleOfInput(input);
  if (before!.isDeleted === 0) {
    await assertWritablePath(trx, path, adminId, [input.approverId]);
  } else if (adminId !== null && !(await q.isInsideAdminRows(trx, adminId, path))) {
    throw notFound();
  } else if (!(await q.findPathNames(trx, path))) {
    throw unprocessable(messages.assignmentPathNotFound);
  }
  await assertPeopleExist(trx, people);
  await q.updateAssignments(trx, [input.approverId], { ...path, ...people }, actor.userId);
  await settleRoles(trx, q.peopleOf([before!, people]), actor.userId);
  return { ids: [input.approverId] };
}

/** Thrown to roll back a dry run of a save, carrying what it measured. */
class DryRun extends Error {
  constructor(readonly linesChangingHands: number) {
    super('dry run');
  }
}

/** Each line's holders, as one comparable key per line (`findTaskHolders` keys are `line:person`). */
function holdersByLine(holders: ReadonlySet<string>): Map<number, string> {
  const byLine = new Map<number, number[]>();
  for (const key of holders) {
    const [requestId, userId] = key.split(':').map(Number) as [number, number];
    byLine.set(requestId, [...(byLine.get(requestId) ?? []), userId]);
  }
  return new Map([...byLine].map(([id, people]) => [id, people.sort((a, b) => a - b).join(',')]));
}

/**
 * PUT api/Approvers/SavePreview: how many waiting lines (Submitted or Approved) a POST or PUT
 * api/Approvers with this body would take from the people who hold them now. The save itself runs, with all its
 * checks (the same 404 and 422), in a transaction that is then rolled back; who holds each line
 * of the paths it touches is read before and after it by the routing rule (`findTaskHolders`),
 * so the count is what the save then does.
 */
export async function previewSave(
  db: Db,
  actor: Actor,
  input: AssignmentSavePreviewInput,
): Promise<AssignmentSavePreview> {
  const { approverId, ...fields } = input;
  try {
    await inTransaction(db, async (trx) => {
      const paths: q.AssignmentPath[] = [pathOf(fields)];
      if (approverId) {
        paths.push(...(await rowsInScope(trx, [approverId], adminIdOf(actor))));
      }
      const lines = await q.findPendingLinesOnPaths(trx, paths);
      const before = holdersByLine(await findTaskHolders(trx, lines));
      await (approverId
        ? updateAssignmentIn(trx, actor, { ...fields, approverId })
        : createAssignmentIn(trx, actor, fields));
      const after = holdersByLine(await findTaskHolders(trx, lines));
      // A line nobody held (no approval path: the administrators' work) is given, not taken.
      const changed = lines.filter(
        (l) => before.has(l.requestId) && before.get(l.requestId) !== after.get(l.requestId),
      );
      throw new DryRun(changed.length);
    });
  } catch (error) {
    if (error instanceof DryRun) {
      return { linesChangingHands: error.linesChangingHands };
    }
    throw error;
  }
  throw new Error('A dry run ends by rolling back');
}

/**
 * PUT api/Approvers/Approver/ActiveDeactive (and /{id}/{flag}): activating refuses a row that
 * would twin an active assignment; deactivating asks for confirmation (409) when pending
 * requests would be left with no approval path.
 */
export async function setAssignmentsState(
  db: Db,
  actor: Actor,
  input: { ids: readonly number[]; isDeleted: boolean; confirm: boolean },
): Promise<{ result: AssignmentWriteResult; message: string }> {
  const adminId = adminIdOf(actor);
  return inTransaction(db, async (trx) => {
    const rows = await rowsInScope(trx, input.ids, adminId);
    const ids = rows.map((r) => r.approverId);
    if (input.isDeleted) {
      await assertPathsStayCovered(trx, ids, input.confirm);
    } else {
      const activating = rows.filter((r) => r.isDeleted === 1);
      const keys = activating.map((r) =>
        [r.regionId, r.marketId, r.agencyId, r.practiceId, r.platformId, r.clientId ?? 'all'].join('-'),
      );
      if (new Set(keys).size !== keys.length) {
        throw unprocessable(messages.duplicateAssignmentsInSelection);
      }
      // Twins among the rows being activated are refused above; each must not twin an active row.
      const activatingIds = activating.map((r) => r.approverId);
      for (const row of activating) {
        await assertWritablePath(trx, row, null, activatingIds);
      }
    }
    await q.setAssignmentsState(trx, ids, input.isDeleted ? 1 : 0, actor.userId);
    await settleRoles(trx, q.peopleOf(rows), actor.userId);
    return {
      result: { ids },
      message: input.isDeleted ? messages.approversDeactivated : messages.approversActivated,
    };
  });
}

/** PUT api/Approvers/Approver/DeleteBulkAssignment and …/DeleteAssignment/{id}: removes the rows. */
export async function deleteAssignments(
  db: Db,
  actor: Actor,
  input: { ids: readonly number[]; confirm: boolean },
): Promise<{ result: AssignmentWriteResult; message: string }> {
  const adminId = adminIdOf(actor);
  return inTransaction(db, async (trx) => {
    const rows = await rowsInScope(trx, input.ids, adminId);
    const ids = rows.map((r) => r.approverId);
    await assertPathsStayCovered(trx, ids, input.confirm);
    await q.deleteAssignments(trx, ids);
    await settleRoles(trx, q.peopleOf(rows), actor.userId);
    return { result: { ids }, message: messages.assignmentsDeleted(ids.length) };
  });
}

/** PUT api/Approvers/ReassignApprover: the roles whose …Updated flag is set get the new person on every row. */
export async function reassignAssignments(
  db: Db,
  actor: Actor,
  input: ReassignApproverInput,
): Promise<{ result: AssignmentWriteResult; message: string }> {
  const adminId = adminIdOf(actor);
  const set: Partial<q.AssignmentPeople> = {};
  if (input.PrimaryApproverUpdated) {
    if (!input.PrimaryApproverId) {
      throw invalid(messages.searchForApprover);
    }
    set.userId = input.PrimaryApproverId;
  }
  if (input.SecondaryApproverUpdated) {
    set.secondaryApproverId = input.SecondaryApproverId ?? null;
  }
  if (input.PrimaryProvisionerUpdated) {
    set.provisionerId = input.PrimaryProvisionerId ?? null;
  }
  if (input.SecondaryProvisionerUpdated) {
    set.provisionerBackupId = input.SecondaryProvisionerId ?? null;
  }
  if (Object.keys(set).length === 0) {
    throw invalid(messages.chooseRoleToReassign);
  }
  return inTransaction(db, async (trx) => {
    const rows = await rowsInScope(trx, input.ApproverIds, adminId);
    const newcomers = Object.values(set).filter((id): id is number => typeof id === 'number');
    if (newcomers.length > 0 && (await q.countActiveUsers(trx, newcomers)) !== new Set(newcomers).size) {
      throw unprocessable(messages.assignmentUserNotFound);
    }
    const ids = rows.map((r) => r.approverId);
    // The pending tasks of these paths, and who held them, so the people who receive some are told.
    const pending = ids.length === 0 ? [] : await q.findPendingLinesOf(trx, ids);
    const heldBefore = await findTaskHolders(trx, pending);
    await q.updateAssignments(trx, ids, set, actor.userId);
    await settleRoles(trx, [...new Set([...q.peopleOf(rows), ...newcomers])], actor.userId);
    await queueReassignedTasks(trx, pending, heldBefore, actor.userId);
    return { result: { ids }, message: messages.assignmentsReassigned(ids.length) };
  });
}
