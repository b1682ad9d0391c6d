import { sql, type JoinBuilder } from 'kysely';
import type { NotificationEvent } from '@uap/domain';
import { KEPT_PLAN, toCount, type Executor } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { RequestEb } from '../request-lines/line-query.ts';
import { decisionComment } from '../request-lines/lists.ts';
import {
  absencePasses,
  coveringAssignment,
  hasNoApprovalPath,
  masterApproverOfPath,
} from '../request-lines/routing.ts';

// Keeps every statement far below SQLite's bound-parameter limit.
const CHUNK = 500;
/** Up to this many lines, the routing statements keep their plan (see `findRoutedPeople`). */
const KEPT_PLAN_LINES = 10;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }
  return out;
}

/** What a notification says of each line: its requestor, subject, platform and a rejection's comment. */
export async function findLineFacts(q: Executor, requestIds: readonly number[]) {
  const rows = [];
  for (const batch of chunks(requestIds)) {
    rows.push(
      ...(await q
        .selectFrom('requests as r')
        .innerJoin('platforms as p', 'p.platformId', 'r.platformId')
        .innerJoin('users as s', 's.userId', 'r.userId')
        .select([
          'r.requestId',
          'r.createdBy',
          'r.userId',
          'r.statusId',
          'r.expirationDate',
          'p.description as platform',
          's.name as subjectFirstName',
          's.lastName as subjectLastName',
          decisionComment.as('decisionComment'),
        ])
        .where('r.requestId', 'in', batch)
        .execute()),
    );
  }
  return rows;
}
export type LineFacts = Awaited<ReturnType<typeof findLineFacts>>[number];

/**
 * The approvers (primary, secondary, master) or the provisioners (primary, backup) of each line,
 * by the one routing rule (`coveringAssignment`, `masterApproverOfPath`): the path columns only
 * narrow the join to the line's path so both engines read the assignments by index.
 */
export async function findRoutedPeople(
  q: Executor,
  requestIds: readonly number[],
  work: 'approve' | 'provision',
): Promise<{ requestId: number; userId: number }[]> {
  const out: { requestId: number; userId: number }[] = [];
  for (const batch of chunks(requestIds)) {
    const assigned = await q
      // The lines first (by their ids), then the assignments of their paths: PostgreSQL took
      // the assignments joined to themselves for one row and read each one's whole path of lines
      // for the batch's ids (2.0–2.4 s for 500 new Deactivate lines of an access review).
      .with(
        (cte) => cte('r').materialized(),
        (db) =>
          db
            .selectFrom('requests')
            .select(['requestId', 'regionId', 'marketId', 'agencyId', 'practiceId', 'platformId', 'clientId'])
            .where('requestId', 'in', batch),
      )
      .selectFrom('r')
      .innerJoin('approverAssignments as y', (join) =>
        join
          .onRef('y.regionId', '=', 'r.regionId')
          .onRef('y.marketId', '=', 'r.marketId')
          .onRef('y.agencyId', '=', 'r.agencyId')
          .onRef('y.practiceId', '=', 'r.practiceId')
          .onRef('y.platformId', '=', 'r.platformId')
          // Only the line's client's assignment or the path-wide one can cover it: the others
          // of the path (one per client) are never read.
          .on((eb) => eb.or([eb('y.clientId', '=', eb.ref('r.clientId')), eb('y.clientId', 'is', null)])),
      )
      .select([
        'r.requestId',
        'y.userId',
        'y.secondaryApproverId',
        'y.provisionerId',
        'y.provisionerBackupId',
      ])
      .where('y.isDeleted', '=', 0)
      .where((eb) =>
        eb.exists(
          coveringAssignment(eb as unknown as RequestEb)
            .select('a.approverId')
            .whereRef('a.approverId', '=', sql.ref('y.approverId')),
        ),
      )
      // A decision of a few lines (the one a person waits for) reuses its plan: PostgreSQL spends
      // about a hundred times longer planning this statement than running it. Larger batches are
      // planned afresh, so a connection keeps at most KEPT_PLAN_LINES texts of it.
      .$if(batch.length <= KEPT_PLAN_LINES, (qb) => qb.modifyEnd(KEPT_PLAN))
      .execute();
    for (const row of assigned) {
      const people =
        work === 'approve'
          ? [row.userId, row.secondaryApproverId]
          : [row.provisionerId, row.provisionerBackupId];
      for (const userId of people) {
        if (userId !== null) {
          out.push({ requestId: row.requestId, userId });
        }
      }
    }
    if (work === 'approve') {
      out.push(...(await findMasterApproversOf(q, batch)));
    }
  }
  return out;
}

