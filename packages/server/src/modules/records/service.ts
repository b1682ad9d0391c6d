import type { Readable } from 'node:stream';
import {
  timeZoneOrUtc,
  historySteps,
  RequestStatus,
  Role,
  messages,
  startOfTodayUtc,
  type FilterOptions,
  type FilterOptionsQuery,
  type MyRequestsPage,
  type TableQuery,
  type UserRecordRow,
  type UserRecordsPage,
  type UserRecordsQuery,
} from '@uap/domain';
import { type Db, inTransaction } from '../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery, csvExport } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { findUserIdByEmail } from '../users/profile-queries.ts';
import * as q from './queries.ts';
import { presentMyRequest, presentUserRecord, userRecordCsvColumns } from './present.ts';
import { insertHistoryRows, moveStatus, releasePendingChanges } from '../request-lines/transitions.ts';

/** UserRecordsByEmail answers at most this many records (a short list for the existing-access check). */
export const RECORDS_BY_EMAIL_LIMIT = 200;

/**
 * Which lines an actor may read: standard users, approvers and master approvers only what they
 * created or are the subject of; provisioners also what is routed to them; admins also what lies
 * inside their admin (region, market) rows; super admins and auditors everything.
 */
export function scopeOf(actor: Actor): q.RecordScope {
  switch (actor.roleId) {
    case Role.STANDARD:
    case Role.APPROVER:
    case Role.MASTERAPPROVER:
      return { kind: 'own', userId: actor.userId };
    case Role.PROVISIONER:
      return { kind: 'routed', userId: actor.userId };
    case Role.ADMIN:
      return { kind: 'admin', userId: actor.userId };
    case Role.AUDITOR:
    case Role.SUPERADMIN:
      return { kind: 'all' };
  }
}

const todayIso = () => startOfTodayUtc().toISOString();

/** The subject named by userId or email; the caller without either; null when nobody has that email. */
async function subjectOf(db: Db, actor: Actor, query: { userId?: number; email?: string }) {
  if (query.userId !== undefined) {
    return query.userId;
  }
  if (query.email !== undefined && query.email !== '') {
    return findUserIdByEmail(db, query.email);
  }
  return actor.userId;
}

async function userRecordsSource(
  db: Db,
  actor: Actor,
  query: UserRecordsQuery,
): Promise<q.LineSource | null> {
  const subjectId = await subjectOf(db, actor, query);
  return subjectId === null ? null : { kind: 'userRecords', scope: scopeOf(actor), subjectId };
}

/** A page of the subject's pending Add lines and records the caller may see. */
export async function findUserRecords(
  db: Db,
  actor: Actor,
  query: UserRecordsQuery,
): Promise<UserRecordsPage> {
  const today = todayIso();
  const spec = q.userRecordSpec(today);
  assertTableQuery(spec, query);
  const source = await userRecordsSource(db, actor, query);
  if (!source) {
    return { requests: [], page: query.page, totalCount: 0 };
  }
  const { rows, totalCount } = await q.findLinePage(db, source, spec, query, today);
  const timeZone = timeZoneOrUtc(query.localTimeZone);
  return { requests: rows.map((r) => presentUserRecord(r, timeZone)), page: query.page, totalCount };
}

/** The whole filtered User Access Overview as CSV, read in keyset batches (the first one before it starts). */
export async function exportUserRecords(db: Db, actor: Actor, query: UserRecordsQuery): Promise<Readable> {
  const today = todayIso();
  const spec = q.userRecordSpec(today);
  assertTableQuery(spec, query);
  const source = await userRecordsSource(db, actor, query);
  const timeZone = timeZoneOrUtc(query.localTimeZone);
  return csvExport(
    (beforeId, limit) =>
      source ? q.findLineBatch(db, source, spec, query, today, beforeId, limit) : Promise.resolve([]),
    (row) => row.requestId,
    userRecordCsvColumns(timeZone),
  );
}

