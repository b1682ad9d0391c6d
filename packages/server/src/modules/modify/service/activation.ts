import {
  fullName,
  RequestType,
  isExpired,
  messages,
  toUtcDay,
  type ActiveDeactiveResult,
  type activeDeactiveInput,
} from '@uap/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/connection.ts';
import type { Actor } from '../../../http/actor.ts';
import { unprocessable } from '../../../http/errors.ts';
import { findMergedProfiles, type RequestLine } from '../queries.ts';
import { createModification, inTransaction, isRecord, loadLines, notModifiable } from './shared.ts';
import { queueNotifications } from '../../notifications/outbox.ts';

type ActiveDeactiveBody = z.output<typeof activeDeactiveInput>;

/** Expired, or flagged by the leaver/expiry scan as needing a new range before activation. */
const needsNewRange = (l: RequestLine) => isExpired(l.expirationDate) || l.askNewRangeDate === 1;

/**
 * The activation rules of spec 1 §4: only inactive records; no mixing unlimited and limited
 * lengths nor expired and unexpired ones; an expired record needs a new end date first.
 */
function checkActivation(records: RequestLine[], input: ActiveDeactiveBody): void {
  if (records.some((r) => r.isDeleted !== 1)) {
    throw unprocessable(messages.activateNeedsInactive);
  }
  const unlimited = records.filter((r) => r.expirationDate === null).length;
  if (unlimited > 0 && unlimited < records.length) {
    throw unprocessable(messages.activateMixedLength);
  }
  const expired = records.filter(needsNewRange).length;
  if (expired > 0 && expired < records.length) {
    throw unprocessable(messages.activateMixedExpiry);
  }
  if (expired > 0 && !input.ExpirationDate) {
    throw unprocessable(messages.activateExpiredFirst);
  }
}

/**
 * POST ActiveDeactiveRequest: one Deactivate (type 2) or Activate (type 4) request per record,
 * each replacing the record's prior pending change, all in one transaction.
 */
export function activeDeactive(
  db: Db,
  actor: Actor,
  input: ActiveDeactiveBody,
): Promise<ActiveDeactiveResult> {
  return inTransaction(db, async (q) => {
    const records = await loadLines(q, db, actor, input.requests);
    for (const record of records) {
      if (!isRecord(record)) {
        throw notModifiable(record);
      }
    }
    if (input.isActive) {
      checkActivation(records, input);
    } else if (records.some((r) => r.isDeleted !== 0)) {
      throw unprocessable(messages.deactivateNeedsActive);
    }
    const newRange =
      input.isActive && input.ExpirationDate
        ? {
            beginningDate: input.BeginningDate ? toUtcDay(input.BeginningDate) : null,
            expirationDate: toUtcDay(input.ExpirationDate),
          }
        : null;
    const out: ActiveDeactiveResult = { requestIds: [], replacedRequestIds: [] };
    for (const record of records) {
      const created = await createModification(q, record, actor, {
        requestTypeId: input.isActive ? RequestType.ACTIVATE : RequestType.DEACTIVATE,
        comments: input.comment ?? null,
        isUrgent: input.IsUrgent,
        changeDesc: input.isActive ? 'Record to be activated' : 'Record to be deactivated',
        before: {
          isDeleted: record.isDeleted,
          beginningDate: record.beginningDate,
          expirationDate: record.expirationDate,
        },
        after: {
          isDeleted: input.isActive ? 0 : 1,
          beginningDate: newRange?.beginningDate ?? record.beginningDate,
          expirationDate: newRange?.expirationDate ?? record.expirationDate,
        },
        set: newRange ?? {},
      });
      out.requestIds.push(created.requestId);
      if (created.replacedRequestId !== null) {
        out.replacedRequestIds.push(created.replacedRequestId);
      }
    }
    await queueNotifications(q, 'submitted', out.requestIds, actor.userId);
    return out;
  });
}

/**
 * POST CheckMergedProfile/: a message naming the users that have two profiles, else null.
 * Only users whose records the caller may activate or deactivate count; other ids are ignored,
 * so the answer says nothing about people outside the caller's scope.
 */
export async function checkMergedProfile(
  db: Db,
  actor: Actor,
  userIds: readonly number[],
): Promise<{ errorMessage: string | null }> {
  const merged = await findMergedProfiles(db.kysely, actor, [...new Set(userIds)]);
  if (merged.length === 0) {
    return { errorMessage: null };
  }
  return {
    errorMessage: messages.mergedProfiles(
      merged.map((u) => `${fullName(u.name, u.lastName)} (${u.email})`).join(', '),
    ),
  };
}