/** An active administrator row whose (region, market) holds the line `r`. */
const scopeAdminOn = (
  join: JoinBuilder<Database & { r: Database['requests']; ar: Database['adminRegions'] }, 'r' | 'ar'>,
) =>
  join
    .onRef('ar.regionId', '=', 'r.regionId')
    .onRef('ar.marketId', '=', 'r.marketId')
    .on('ar.isDeleted', '=', 0);

/**
 * The lines no assignment and no master approver covers (`hasNoApprovalPath`), each with the
 * administrators whose (region, market) rows hold it (userId null: no administrator either).
 */
export async function findLinesWithoutPath(q: Executor, requestIds: readonly number[]) {
  const rows: { requestId: number; userId: number | null }[] = [];
  for (const batch of chunks(requestIds)) {
    rows.push(
      ...(await q
        .selectFrom('requests as r')
        .leftJoin('adminRegions as ar', scopeAdminOn)
        .select(['r.requestId', 'ar.userId'])
        .where('r.requestId', 'in', batch)
        .where((eb) => hasNoApprovalPath(eb as unknown as RequestEb))
        .$if(batch.length <= KEPT_PLAN_LINES, (qb) => qb.modifyEnd(KEPT_PLAN))
        .execute()),
    );
  }
  return rows;
}

/** The active master approvers of each line's (region, market, agency, practice), by `masterApproverOfPath`. */
export async function findMasterApproversOf(q: Executor, requestIds: readonly number[]) {
  const rows: { requestId: number; userId: number }[] = [];
  for (const batch of chunks(requestIds)) {
    rows.push(
      ...(await q
        .selectFrom('requests as r')
        .innerJoin('masterApprovers as n', (join) =>
          join
            .onRef('n.regionId', '=', 'r.regionId')
            .onRef('n.marketId', '=', 'r.marketId')
            .onRef('n.agencyId', '=', 'r.agencyId')
            .onRef('n.practiceId', '=', 'r.practiceId'),
        )
        .select(['r.requestId', 'n.userId'])
        .where('r.requestId', 'in', batch)
        .where((eb) =>
          eb.exists(
            masterApproverOfPath(eb as unknown as RequestEb)
              .select('m.masterApproverId')
              .whereRef('m.masterApproverId', '=', sql.ref('n.masterApproverId')),
          ),
        )
        .$if(batch.length <= KEPT_PLAN_LINES, (qb) => qb.modifyEnd(KEPT_PLAN))
        .execute()),
    );
  }
  return rows;
}

/** The active administrators whose (region, market) rows hold each line (the admins of its scope). */
export async function findScopeAdminsOf(q: Executor, requestIds: readonly number[]) {
  const rows: { requestId: number; userId: number }[] = [];
  for (const batch of chunks(requestIds)) {
    rows.push(
      ...(await q
        .selectFrom('requests as r')
        .innerJoin('adminRegions as ar', scopeAdminOn)
        .select(['r.requestId', 'ar.userId'])
        .where('r.requestId', 'in', batch)
        .execute()),
    );
  }
  return rows;
}

