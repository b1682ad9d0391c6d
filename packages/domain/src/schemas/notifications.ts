import { z } from 'zod';
import { listPage } from './table.ts';

/**
 * Notifications. An event is a name; reminders, escalations and expiry add names here and rows to the same tables.
 */
export const notificationEvents = [
  'submitted',
  'approved',
  'rejected',
  'completed',
  'cancelled',
  'modified',
  'noApprovalPath',
  'reminder',
  'escalated',
  'expiring',
  'expired',
  'reassigned',
  'accessReview',
  'auditChain',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];
export const notificationEvent = z.enum(notificationEvents);

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationIdParams = z.object({ notificationId: z.coerce.number().int().min(1) });

export const notificationItem = z.object({
  notificationId: z.number().int(),
  event: notificationEvent,
  requestId: z.number().int().nullable(),
  /** The sentence shown (from the message catalogue). */
  text: z.string(),
  /** Where the notification leads in the portal (a path of the SPA). */
  link: z.string(),
  createdDate: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationPage = listPage('notifications', notificationItem).extend({
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadCount = z.object({ unreadCount: z.number().int() });

export const markedRead = z.object({ updated: z.number().int() });

/** One event's email choice; in-app notifications are always on. */
export const notificationSetting = z.object({ event: notificationEvent, isEmail: z.boolean() });
export type NotificationSetting = z.infer<typeof notificationSetting>;
export const notificationSettingsBody = z.object({
  settings: z.array(notificationSetting).min(1).max(notificationEvents.length),
});
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBody>;

export const sentMailQuery = notificationListQuery;
export const sentMailItem = z.object({
  mailId: z.number().int(),
  channel: z.enum(['email', 'webhook']),
  event: z.string(),
  recipient: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.enum(['PENDING', 'SENT']),
  attempts: z.number().int(),
  createdDate: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type SentMailItem = z.infer<typeof sentMailItem>;
export const sentMailPage = listPage('mails', sentMailItem);
export type SentMailPage = z.infer<typeof sentMailPage>;

/** In which part a recipient gets an event: it decides the sentence and the link. */
export const notificationRoles = ['approver', 'provisioner', 'admin', 'requester', 'subject'] as const;
export type NotificationRole = (typeof notificationRoles)[number];

/**
 * Where a notification leads: the approver's task, the provisioner's task, or the requester's
 * list; an administrator told of a line waiting for provisioning (`task`) or of an escalation,
 * its tracker row (an escalated line usually has approvers, so it is not in the administrator's
 * queue); an 'expiring' notice opens the record's Length Of Access change (Extend); tasks
 * reassigned to the recipient open My Approval Tasks (or My Provisioning Tasks when only
 * provisioning tasks came).
 */
export function notificationLink(
  role: NotificationRole,
  requestId: number | null,
  task?: 'approval' | 'provisioning',
  event?: NotificationEvent,
): string {
  const id = requestId ?? 0;
  if (event === 'reassigned') {
    return role === 'provisioner' ? '/Provisioners' : '/Approvals';
  }
  if (event === 'accessReview') {
    return '/MyAccessReviews';
  }
  if (event === 'auditChain') {
    return '/Jobs';
  }
  if (event === 'expiring') {
    return `/ChangeUserRecords?extend=${id}`;
  }
  if (role === 'admin' && (task === 'provisioning' || event === 'escalated')) {
    return `/AllRequest/requestId/${id}`;
  }
  switch (role) {
    case 'approver':
    case 'admin':
      return `/Approvals?requestId=${id}`;
    case 'provisioner':
      return `/Provisioners?requestId=${id}`;
    case 'requester':
    case 'subject':
      return `/MyRequests?requestId=${id}`;
  }
}
