import crypto from 'node:crypto';
import {
  historySteps,
  RequestStatus,
  isAccessRecord,
  RequestType,
  Role,
  messages,
  requestStatusNames,
  type ModificationType,
  type ModifyResult,
  type RequestStatusId,
  type RequestTypeId,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { nowIso } from '../../../db/connection.ts';
import type { NewRequestRow, RequestRowUpdate } from '../../../db/schema.ts';
import type { Actor } from '../../../http/actor.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import {
  findLinesInScope,
  getLineState,
  insertLine,
  updateLineIfUnchanged,
  type Executor,
  type RequestLine,
} from '../queries.ts';
import { insertHistoryRows } from '../../request-lines/transitions.ts';

export const statusName = (statusId: number) =>
  requestStatusNames[statusId as RequestStatusId] ?? String(statusId);

/** An Add line that completed (or was filed away) is an access record. */
export const isRecord = isAccessRecord;

export { inTransaction } from '../../../db/connection.ts';

/** Loads lines in scope and in the order asked; any id missing or out of scope is 404. */
export async function loadLines(q: Executor, db: Db, actor: Actor, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await findLinesInScope(q, db.dialect, actor, unique);
  const byId = new Map(rows.map((r) => [r.requestId, r]));
  return unique.map((id) => {
    const line = byId.get(id);
    if (!line) {
      throw notFound();
    }
    return line;
  });
}

export async function loadLine(q: Executor, db: Db, actor: Actor, id: number): Promise<RequestLine> {
  const [line] = await loadLines(q, db, actor, [id]);
  if (!line) {
    throw notFound();
  }
  return line;
}

/** 409 with the line's current status: it is no longer in a state this step accepts. */
export function notModifiable(line: { requestId: number; statusId: number }) {
  return conflict(messages.requestNotModifiable(statusName(line.statusId)), {
    requestId: line.requestId,
    statusId: line.statusId,
    status: statusName(line.statusId),
  });
}

/** A submitted request is edited in place only by its requestor (or a provisioner and above, in scope). */
export function canEditInPlace(line: Pick<RequestLine, 'createdBy' | 'userId'>, actor: Actor): boolean {
  // A line in scope that is neither created by nor about the caller is routed to them.
  const isRoutedTask = line.createdBy !== actor.userId && line.userId !== actor.userId;
  return line.createdBy === actor.userId || actor.roleId >= Role.PROVISIONER || isRoutedTask;
}

/**
 * One pending change per record (docs/architecture.md): a Submitted pending change is cancelled (with
 * its history row) so the new one can take its place; an Approved one is already with the
 * provisioner and is not replaced (409). Returns the id cancelled, if any.
 */
export async function cancelPendingChange(
  q: Executor,
  record: RequestLine,
  actor: Actor,
): Promise<number | null> {
  if (record.pendingChangeRequestId === null) {
    return null;
  }
  const pending = await getLineState(q, record.pendingChangeRequestId);
  if (
    !pending ||
    (pending.statusId !== RequestStatus.SUBMITTED && pending.statusId !== RequestStatus.APPROVED)
  ) {
    // A stale pointer (the change already finished): nothing to replace.
    return null;
  }
  if (pending.statusId === RequestStatus.APPROVED) {
    throw conflict(messages.pendingChangeInProvisioning(pending.requestId), {
      requestId: pending.requestId,
      statusId: pending.statusId,
      status: statusName(pending.statusId),
    });
  }
  const cancelled = await updateLineIfUnchanged(q, pending, { statusId: RequestStatus.CANCELLED }, actor);
  if (!cancelled) {
    throw notModifiable((await getLineState(q, pending.requestId)) ?? pending);
  }
  await insertHistoryRows(q, actor.userId, [
    {
      requestId: pending.requestId,
      statusId: RequestStatus.CANCELLED,
      requestTypeId: pending.requestTypeId,
      stepDescription: historySteps.replacedByNewChange,
    },
  ]);
  return pending.requestId;
}

export interface NewModification {
  requestTypeId: RequestTypeId;
  comments: string | null;
  isUrgent: boolean;
  changeDesc: string | null;
  before: unknown;
  after: unknown;
  /** Columns that differ from the record's copy (new role, dates, requested email, …). */
  set?: Partial<NewRequestRow>;
}

/**
 * Creates a Change, Deactivate or Activate request (status Submitted) of a record, replacing
 * its prior pending change, with the history row, and points the record at it
 * (compare-and-set on the record's status and version). Returns the new id and the replaced one.
 */