/**
 * The delegates of these people whose absence runs at `now` (the partial index of running
 * absences), for each of these lines the absence passes to its delegate (`absencePasses`: not a
 * line of the absent person's own, and inside the reach of whoever set the absence).
 */
export async function findRunningDelegates(
  q: Executor,
  requestIds: readonly number[],
  userIds: readonly number[],
  now: string,
) {
  const absences: { absenceId: number }[] = [];
  for (const batch of chunks(userIds)) {
    absences.push(
      ...(await q
        .selectFrom('absences')
        .select('absenceId')
        .where('userId', 'in', batch)
        .where('isDeleted', '=', 0)
        .where('fromDate', '<=', now)
        .where('toDate', '>', now)
        .execute()),
    );
  }
  const rows: { requestId: number; userId: number; delegateId: number }[] = [];
  for (const running of chunks(absences.map((a) => a.absenceId))) {
    for (const batch of chunks(requestIds)) {
      rows.push(
        ...(await q
          .selectFrom('requests as r')
          .crossJoin('absences as ab')
          .where('ab.absenceId', 'in', running)
          .select(['r.requestId', 'ab.userId', 'ab.delegateId'])
          .where('r.requestId', 'in', batch)
          .where((eb) => absencePasses(eb as unknown as RequestEb, 'ab', 'r'))
          .execute()),
      );
    }
  }
  return rows;
}

/** The recipients' names and addresses, and whether each wants email for this event (no setting: yes). */
/** The super administrators (their rows active): told when the audit history breaks. */
export async function findSuperAdminIds(q: Executor): Promise<number[]> {
  const rows = await q.selectFrom('superAdmins').select('userId').where('isDeleted', '=', 0).execute();
  return rows.map((r) => r.userId);
}

export async function findRecipients(q: Executor, userIds: readonly number[], event: NotificationEvent) {
  const rows = [];
  for (const batch of chunks(userIds)) {
    rows.push(
      ...(await q
        .selectFrom('users as u')
        .leftJoin('notificationSettings as ns', (join) =>
          join.onRef('ns.userId', '=', 'u.userId').on('ns.event', '=', event),
        )
        .select([
          'u.userId',
          'u.email',
          'u.name',
          'u.lastName',
          'u.isDeleted',
          'u.isInternal',
          'u.userType',
          'u.roleId',
          'ns.isEmail',
        ])
        .where('u.userId', 'in', batch)
        .execute()),
    );
  }
  return rows;
}

export interface NewNotification {
  userId: number;
  event: NotificationEvent;
  requestId: number | null;
  params: string;
  createdDate: string;
}

export async function insertNotifications(q: Executor, rows: readonly NewNotification[]) {
  for (const batch of chunks(rows)) {
    await q.insertInto('notifications').values(batch).execute();
  }
}

export interface NewOutboxMessage {
  channel: 'email' | 'webhook';
  event: NotificationEvent;
  recipientUserId: number | null;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  createdDate: string;
  nextAttemptAt: string;
}

export async function insertOutbox(q: Executor, rows: readonly NewOutboxMessage[]) {
  for (const batch of chunks(rows, 100)) {
    await q.insertInto('mailOutbox').values(batch).execute();
  }
}

// ---------------------------------------------------------------- the notification centre

