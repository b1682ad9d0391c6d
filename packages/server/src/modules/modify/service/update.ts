import {
  historySteps,
  RequestStatus,
  RequestType,
  isExpired,
  messages,
  resolveModificationType,
  toUtcDay,
  type ModificationType,
  type ModifyResult,
  type UpdateExpiredRequestInput,
  type UpdateMultipleRequestInput,
  type UpdateRequestBody,
  parseStoredChange,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import type { RequestRowUpdate } from '../../../db/schema.ts';
import type { Actor } from '../../../http/actor.ts';
import { forbidden, unprocessable } from '../../../http/errors.ts';
import {
  findUserTypeFor,
  getUserTypeName,
  isEmailOfOtherUser,
  type Executor,
  type RequestLine,
} from '../queries.ts';
import {
  canEditInPlace,
  createChangeRequest,
  dayText,
  inTransaction,
  isRecord,
  loadLine,
  loadLines,
  modifyResult,
  notModifiable,
  updateLineWithHistory,
  type LineChange,
} from './shared.ts';
import { queueNotifications } from '../../notifications/outbox.ts';

const EMAIL_ONLY = 'Email Only';

type Change = LineChange & { kind: ModificationType };

/** The platform email a line grants now: a Change line's requested one, else its own. */
const currentEmail = (line: RequestLine) => line.requestedPlatformEmail ?? line.email;

/** Checks one modification against the line's current values (the DB rules of spec 1 §5). */
async function describeChange(q: Executor, line: RequestLine, input: UpdateRequestBody): Promise<Change> {
  const kind = resolveModificationType(input);
  switch (kind) {
    case 'UserRole': {
      const next = input.platformUserTypeId ?? 0;
      if (line.platformUserTypeBasicName === EMAIL_ONLY) {
        throw unprocessable(messages.emailOnlyRole);
      }
      if (next === line.platformUserTypeId) {
        throw unprocessable(messages.sameUserRole);
      }
      const type = await findUserTypeFor(q, next, line);
      if (!type) {
        throw unprocessable(messages.invalidUserRole);
      }
      const current = (await getUserTypeName(q, line.platformUserTypeId))?.description ?? '';
      return {
        kind,
        desc: `User Role changed from ${current} to ${type.description}`,
        before: { platformUserTypeId: line.platformUserTypeId, platformUserTypeName: current },
        after: { platformUserTypeId: next, platformUserTypeName: type.description },
        set: { platformUserTypeId: next },
      };
    }
    case 'PlatformEmail': {
      const next = (input.UserPlatformEmail ?? '').trim().toLowerCase();
      const current = currentEmail(line);
      if (next === current) {
        throw unprocessable(messages.samePlatformEmail);
      }
      if (await isEmailOfOtherUser(q, next, line.userId)) {
        throw unprocessable(messages.platformEmailOfOtherUser(next));
      }
      return {
        kind,
        desc: `Platform Email changed from ${current} to ${next}`,
        before: { email: current },
        after: { email: next },
        set:
          line.requestTypeId === RequestType.ADD && !isRecord(line)
            ? { email: next }
            : { requestedPlatformEmail: next },
      };
    }
    case 'LengthOfAccess': {
      const beginningDate =
        input.ExpirationDate && input.BeginningDate ? toUtcDay(input.BeginningDate) : null;
      const expirationDate = input.ExpirationDate ? toUtcDay(input.ExpirationDate) : null;
      return {
        kind,
        desc: `Length Of Access changed from ${dayText(line.expirationDate)} to ${dayText(expirationDate)}`,
        before: { beginningDate: line.beginningDate, expirationDate: line.expirationDate },
        after: { beginningDate, expirationDate },
        set: { beginningDate, expirationDate },
      };
    }
  }
}

/** Merges a new change into a Change line's `{ kind, before, after }` (keeps earlier keys). */
function mergedChanges(line: RequestLine, change: Change): string {
  const prior = parseStoredChange(line.changesRequest);
  return JSON.stringify({
    kind: change.kind,
    before: { ...change.before, ...prior?.before },
    after: { ...prior?.after, ...change.after },
  });
}

/** Edits a Submitted request in place (compare-and-set on status 1), with its history row. */
async function editInPlace(
  q: Executor,
  line: RequestLine,
  actor: Actor,
  change: Change,
  input: UpdateRequestBody,
) {
  if (!canEditInPlace(line, actor)) {
    throw forbidden(messages.onlyCreatorModifies);
  }
  if (
    change.kind !== 'LengthOfAccess' &&
    line.requestTypeId !== RequestType.ADD &&
    line.requestTypeId !== RequestType.CHANGE
  ) {
    throw unprocessable(messages.invalidInput);
  }
  const set: RequestRowUpdate = {
    ...change.set,
    comments: input.comments ?? null,
    isUrgent: input.IsUrgent ? 1 : 0,
    ...(line.requestTypeId === RequestType.CHANGE ? { changesRequest: mergedChanges(line, change) } : {}),
  };
  await updateLineWithHistory(q, line, actor, set, {
    stepDescription: historySteps.modified,
    comments: input.comments ?? null,
    change,
  });
}

/**
 * PATCH UpdateRequest: a Submitted request is edited in place ('requests modified
 * successfully.'); a Completed or Archived record gets a Change request that replaces its
 * prior pending change ('requests sent for approval successfully.').
 */
export function updateRequest(db: Db, actor: Actor, input: UpdateRequestBody): Promise<ModifyResult> {
  return inTransaction(db, async (q) => {
    const line = await loadLine(q, db, actor, input.requestId);
    if (line.statusId === RequestStatus.SUBMITTED) {
      const change = await describeChange(q, line, input);
      await editInPlace(q, line, actor, change, input);
      // Someone else (its approver) changed the request: its requestor is told.
      if (line.createdBy !== actor.userId) {
        await queueNotifications(q, 'modified', [line.requestId], actor.userId);
      }
      return modifyResult(messages.requestsModified, line.statusId, line.requestId, null);
    }
    if (!isRecord(line)) {
      throw notModifiable(line);
    }
    if (line.isDeleted === 1) {
      throw unprocessable(messages.modifyNeedsActive);
    }
    const change = await describeChange(q, line, input);
    const created = await createChangeRequest(q, line, actor, change, {
      comments: input.comments ?? null,
      isUrgent: input.IsUrgent,
    });
    await queueNotifications(q, 'submitted', [created.requestId], actor.userId);
    return modifyResult(
      messages.requestsSentForApproval,
      line.statusId,
      created.requestId,
      created.replacedRequestId,
    );
  });
}

/** The columns several records must share to change their role together (spec 1 §5). */
const sharedColumns = [
  'platformUserTypeId',
  'regionId',
  'marketId',
  'agencyId',
  'practiceId',
  'assetId',
  'platformId',
] as const satisfies readonly (keyof RequestLine)[];

/** PATCH UpdateMultipleRequest: one new role for several active records sharing their path and role. */
export function updateMultipleRequest(
  db: Db,
  actor: Actor,
  input: UpdateMultipleRequestInput & { platformUserTypeId?: number | null },
): Promise<ModifyResult> {
  return inTransaction(db, async (q) => {
    const ids = [...input.Requests, ...(input.requestId ? [input.requestId] : [])];
    const lines = await loadLines(q, db, actor, ids);
    const first = lines[0];
    const allowed =
      first !== undefined &&
      lines.every(
        (l) =>
          isRecord(l) &&
          l.isDeleted === 0 &&
          !isExpired(l.expirationDate) &&
          sharedColumns.every((c) => l[c] === first[c]),
      );
    if (!allowed) {
      throw unprocessable(messages.changeMultipleNotAllowed);
    }
    const body: UpdateRequestBody = {
      requestId: first.requestId,
      ModificationType: 'UserRole',
      platformUserTypeId: input.platformUserTypeId,
      comments: input.comments,
      IsUrgent: input.IsUrgent ?? false,
    };
    const change = await describeChange(q, first, body);
    let lastId = 0;
    let replaced: number | null = null;
    const createdIds: number[] = [];
    for (const record of lines) {
      const created = await createChangeRequest(q, record, actor, change, {
        comments: input.comments ?? null,
        isUrgent: input.IsUrgent ?? false,
      });
      lastId = created.requestId;
      createdIds.push(created.requestId);
      replaced ??= created.replacedRequestId;
    }
    await queueNotifications(q, 'submitted', createdIds, actor.userId);
    return modifyResult(messages.requestsSentForApproval, first.statusId, lastId, replaced);
  });
}

/**
 * PATCH UpdateExpiredRequest: gives a new range to an expired pending Deactivate/Activate
 * request (edited in place, compare-and-set on its status) or to an expired inactive record
 * (which clears askNewRangeDate, so it can then be activated).
 */
export function updateExpiredRequest(db: Db, actor: Actor, input: UpdateExpiredRequestInput) {
  return inTransaction(db, async (q) => {
    const line = await loadLine(q, db, actor, input.requestId);
    const isPendingModification =
      (line.requestTypeId === RequestType.DEACTIVATE || line.requestTypeId === RequestType.ACTIVATE) &&
      (line.statusId === RequestStatus.SUBMITTED || line.statusId === RequestStatus.APPROVED);
    const isExpiredRecord =
      isRecord(line) &&
      line.isDeleted === 1 &&
      (isExpired(line.expirationDate) || line.askNewRangeDate === 1);
    if (!(isPendingModification && isExpired(line.expirationDate)) && !isExpiredRecord) {
      throw unprocessable(messages.notExpired);
    }
    const beginningDate = toUtcDay(input.BeginningDate);
    const expirationDate = toUtcDay(input.ExpirationDate);
    await updateLineWithHistory(
      q,
      line,
      actor,
      { beginningDate, expirationDate, askNewRangeDate: 0 },
      {
        stepDescription: historySteps.lengthOfAccessUpdated,
        comments: input.comments ?? null,
        change: {
          desc: `Length Of Access changed from ${dayText(line.expirationDate)} to ${dayText(expirationDate)}`,
          before: { beginningDate: line.beginningDate, expirationDate: line.expirationDate },
          after: { beginningDate, expirationDate },
        },
      },
    );
    return messages.requestsModified;
  });
}
