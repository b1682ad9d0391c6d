import {
  formatDate,
  messages,
  taskKindOf,
  type NotificationEvent,
  type NotificationRole,
  type TaskKind,
} from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';
import * as q from './queries.ts';
import { renderMail, userText, type MailLine } from './render.ts';
import { issueDecisionLinks, linkKey } from '../mail-decisions/issue.ts';

/** One recipient of one line, and in which part they get it. */
export interface Delivery {
  requestId: number;
  userId: number;
  role: NotificationRole;
  /** Reminders and escalations: what the line waits for (its text and link say it). */
  task?: TaskKind;
  /** Escalations: how many times its service level the line has waited (its text says it). */
  times?: number;
}

export const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** A rendered mail as the outbox row that sends it now: an email to one person, or the webhook post. */
export function outboxMessage(
  event: q.NewOutboxMessage['event'],
  to: { userId: number; email: string } | 'webhook',
  mail: { subject: string; text: string; html: string },
  now: string,
): q.NewOutboxMessage {
  return {
    channel: to === 'webhook' ? 'webhook' : 'email',
    event,
    recipientUserId: to === 'webhook' ? null : to.userId,
    recipient: to === 'webhook' ? '' : to.email,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    createdDate: now,
    nextAttemptAt: now,
  };
}

/**
 * While an approver or provisioner is away (out of office), the delegate they named gets what
 * they get of the lines routing passes to the delegate (`absencePasses`), so the delegate is
 * told of exactly the tasks they hold for them.
 */
export async function delegatesOf(trx: Executor, deliveries: readonly Delivery[]): Promise<Delivery[]> {
  const workers = deliveries.filter((d) => d.role === 'approver' || d.role === 'provisioner');
  if (workers.length === 0) {
    return [];
  }
  const delegates = await q.findRunningDelegates(
    trx,
    [...new Set(workers.map((w) => w.requestId))],
    [...new Set(workers.map((w) => w.userId))],
    nowIso(),
  );
  return workers.flatMap((w) =>
    delegates
      .filter((d) => d.userId === w.userId && d.requestId === w.requestId)
      .map((d) => ({ ...w, userId: d.delegateId })),
  );
}