export async function createModification(
  q: Executor,
  record: RequestLine,
  actor: Actor,
  m: NewModification,
): Promise<{ requestId: number; replacedRequestId: number | null }> {
  const replacedRequestId = await cancelPendingChange(q, record, actor);
  const now = nowIso();
  const requestId = await insertLine(q, {
    submissionId: crypto.randomUUID(),
    requestTypeId: m.requestTypeId,
    statusId: RequestStatus.SUBMITTED,
    recordId: record.requestId,
    userId: record.userId,
    email: record.email,
    isInternal: record.isInternal,
    createdBy: actor.userId,
    createdDate: now,
    regionId: record.regionId,
    marketId: record.marketId,
    agencyId: record.agencyId,
    practiceId: record.practiceId,
    platformId: record.platformId,
    clientId: record.clientId,
    clientCodeId: record.clientCodeId,
    assetId: record.assetId,
    clientAccountId: record.clientAccountId,
    platformUserTypeId: record.platformUserTypeId,
    platformOwnershipId: record.platformOwnershipId,
    productCode: record.productCode,
    beginningDate: record.beginningDate,
    expirationDate: record.expirationDate,
    isUrgent: m.isUrgent ? 1 : 0,
    isPlatformRequest: record.isPlatformRequest,
    comments: m.comments,
    managerEmail: record.managerEmail,
    managerName: record.managerName,
    updatedDate: now,
    updatedBy: actor.userId,
    ...m.set,
  });
  await insertHistoryRows(q, actor.userId, [
    {
      requestId,
      statusId: RequestStatus.SUBMITTED,
      requestTypeId: m.requestTypeId,
      stepDescription: historySteps.submitted(m.requestTypeId),
      changeDesc: m.changeDesc,
      comments: m.comments,
      before: m.before === undefined ? null : JSON.stringify(m.before),
      after: m.after === undefined ? null : JSON.stringify(m.after),
    },
  ]);
  const pointed = await updateLineIfUnchanged(q, record, { pendingChangeRequestId: requestId }, actor);
  if (!pointed) {
    throw notModifiable((await getLineState(q, record.requestId)) ?? record);
  }
  return { requestId, replacedRequestId };
}

/** 'YYYY-MM-DD' of a stored date, or 'Unlimited'. */
export const dayText = (value: string | null) => (value ? value.slice(0, 10) : 'Unlimited');

/** One change of a line: what it was, what it becomes, and the columns that carry it. */
export interface LineChange {
  kind: ModificationType | 'Reassign';
  desc: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** Columns of a Change line (or of a submitted line edited in place). */
  set: RequestRowUpdate;
}

/** A Change request of a record carrying `change` (with `changesRequest`), replacing its prior pending change. */
export function createChangeRequest(
  q: Executor,
  record: RequestLine,
  actor: Actor,
  change: LineChange,
  o: { comments: string | null; isUrgent: boolean },
) {
  return createModification(q, record, actor, {
    requestTypeId: RequestType.CHANGE,
    comments: o.comments,
    isUrgent: o.isUrgent,
    changeDesc: change.desc,
    before: change.before,
    after: change.after,
    set: {
      ...change.set,
      changesRequest: JSON.stringify({ kind: change.kind, before: change.before, after: change.after }),
    },
  });
}

/**
 * Writes `set` on a line by compare-and-set (its status and version as loaded; 409 when it
 * moved meanwhile), with the history row of the step.
 */
export async function updateLineWithHistory(
  q: Executor,
  line: RequestLine,
  actor: Actor,
  set: RequestRowUpdate,
  step: { stepDescription: string; comments: string | null; change: Omit<LineChange, 'kind' | 'set'> },
): Promise<void> {
  if (!(await updateLineIfUnchanged(q, line, set, actor))) {
    throw notModifiable(line);
  }
  await insertHistoryRows(q, actor.userId, [
    {
      requestId: line.requestId,
      statusId: line.statusId,
      requestTypeId: line.requestTypeId,
      stepDescription: step.stepDescription,
      changeDesc: step.change.desc,
      comments: step.comments,
      before: JSON.stringify(step.change.before),
      after: JSON.stringify(step.change.after),
    },
  ]);
}

/** The answer of UpdateRequest and ReassignRequest: `status` names the status of the line asked about. */
export function modifyResult(
  message: string,
  statusId: number,
  changeRequestId: number,
  replacedRequestId: number | null,
): ModifyResult {
  return {
    succeeded: true,
    message,
    data: true,
    status: statusName(statusId),
    changeRequestId,
    replacedRequestId,
  };
}
