import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect, Executor } from '../../../db/connection.ts';
import {
  insertApprovedDeactivationHistory,
  insertApprovedDeactivations,
  pointRecordsAtDeactivations,
  type ApprovedDeactivation,
} from '../../request-lines/approved-deactivations.ts';

/**
 * The WHERE of migration 0029's partial index, word for word: an active access record with an
 * end date (a Completed or Archived Add line, not deleted, not unlimited). Both engines use the
 * partial index only when the query states its condition, so every query here starts with it.
 */
const activeLimitedRecord = sql<SqlBool>`r.request_type_id = 1 and r.status_id in (3, 6) and r.is_deleted = 0 and r.expiration_date is not null`;

/** The record has a pending change (Submitted or Approved Change, Deactivate or Activate). */
const hasPendingChange = (types: 'any' | 'deactivation') =>
  sql<SqlBool>`exists (select 1 from requests p where p.record_id = r.request_id and p.status_id in (1, 2) and ${
    types === 'any' ? sql`p.request_type_id <> 1` : sql`p.request_type_id = 2`
  })`;

/** Where a keyset walk over (expiration_date, request_id) goes on from. */
export interface Cursor {
  expirationDate: string;
  requestId: number;
}

const after = (cursor: Cursor | null): Expression<SqlBool> =>
  cursor === null
    ? sql<SqlBool>`1 = 1`
    : sql<SqlBool>`(r.expiration_date > ${cursor.expirationDate} or (r.expiration_date = ${cursor.expirationDate} and r.request_id > ${cursor.requestId}))`;

/**
 * The next `limit` records past their end date (expiration before `todayIso`) after `cursor`,
 * in end-date order, with their pending change flag: a record whose change waits (an extension
 * under approval, a deactivation already asked for) is left alone and only moves the cursor.
 */
export function findExpiredRecords(q: Executor, todayIso: string, cursor: Cursor | null, limit: number) {
  return expiredRecordsQuery(q, todayIso, cursor, limit).execute();
}

/** The statement of `findExpiredRecords` (the bench prints its plan). */
export function expiredRecordsQuery(q: Executor, todayIso: string, cursor: Cursor | null, limit: number) {
  return q
    .selectFrom('requests as r')
    .select([
      'r.requestId',
      'r.expirationDate',
      sql<number>`case when ${hasPendingChange('any')} then 1 else 0 end`.as('hasPendingChange'),
    ])
    .where(activeLimitedRecord)
    .where(sql<SqlBool>`r.expiration_date < ${todayIso}`)
    .where(after(cursor))
    .orderBy('r.expirationDate')
    .orderBy('r.requestId')
    .limit(limit);
}

/**
 * The next `limit` records whose end date is in [todayIso, windowEndIso) after `cursor`, with
 * the last expiring notice sent for each (null: none), leaving out the records whose removal is
 * already asked for.
 */
export function findRecordsInNoticeWindow(
  q: Executor,
  todayIso: string,
  windowEndIso: string,
  cursor: Cursor | null,
  limit: number,
) {
  return noticeWindowQuery(q, todayIso, windowEndIso, cursor, limit).execute();
}

/** The statement of `findRecordsInNoticeWindow` (the bench prints its plan). */
export function noticeWindowQuery(
  q: Executor,
  todayIso: string,
  windowEndIso: string,
  cursor: Cursor | null,
  limit: number,
) {
  return q
    .selectFrom('requests as r')
    .leftJoin('expiryNotices as n', 'n.recordId', 'r.requestId')
    .select([
      'r.requestId',
      'r.expirationDate',
      'n.expirationDate as noticeFor',
      'n.noticeDays',
      sql<number>`case when ${hasPendingChange('deactivation')} then 1 else 0 end`.as('hasPendingRemoval'),
    ])
    .where(activeLimitedRecord)
    .where(sql<SqlBool>`r.expiration_date >= ${todayIso}`)
    .where(sql<SqlBool>`r.expiration_date < ${windowEndIso}`)
    .where(after(cursor))
    .orderBy('r.expirationDate')
    .orderBy('r.requestId')
    .limit(limit);
}

/**
 * One Deactivate line per record, created already Approved (the end date the approver agreed to
 * is the approval), by the kernel's set-based insert. The record must still be an expired active
 * record with no pending change when the statement runs, so a second run (or another instance)
 * creates nothing twice. The line's creator is the record's requester; nobody is its approver.
 */
export function insertExpiredDeactivations(
  q: Executor,
  dialect: Dialect,
  recordIds: readonly number[],
  o: { todayIso: string; nowIso: string },
) {
  return insertApprovedDeactivations(q, dialect, {
    recordIds,
    where: sql<SqlBool>`${activeLimitedRecord} and r.expiration_date < ${o.todayIso} and not ${hasPendingChange('any')}`,
    submissionPrefix: `expiry-${o.todayIso.slice(0, 10)}-`,
    nowIso: o.nowIso,
    createdBy: null,
    approvedBy: null,
    comment: null,
  });
}

/** The 'Expired' history row of each new Deactivate line, written as its creator. */
export function insertExpiredHistory(
  q: Executor,
  lines: readonly ApprovedDeactivation[],
  o: { step: string; changeDesc: string },
) {
  return insertApprovedDeactivationHistory(q, lines, o);
}

/**
 * Points each record at its new Deactivate line (the one pending change) and raises the
 * requestor's 'new date range needed' flag: an activation must first get a new end date.
 */
export function markRecordsExpired(q: Executor, lines: readonly ApprovedDeactivation[], nowIso: string) {
  return pointRecordsAtDeactivations(q, lines, { nowIso, askNewRangeDate: true });
}

/** Keeps the notice just sent of each record (one row per record: the latest threshold). */
export async function saveNotices(
  q: Executor,
  notices: readonly { recordId: number; expirationDate: string; noticeDays: number }[],
  nowIso: string,
) {
  if (notices.length === 0) {
    return;
  }
  await q
    .insertInto('expiryNotices')
    .values(notices.map((n) => ({ ...n, sentDate: nowIso })))
    .onConflict((oc) =>
      oc.column('recordId').doUpdateSet((eb) => ({
        expirationDate: eb.ref('excluded.expirationDate'),
        noticeDays: eb.ref('excluded.noticeDays'),
        sentDate: eb.ref('excluded.sentDate'),
      })),
    )
    .execute();
}
