import { chainBreakReasons, messages, notificationLink, type ChainBreakReason } from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';
import { fullName, outboxMessage } from './delivery.ts';
import * as q from './queries.ts';
import { renderPersonMail } from './render.ts';

/** What a break notice says: the row where the audit history stops being what was written. */
export interface ChainBreakNotice {
  table: string;
  id: number;
  reason: ChainBreakReason;
}

export const chainBreakText = (notice: ChainBreakNotice): string =>
  messages.auditChainBreak(notice.table, notice.id, notice.reason);

/** A stored notification's break (its params as `queueChainBreakNotices` wrote them). */
export function chainBreakOf(params: { table?: unknown; id?: unknown; reason?: unknown }): ChainBreakNotice {
  return {
    table: typeof params.table === 'string' ? params.table : '',
    id: typeof params.id === 'number' ? params.id : 0,
    reason: chainBreakReasons.find((r) => r === params.reason) ?? 'link',
  };
}

/**
 * Tells every active super administrator that the audit history breaks: ONE in-app
 * notification and ONE email each (unless they turned the event's email off), and ONE post to
 * the Teams / Slack webhooks, in the caller's transaction. The notice leads to the Jobs page.
 */
export async function queueChainBreakNotices(trx: Executor, notice: ChainBreakNotice): Promise<void> {
  const people = await q.findRecipients(trx, await q.findSuperAdminIds(trx), 'auditChain');
  const now = nowIso();
  const text = chainBreakText(notice);
  const link = notificationLink('admin', null, undefined, 'auditChain');
  const notifications: q.NewNotification[] = [];
  const mails: q.NewOutboxMessage[] = [];
  for (const person of people) {
    if (person.isDeleted !== 0) {
      continue;
    }
    notifications.push({
      userId: person.userId,
      event: 'auditChain',
      requestId: null,
      params: JSON.stringify(notice),
      createdDate: now,
    });
    if (person.isEmail !== 0 && person.email) {
      const mail = renderPersonMail(fullName(person.name, person.lastName), {
        event: 'auditChain',
        text,
        requests: '',
        links: [link],
        count: 1,
      });
      mails.push(outboxMessage('auditChain', { userId: person.userId, email: person.email }, mail, now));
    }
  }
  const post = renderPersonMail(messages.auditChainWebhookGreeting, {
    event: 'auditChain',
    text,
    requests: '',
    links: [link],
    count: 1,
  });
  mails.push(outboxMessage('auditChain', 'webhook', post, now));
  await q.insertNotifications(trx, notifications);
  await q.insertOutbox(trx, mails);
}
