import { messages, notificationLink, type WhenUndecided } from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';
import { fullName, outboxMessage } from './delivery.ts';
import * as q from './queries.ts';
import { renderPersonMail } from './render.ts';

/**
 * What a campaign tells a person: 'start' and 'reminder' ask a reviewer to decide their items
 * (My Access Reviews); 'pastDue' tells the campaign's creator what its default did with the
 * undecided items once the due date passed (Access Reviews).
 */
export type AccessReviewNotice =
  | { stage: 'start' | 'reminder'; campaign: string; dueDate: string }
  | { stage: 'pastDue'; campaign: string; outcome: WhenUndecided };

/** The sentence of a notice about `count` items (the bell and the mail say the same). */
export function accessReviewNoticeText(notice: AccessReviewNotice, count: number): string {
  switch (notice.stage) {
    case 'start':
      return messages.accessReviewNotificationText(notice.campaign, count, notice.dueDate);
    case 'reminder':
      return messages.accessReviewReminderText(notice.campaign, count, notice.dueDate);
    case 'pastDue':
      return messages.accessReviewPastDueText(notice.campaign, count, notice.outcome);
  }
}

/** Where a notice leads: the reviewer's items, or the creator's campaigns. */
export const accessReviewNoticeLink = (notice: Pick<AccessReviewNotice, 'stage'>): string =>
  notice.stage === 'pastDue'
    ? '/AccessReviews'
    : notificationLink('approver', null, undefined, 'accessReview');

/**
 * Tells each person of `recipients` about a campaign: ONE in-app notification and ONE email per
 * person (unless they turned the event's email off), in the caller's transaction. The person who
 * acted (`actorId`: who started the campaign; null for the job) is not told, nor is a removed
 * profile.
 */
export async function queueAccessReviewNotices(
  trx: Executor,
  notice: AccessReviewNotice,
  recipients: readonly { userId: number; itemCount: number }[],
  actorId: number | null,
): Promise<void> {
  const told = recipients.filter((r) => r.userId !== actorId && r.itemCount > 0);
  if (told.length === 0) {
    return;
  }
  const people = await q.findRecipients(
    trx,
    told.map((r) => r.userId),
    'accessReview',
  );
  const personOf = new Map(people.map((p) => [p.userId, p]));
  const now = nowIso();
  const notifications: q.NewNotification[] = [];
  const mails: q.NewOutboxMessage[] = [];
  for (const recipient of told) {
    const person = personOf.get(recipient.userId);
    if (!person || person.isDeleted !== 0) {
      continue;
    }
    notifications.push({
      userId: recipient.userId,
      event: 'accessReview',
      requestId: null,
      params: JSON.stringify({ ...notice, items: recipient.itemCount }),
      createdDate: now,
    });
    if (person.isEmail === 0 || !person.email) {
      continue;
    }
    const mail = renderPersonMail(fullName(person.name, person.lastName), {
      event: 'accessReview',
      text: accessReviewNoticeText(notice, recipient.itemCount),
      requests: '',
      links: [accessReviewNoticeLink(notice)],
      count: recipient.itemCount,
    });
    mails.push(outboxMessage('accessReview', { userId: recipient.userId, email: person.email }, mail, now));
  }
  await q.insertNotifications(trx, notifications);
  await q.insertOutbox(trx, mails);
}

const outcomes: readonly string[] = ['keep', 'revoke', 'administrators'];

/** A stored notification's notice (its params as written by `queueAccessReviewNotices`). */
export function accessReviewNoticeOf(params: {
  campaign?: unknown;
  dueDate?: unknown;
  stage?: unknown;
  outcome?: unknown;
}): AccessReviewNotice {
  const campaign = typeof params.campaign === 'string' ? params.campaign : '';
  if (params.stage === 'pastDue') {
    const outcome =
      typeof params.outcome === 'string' && outcomes.includes(params.outcome) ? params.outcome : 'keep';
    return { stage: 'pastDue', campaign, outcome: outcome as WhenUndecided };
  }
  return {
    stage: params.stage === 'reminder' ? 'reminder' : 'start',
    campaign,
    dueDate: typeof params.dueDate === 'string' ? params.dueDate : '',
  };
}
