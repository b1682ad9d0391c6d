import { historySteps, startOfTodayUtc } from '@uap/domain';
import { inTransaction, type Db } from '../../../db/connection.ts';
import { queueNotifications } from '../../notifications/outbox.ts';
import * as q from './queries.ts';

const DAY_MS = 86_400_000;

/** Records handled per transaction: a crash keeps whole batches or nothing of one. */
export const EXPIRY_BATCH = 1000;

export interface ExpiryCounts {
  /** Records past their end date that became Approved Deactivate requests. */
  expired: number;
  /** Expired records left alone because a change of them is pending (their removal included). */
  pendingChange: number;
  /** Records whose subject and requester got an 'expiring' notice. */
  noticed: number;
}

/**
 * The notice due for a record `daysLeft` days before its end date: the nearest threshold not
 * below it (so a missed day sends the nearest one once, not every one it skipped), unless that
 * threshold or a nearer one was already sent for this end date. Null: nothing to send.
 */
export function dueNotice(
  daysLeft: number,
  thresholds: readonly number[],
  sent: { days: number; forSameEndDate: boolean } | null,
): number | null {
  const candidates = thresholds.filter((t) => t >= daysLeft);
  if (candidates.length === 0) {
    return null;
  }
  const due = Math.min(...candidates);
  if (sent && sent.forSameEndDate && sent.days <= due) {
    return null;
  }
  return due;
}

/**
 * Access expiry as of `now`: every active record whose end date is before today (UTC midnight)
 * becomes a Deactivate request, already Approved, routed to the path's provisioners (a record
 * with a pending change is left until that change finishes); records `noticeDays` days before
 * their end date tell their subject and requester once per threshold. Set-based, one
 * transaction per batch, and idempotent: a second run the same day changes nothing.
 */
export async function runAccessExpiry(
  db: Db,
  now: Date,
  noticeDays: readonly number[],
): Promise<ExpiryCounts> {
  const today = startOfTodayUtc(now);
  const todayIso = today.toISOString();
  const counts: ExpiryCounts = { expired: 0, pendingChange: 0, noticed: 0 };

  let cursor: q.Cursor | null = null;
  for (;;) {
    const batch = await q.findExpiredRecords(db.kysely, todayIso, cursor, EXPIRY_BATCH);
    if (batch.length === 0) {
      break;
    }
    const last = batch[batch.length - 1]!;
    cursor = { expirationDate: last.expirationDate ?? todayIso, requestId: last.requestId };
    const due = batch.filter((r) => r.hasPendingChange === 0).map((r) => r.requestId);
    counts.pendingChange += batch.length - due.length;
    if (due.length > 0) {
      counts.expired += await inTransaction(db, async (trx) => {
        const nowIso = new Date().toISOString();
        const lines = await q.insertExpiredDeactivations(trx, db.dialect, due, { todayIso, nowIso });
        await q.insertExpiredHistory(trx, lines, {
          step: historySteps.expired,
          changeDesc: 'Record to be deactivated',
        });
        await q.markRecordsExpired(trx, lines, nowIso);
        await queueNotifications(
          trx,
          'expired',
          lines.map((l) => l.requestId),
          null,
        );
        return lines.length;
      });
    }
  }

  const largest = Math.max(-1, ...noticeDays);
  if (largest < 0) {
    return counts;
  }
  const windowEndIso = new Date(today.getTime() + (largest + 1) * DAY_MS).toISOString();
  cursor = null;
  for (;;) {
    const batch = await q.findRecordsInNoticeWindow(db.kysely, todayIso, windowEndIso, cursor, EXPIRY_BATCH);
    if (batch.length === 0) {
      break;
    }
    const last = batch[batch.length - 1]!;
    cursor = { expirationDate: last.expirationDate ?? todayIso, requestId: last.requestId };
    const notices: { recordId: number; expirationDate: string; noticeDays: number }[] = [];
    for (const r of batch) {
      if (r.hasPendingRemoval === 1 || r.expirationDate === null) {
        continue;
      }
      const daysLeft = Math.floor(
        (startOfTodayUtc(new Date(r.expirationDate)).getTime() - today.getTime()) / DAY_MS,
      );
      const sent =
        r.noticeDays === null || r.noticeFor === null
          ? null
          : { days: r.noticeDays, forSameEndDate: Date.parse(r.noticeFor) === Date.parse(r.expirationDate) };
      const days = dueNotice(daysLeft, noticeDays, sent);
      if (days !== null) {
        notices.push({ recordId: r.requestId, expirationDate: r.expirationDate, noticeDays: days });
      }
    }
    if (notices.length > 0) {
      await inTransaction(db, async (trx) => {
        await q.saveNotices(trx, notices, new Date().toISOString());
        await queueNotifications(
          trx,
          'expiring',
          notices.map((n) => n.recordId),
          null,
        );
      });
      counts.noticed += notices.length;
    }
  }
  return counts;
}
