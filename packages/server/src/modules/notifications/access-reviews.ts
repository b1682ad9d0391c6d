import { messages, notificationLink } from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';
import { fullName, outboxMessage } from './delivery.ts';
import * as q from './queries.ts';
import { renderPersonMail } from './render.ts';

/**
 * Tells each reviewer of a campaign that has just started how many items wait for them: ONE
 * in-app notification and ONE email per reviewer (unless they turned the event's email off),
 * linking to My Access Reviews. In the start's transaction; the caller is not told of their own
 * start, and a removed profile is told nothing.
 */
export async function queueAccessReviewRequests(
  trx: Executor,
  o: {
    campaign: string;
    /** The due day as people read it ('2026-12-19'). */
    dueDate: string;
    reviewers: readonly { userId: number; itemCount: number }[];
    actorId: number;
  },
): Promise<void> {
  const reviewers = o.reviewers.filter((r) => r.userId !== o.actorId && r.itemCount > 0);
  if (reviewers.length === 0) {
    return;
  }
  const people = await q.findRecipients(
    trx,
    reviewers.map((r) => r.userId),
    'accessReview',
  );
  const personOf = new Map(people.map((p) => [p.userId, p]));
  const now = nowIso();
  const notifications: q.NewNotification[] = [];
  const mails: q.NewOutboxMessage[] = [];
  for (const reviewer of reviewers) {
    const person = personOf.get(reviewer.userId);
    if (!person || person.isDeleted !== 0) {
      continue;
    }
    notifications.push({
      userId: reviewer.userId,
      event: 'accessReview',
      requestId: null,
      params: JSON.stringify({ campaign: o.campaign, dueDate: o.dueDate, items: reviewer.itemCount }),
      createdDate: now,
    });
    if (person.isEmail === 0 || !person.email) {
      continue;
    }
    const mail = renderPersonMail(fullName(person.name, person.lastName), {
      event: 'accessReview',
      text: messages.accessReviewNotificationText(o.campaign, reviewer.itemCount, o.dueDate),
      requests: '',
      links: [notificationLink('approver', null, undefined, 'accessReview')],
      count: reviewer.itemCount,
    });
    mails.push(outboxMessage('accessReview', { userId: reviewer.userId, email: person.email }, mail, now));
  }
  await q.insertNotifications(trx, notifications);
  await q.insertOutbox(trx, mails);
}