/** The distinct values of one column of a table under its other filters. */
export async function findFilterOptions(
  db: Db,
  actor: Actor,
  query: FilterOptionsQuery,
): Promise<FilterOptions> {
  const today = todayIso();
  let spec;
  let source: q.LineSource | null;
  if (query.source === 'UserRecords') {
    spec = q.userRecordSpec(today);
    source = await userRecordsSource(db, actor, query);
  } else {
    spec = q.myRequestSpec;
    source = { kind: 'myRequests', userId: actor.userId, requestId: 0 };
  }
  assertTableQuery(spec, query, query.column);
  if (!source) {
    return { values: [], isTruncated: false };
  }
  const values = await q.findColumnValues(db, source, spec, query, query.column);
  return { values: values.slice(0, FILTER_OPTIONS_LIMIT), isTruncated: values.length > FILTER_OPTIONS_LIMIT };
}

/** The records (completed or archived Add lines) of the user with this email, within scope. */
export async function findRecordsByEmail(db: Db, actor: Actor, email: string): Promise<UserRecordRow[]> {
  const subjectId = await findUserIdByEmail(db, email.trim().toLowerCase());
  if (subjectId === null) {
    return [];
  }
  const rows = await q.findRecordsOfUser(db, scopeOf(actor), subjectId, todayIso(), RECORDS_BY_EMAIL_LIMIT);
  return rows.map((r) => presentUserRecord(r, 'UTC'));
}

/** My Requests: lines the caller created or is the subject of; requestId > 0 narrows to its submission. */
export async function findMyRequests(
  db: Db,
  actor: Actor,
  query: TableQuery & { requestId: number },
): Promise<MyRequestsPage> {
  const spec = q.myRequestSpec;
  assertTableQuery(spec, query);
  const today = todayIso();
  const { rows, totalCount } = await q.findLinePage(
    db,
    { kind: 'myRequests', userId: actor.userId, requestId: query.requestId },
    spec,
    query,
    today,
  );
  const timeZone = timeZoneOrUtc(query.localTimeZone);
  return { requests: rows.map((r) => presentMyRequest(r, timeZone)), page: query.page, totalCount };
}

/**
 * Cancels Submitted requests, all or none (spec 1 §4, DESIGN.md §4): every line must exist for
 * the caller (404), be theirs as requestor unless they are a super admin (403) and be Submitted
 * (422); the status moves by compare-and-set, each line gets its history row, and a record whose
 * pending change was cancelled is free for a new one.
 */
export async function cancelRequests(db: Db, actor: Actor, requestIds: number[]): Promise<string> {
  const ids = [...new Set(requestIds)];
  const isSuperAdmin = actor.roleId === Role.SUPERADMIN;
  await inTransaction(db, async (trx) => {
    const targets = await q.findCancelTargets(trx, ids);
    const isVisible = (t: (typeof targets)[number]) =>
      isSuperAdmin || t.createdBy === actor.userId || t.userId === actor.userId;
    if (targets.length !== ids.length || !targets.every(isVisible)) {
      throw notFound();
    }
    if (!isSuperAdmin && targets.some((t) => t.createdBy !== actor.userId)) {
      throw forbidden(messages.cancelOnlyOwn);
    }
    if (targets.some((t) => t.statusId !== RequestStatus.SUBMITTED)) {
      throw unprocessable(messages.cancelOnlySubmitted);
    }
    // Someone approving or cancelling one of them since we read it: 409 naming its status, nothing kept.
    await moveStatus(trx, {
      requestIds: ids,
      from: RequestStatus.SUBMITTED,
      to: RequestStatus.CANCELLED,
      actorId: actor.userId,
    });
    await insertHistoryRows(
      trx,
      actor.userId,
      targets.map((t) => ({
        requestId: t.requestId,
        statusId: RequestStatus.CANCELLED,
        requestTypeId: t.requestTypeId,
        stepDescription:
          isSuperAdmin && t.createdBy !== actor.userId
            ? historySteps.cancelledBySuperAdmin
            : historySteps.cancelledByRequestor,
      })),
    );
    await releasePendingChanges(trx, targets, actor.userId);
  });
  return messages.requestsCancelled;
}