/** One delivery per (line, person); never to the actor; approvers and provisioners never of their own lines. */
export function dedupe(
  deliveries: Delivery[],
  byId: Map<number, q.LineFacts>,
  actorId: number | null,
): Delivery[] {
  const seen = new Set<string>();
  return deliveries.filter((d) => {
    const line = byId.get(d.requestId);
    const key = `${d.requestId}:${d.userId}`;
    const isOwnLine = line !== undefined && (line.createdBy === d.userId || line.userId === d.userId);
    const isWorker = d.role === 'approver' || d.role === 'provisioner' || d.role === 'admin';
    if (d.userId === actorId || seen.has(key) || (isWorker && isOwnLine)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

/** The text of one line of a notification, as its recipient reads it. */
function lineText(
  event: NotificationEvent,
  line: q.LineFacts | undefined,
  requestId: number,
  role: NotificationRole,
  actor: string,
  task?: TaskKind,
  times?: number,
  isGuest = false,
) {
  return messages.notificationText(event, {
    requestId,
    platform: line?.platform ?? '',
    subject: fullName(line?.subjectFirstName ?? null, line?.subjectLastName ?? null),
    actor,
    isMine: role === 'requester' || role === 'subject',
    ...(task ? { task } : {}),
    ...(times ? { times } : {}),
    endDate: formatDate(line?.expirationDate ?? null),
    ...(event === 'rejected' ? { comment: line?.decisionComment ?? '' } : {}),
    ...(isGuest ? { isGuest } : {}),
  });
}

/** An external guest: never signs in, so no mail of theirs points into the portal. */
const isGuestRecipient = (person: { isInternal: number; userType: string | null } | undefined) =>
  person !== undefined && (person.isInternal === 0 || person.userType === 'Guest');

export async function deliver(
  trx: Executor,
  event: NotificationEvent,
  deliveries: Delivery[],
  byId: Map<number, q.LineFacts>,
  actorId: number | null,
) {
  if (deliveries.length === 0) {
    return;
  }
  const people = await q.findRecipients(
    trx,
    [...new Set([...deliveries.map((d) => d.userId), ...(actorId === null ? [] : [actorId])])],
    event,
  );
  const personOf = new Map(people.map((p) => [p.userId, p]));
  const actorPerson = actorId === null ? undefined : personOf.get(actorId);
  const actor = actorPerson ? fullName(actorPerson.name, actorPerson.lastName) : '';
  const now = nowIso();
  const live = deliveries.filter((d) => personOf.get(d.userId)?.isDeleted === 0);
  await q.insertNotifications(
    trx,
    live.map((d) => ({
      userId: d.userId,
      event,
      requestId: d.requestId,
      params: JSON.stringify({
        role: d.role,
        actor,
        ...(d.task ? { task: d.task } : {}),
        ...(d.times ? { times: d.times } : {}),
        // The rejection's reason as it was given, for the bell to say it.
        ...(event === 'rejected' ? { comment: byId.get(d.requestId)?.decisionComment ?? '' } : {}),
      }),
      createdDate: now,
    })),
  );
  // A recipient who gets the mail may decide from it: an approver's, a provisioner's task.
  const mailed = (userId: number) => {
    const person = personOf.get(userId);
    return person !== undefined && person.isEmail !== 0 && Boolean(person.email) && !isGuestRecipient(person);
  };
  const links = await issueDecisionLinks(
    trx,
    live
      .filter((d) => mailed(d.userId))
      .map((d) => ({
        userId: d.userId,
        roleId: personOf.get(d.userId)?.roleId ?? 0,
        requestId: d.requestId,
        role: d.role,
        statusId: byId.get(d.requestId)?.statusId ?? 0,
      })),
    now,
  );
  const linesOf = new Map<number, MailLine[]>();
  for (const d of live) {
    const list = linesOf.get(d.userId) ?? [];
    list.push({
      requestId: d.requestId,
      role: d.role,
      ...(d.task ? { task: d.task } : {}),
      ...(d.times ? { times: d.times } : {}),
      text: lineText(
        event,
        byId.get(d.requestId),
        d.requestId,
        d.role,
        actor,
        d.task,
        d.times,
        isGuestRecipient(personOf.get(d.userId)),
      ),
      decisions: links.get(linkKey(d.userId, d.requestId)) ?? [],
    });
    linesOf.set(d.userId, list);
  }
  const mails: q.NewOutboxMessage[] = [];
  for (const [userId, mailLines] of linesOf) {
    const person = personOf.get(userId);
    if (!person || person.isEmail === 0 || !person.email) {
      continue;
    }
    const mail = renderMail(event, fullName(person.name, person.lastName), mailLines, {
      isGuest: isGuestRecipient(person),
    });
    mails.push(outboxMessage(event, { userId, email: person.email }, mail, now));
  }
  await q.insertOutbox(trx, mails);
}

/** A line's user-supplied facts marked, so each webhook target escapes them (render.ts, userText). */
function markedFacts(line: q.LineFacts | undefined): q.LineFacts | undefined {
  return (
    line && {
      ...line,
      platform: userText(line.platform),
      subjectFirstName: userText(line.subjectFirstName),
      subjectLastName: userText(line.subjectLastName),
    }
  );
}

/** Administrator events also go to the Teams / Slack incoming webhooks (one post per batch). */
export async function queueWebhook(
  trx: Executor,
  event: 'noApprovalPath' | 'escalated',
  requestIds: number[],
  byId: Map<number, q.LineFacts>,
  timesOf?: ReadonlyMap<number, number>,
) {
  const mailLines = requestIds.map((requestId) => {
    const task = taskKindOf(byId.get(requestId)?.statusId ?? 0) ?? undefined;
    const times = timesOf?.get(requestId);
    return {
      requestId,
      role: 'admin' as const,
      ...(task ? { task } : {}),
      ...(times ? { times } : {}),
      text: lineText(event, markedFacts(byId.get(requestId)), requestId, 'admin', '', task, times),
    };
  });
  const mail = renderMail(event, 'administrators', mailLines);
  await q.insertOutbox(trx, [outboxMessage(event, 'webhook', mail, nowIso())]);
}
