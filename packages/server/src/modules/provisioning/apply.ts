import { historySteps, parseStoredChange, RequestType } from '@uap/domain';
import { nowIso } from '../../db/connection.ts';
import type { RequestRow } from '../../db/schema.ts';
import { insertHistoryRows, releasePendingChanges, type HistoryEntry } from '../request-lines/transitions.ts';
import {
  activateAddLines,
  findRecordsToApply,
  findUsersByEmail,
  updateRecord,
  type ActionableLine,
  type Executor,
} from './queries.ts';

type RecordRow = RequestRow;

/** What a record looks like in its history rows' before/after. */
const snapshot = (
  r: Pick<
    RecordRow,
    'isDeleted' | 'platformUserTypeId' | 'email' | 'userId' | 'beginningDate' | 'expirationDate'
  >,
) => ({
  isDeleted: r.isDeleted,
  platformUserTypeId: r.platformUserTypeId,
  email: r.email,
  userId: r.userId,
  beginningDate: r.beginningDate,
  expirationDate: r.expirationDate,
});

/** The columns a completed Change line writes on its record, by the kind of change it carries. */
function changeSet(
  line: ActionableLine,
  reassignedTo: Map<string, { userId: number; isInternal: number }>,
): { set: Partial<RecordRow>; step: string } {
  const changes = parseStoredChange(line.changesRequest);
  if (line.isReassignedRequest === 1 || changes?.kind === 'Reassign') {
    const storedEmail = changes?.after.email;
    const email = (
      line.reassignedPrimaryEmail ?? (typeof storedEmail === 'string' ? storedEmail : '')
    ).toLowerCase();
    const target = reassignedTo.get(email);
    return target
      ? { set: { userId: target.userId, isInternal: target.isInternal }, step: historySteps.recordReassigned }
      : { set: {}, step: historySteps.recordReassigned };
  }
  switch (changes?.kind ?? '') {
    case 'UserRole':
      return { set: { platformUserTypeId: line.platformUserTypeId }, step: historySteps.recordChanged };
    case 'PlatformEmail':
      return {
        set: { email: (line.requestedPlatformEmail ?? line.email).toLowerCase() },
        step: historySteps.recordChanged,
      };
    case 'LengthOfAccess':
      return {
        set: { beginningDate: line.beginningDate, expirationDate: line.expirationDate },
        step: historySteps.recordChanged,
      };
    default:
      // A change without a kind carries its new values in its own columns (as the seed writes them).
      return {
        set: {
          platformUserTypeId: line.platformUserTypeId,
          email: (line.requestedPlatformEmail ?? line.email).toLowerCase(),
          beginningDate: line.beginningDate,
          expirationDate: line.expirationDate,
        },
        step: historySteps.recordChanged,
      };
  }
}

/** The record columns a completed Deactivate, Activate or Change line writes. */
function recordSet(
  line: ActionableLine,
  reassignedTo: Map<string, { userId: number; isInternal: number }>,
): { set: Partial<RecordRow>; step: string } {
  switch (line.requestTypeId) {
    case RequestType.DEACTIVATE:
      return { set: { isDeleted: 1 }, step: historySteps.recordDeactivated };
    case RequestType.ACTIVATE:
      return {
        set: {
          isDeleted: 0,
          askNewRangeDate: 0,
          beginningDate: line.beginningDate,
          expirationDate: line.expirationDate,
        },
        step: historySteps.recordActivated,
      };
    default:
      return changeSet(line, reassignedTo);
  }
}

/**
 * Applies provisioned lines (docs/architecture.md), inside the caller's transaction: an Add line becomes
 * an active record; a Change writes its new role, platform email, dates or user on its record;
 * Deactivate makes the record Inactive; Activate makes it Active with the line's dates. The
 * record's pending-change marker clears, and it gets a history row with before/after.
 */
export async function applyProvisioned(
  trx: Executor,
  lines: readonly ActionableLine[],
  actorId: number,
  comment: string,
): Promise<void> {
  const addIds = lines.filter((l) => l.requestTypeId === RequestType.ADD).map((l) => l.requestId);
  await activateAddLines(trx, addIds);
  const modifications = lines.filter((l) => l.recordId !== null);
  if (modifications.length === 0) {
    return;
  }
  const records = await findRecordsToApply(
    trx,
    modifications.map((l) => l.recordId ?? 0),
  );
  const recordById = new Map(records.map((r) => [r.requestId, r]));
  const reassignedTo = await findUsersByEmail(
    trx,
    modifications.flatMap((l) => (l.reassignedPrimaryEmail ? [l.reassignedPrimaryEmail.toLowerCase()] : [])),
  );
  const history: HistoryEntry[] = [];
  const now = nowIso();
  for (const line of modifications) {
    const record = recordById.get(line.recordId ?? 0);
    if (!record) {
      continue;
    }
    const { set, step } = recordSet(line, reassignedTo);
    await updateRecord(trx, record.requestId, set, actorId, now);
    const after = { ...record, ...set };
    history.push({
      requestId: record.requestId,
      statusId: record.statusId,
      requestTypeId: record.requestTypeId,
      stepDescription: step,
      changeDesc: `Applied request #${line.requestId}`,
      provisionerComment: comment,
      before: JSON.stringify(snapshot(record)),
      after: JSON.stringify(snapshot(after)),
      // Applied through an absence: the record's history names the absent person too.
      onBehalfOf: line.onBehalfOf,
    });
  }
  await insertHistoryRows(trx, actorId, history);
  await releasePendingChanges(trx, modifications, actorId);
}