/** One page of the caller's notifications, newest first, with what they name. */
export async function findNotificationPage(
  q: Executor,
  userId: number,
  page: { page: number; pageSize: number },
) {
  const rows = await q
    .selectFrom('notifications as n')
    .leftJoin('requests as r', 'r.requestId', 'n.requestId')
    .leftJoin('platforms as p', 'p.platformId', 'r.platformId')
    .leftJoin('users as s', 's.userId', 'r.userId')
    .select([
      'n.notificationId',
      'n.event',
      'n.requestId',
      'n.params',
      'n.createdDate',
      'n.readAt',
      'r.expirationDate',
      'p.description as platform',
      's.name as subjectFirstName',
      's.lastName as subjectLastName',
    ])
    .where('n.userId', '=', userId)
    .orderBy('n.createdDate', 'desc')
    .orderBy('n.notificationId', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  const total = await q
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return { rows, totalCount: toCount(total.n) };
}
export type NotificationRow = Awaited<ReturnType<typeof findNotificationPage>>['rows'][number];

export async function countUnread(q: Executor, userId: number): Promise<number> {
  const row = await q
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** Marks the caller's notification read (or every unread one when `notificationId` is null). */
export async function markRead(
  q: Executor,
  userId: number,
  notificationId: number | null,
  now: string,
): Promise<number> {
  let update = q
    .updateTable('notifications')
    .set({ readAt: now })
    .where('userId', '=', userId)
    .where('readAt', 'is', null);
  if (notificationId !== null) {
    update = update.where('notificationId', '=', notificationId);
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function notificationExists(q: Executor, userId: number, notificationId: number) {
  const row = await q
    .selectFrom('notifications')
    .select('notificationId')
    .where('userId', '=', userId)
    .where('notificationId', '=', notificationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findSettings(q: Executor, userId: number) {
  return q
    .selectFrom('notificationSettings')
    .select(['event', 'isEmail'])
    .where('userId', '=', userId)
    .execute();
}

export async function saveSettings(
  q: Executor,
  userId: number,
  settings: readonly { event: string; isEmail: boolean }[],
  now: string,
) {
  await q
    .insertInto('notificationSettings')
    .values(settings.map((s) => ({ userId, event: s.event, isEmail: s.isEmail ? 1 : 0, updatedDate: now })))
    .onConflict((oc) =>
      oc.columns(['userId', 'event']).doUpdateSet((eb) => ({
        isEmail: eb.ref('excluded.isEmail'),
        updatedDate: eb.ref('excluded.updatedDate'),
      })),
    )
    .execute();
}

// ---------------------------------------------------------------- the outbox

/** The super admin's 'Sent mail' page: every message of the outbox, newest first. */
export async function findOutboxPage(q: Executor, page: { page: number; pageSize: number }) {
  const rows = await q
    .selectFrom('mailOutbox')
    .select([
      'mailId',
      'channel',
      'event',
      'recipient',
      'subject',
      'textBody',
      'status',
      'attempts',
      'createdDate',
      'nextAttemptAt',
      'sentAt',
      'lastError',
    ])
    .orderBy('createdDate', 'desc')
    .orderBy('mailId', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  const total = await q
    .selectFrom('mailOutbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, totalCount: toCount(total.n) };
}

/** What is due to send at `now`, oldest first, of the channels this instance can send. */
export async function findDueMessages(
  q: Executor,
  now: string,
  channels: readonly ('email' | 'webhook')[],
  limit: number,
) {
  if (channels.length === 0) {
    return [];
  }
  return q
    .selectFrom('mailOutbox')
    .select(['mailId', 'channel', 'recipient', 'subject', 'textBody', 'htmlBody', 'attempts'])
    .where('status', '=', 'PENDING')
    .where('nextAttemptAt', '<=', now)
    .where('channel', 'in', channels)
    .orderBy('nextAttemptAt')
    .orderBy('mailId')
    .limit(limit)
    .execute();
}

export async function markSent(q: Executor, mailId: number, now: string) {
  await q
    .updateTable('mailOutbox')
    .set((eb) => ({ status: 'SENT', sentAt: now, attempts: eb('attempts', '+', 1), lastError: null }))
    .where('mailId', '=', mailId)
    .where('status', '=', 'PENDING')
    .execute();
}

export async function markFailed(q: Executor, mailId: number, nextAttemptAt: string, error: string) {
  await q
    .updateTable('mailOutbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt, lastError: error.slice(0, 1000) }))
    .where('mailId', '=', mailId)
    .where('status', '=', 'PENDING')
    .execute();
}
