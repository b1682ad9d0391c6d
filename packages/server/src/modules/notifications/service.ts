import {
  formatDate,
  messages,
  notificationEvents,
  notificationLink,
  notificationRoles,
  type NotificationEvent,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationRole,
  type NotificationSetting,
  type SentMailPage,
} from '@uap/domain';
import { nowIso, type Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import * as q from './queries.ts';
import { accessReviewNoticeLink, accessReviewNoticeOf, accessReviewNoticeText } from './access-reviews.ts';
import { chainBreakOf, chainBreakText } from './audit-chain.ts';
import { plainText, withBaseUrl, withDecisionTokens } from './render.ts';

const isEvent = (value: string): value is NotificationEvent =>
  (notificationEvents as readonly string[]).includes(value);
const isRole = (value: unknown): value is NotificationRole =>
  typeof value === 'string' && (notificationRoles as readonly string[]).includes(value);

function presentNotification(row: q.NotificationRow) {
  const params = row.params
    ? (JSON.parse(row.params) as {
        role?: unknown;
        actor?: unknown;
        task?: unknown;
        times?: unknown;
        approvals?: unknown;
        provisioning?: unknown;
        comment?: unknown;
        campaign?: unknown;
        dueDate?: unknown;
        items?: unknown;
        stage?: unknown;
        outcome?: unknown;
        table?: unknown;
        id?: unknown;
        reason?: unknown;
      })
    : {};
  const countOf = (value: unknown) => (typeof value === 'number' ? value : 0);
  const task = params.task === 'approval' || params.task === 'provisioning' ? params.task : undefined;
  const role: NotificationRole = isRole(params.role) ? params.role : 'requester';
  const event: NotificationEvent = isEvent(row.event) ? row.event : 'submitted';
  return {
    notificationId: row.notificationId,
    event,
    requestId: row.requestId,
    text:
      event === 'accessReview'
        ? accessReviewNoticeText(accessReviewNoticeOf(params), countOf(params.items))
        : event === 'auditChain'
          ? chainBreakText(chainBreakOf(params))
          : event === 'reassigned'
            ? messages.tasksReassignedText({
                actor: typeof params.actor === 'string' ? params.actor : '',
                approvals: countOf(params.approvals),
                provisioning: countOf(params.provisioning),
              })
            : messages.notificationText(event, {
                requestId: row.requestId ?? 0,
                platform: row.platform ?? '',
                subject: `${row.subjectFirstName ?? ''} ${row.subjectLastName ?? ''}`.trim(),
                actor: typeof params.actor === 'string' ? params.actor : '',
                isMine: role === 'requester' || role === 'subject',
                ...(task ? { task } : {}),
                ...(typeof params.times === 'number' ? { times: params.times } : {}),
                ...(typeof params.comment === 'string' ? { comment: params.comment } : {}),
                endDate: formatDate(row.expirationDate),
              }),
    link:
      event === 'accessReview'
        ? accessReviewNoticeLink(accessReviewNoticeOf(params))
        : notificationLink(role, row.requestId, task, event),
    createdDate: row.createdDate,
    readAt: row.readAt,
  };
}

/** The caller's notifications, newest first, with the unread count. */
export async function findMyNotifications(
  db: Db,
  actor: Actor,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const [{ rows, totalCount }, unreadCount] = await Promise.all([
    q.findNotificationPage(db.kysely, actor.userId, query),
    q.countUnread(db.kysely, actor.userId),
  ]);
  return { notifications: rows.map(presentNotification), page: query.page, totalCount, unreadCount };
}

export function countMyUnread(db: Db, actor: Actor): Promise<number> {
  return q.countUnread(db.kysely, actor.userId);
}

/** Marks one of the caller's notifications read; another user's is simply not found (404). */
export async function markOneRead(db: Db, actor: Actor, notificationId: number): Promise<number> {
  if (!(await q.notificationExists(db.kysely, actor.userId, notificationId))) {
    throw notFound();
  }
  return q.markRead(db.kysely, actor.userId, notificationId, nowIso());
}

export function markAllRead(db: Db, actor: Actor): Promise<number> {
  return q.markRead(db.kysely, actor.userId, null, nowIso());
}

/** The caller's email choice for every event (no row saved: email on). */
export async function getSettings(db: Db, actor: Actor): Promise<NotificationSetting[]> {
  const saved = new Map((await q.findSettings(db.kysely, actor.userId)).map((s) => [s.event, s.isEmail]));
  return notificationEvents.map((event) => ({ event, isEmail: (saved.get(event) ?? 1) === 1 }));
}

export async function saveSettings(
  db: Db,
  actor: Actor,
  settings: readonly NotificationSetting[],
): Promise<NotificationSetting[]> {
  await q.saveSettings(db.kysely, actor.userId, settings, nowIso());
  return getSettings(db, actor);
}

/** The outbox for the super admin's 'Sent mail' page, links as the recipients get them. */
export async function findSentMail(
  db: Db,
  baseUrl: string,
  query: NotificationListQuery,
): Promise<SentMailPage> {
  const { rows, totalCount } = await q.findOutboxPage(db.kysely, query);
  return {
    mails: rows.map((r) => ({
      ...r,
      channel: r.channel === 'webhook' ? 'webhook' : 'email',
      status: r.status === 'SENT' ? 'SENT' : 'PENDING',
      // A decision link as the page shows it: its token withheld, so reading it decides nothing.
      textBody: plainText(withDecisionTokens(withBaseUrl(r.textBody, baseUrl), (id) => `${id}.withheld`)),
    })),
    page: query.page,
    totalCount,
  };
}
