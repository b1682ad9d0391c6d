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
import { renderMail, type MailLine } from './render.ts';

/** One recipient of one line, and in which part they get it. */
interface Delivery {
  requestId: number;
  userId: number;
  role: NotificationRole;
  /** Reminders and escalations: what the line waits for (its text and link say it). */
  task?: TaskKind;
}

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/**
 * Queues the notifications of one transition inside its transaction (rolled back with it): one
 * in-app notification per recipient per line, and ONE email per recipient for the whole batch
 * (unless they turned that event's email off), written with a few set-based statements.
 * Who gets what: submitted → the lines' approvers (a line with no approval path → the
 * administrators of its scope, and the Teams / Slack webhook); approved → provisioners and
 * requestor; rejected, completed, cancelled → requestor and subject; modified → requestor;
 * reminder → a Submitted line's approvers (no approval path: the administrators of its scope),
 * an Approved line's provisioners; escalated → the master approvers of the line's path, or when
 * it has none the administrators of its scope and the webhook.
 * Nobody is told of their own action, and approvers and provisioners are never told of a line
 * they requested or are the subject of (they cannot act on it).
 */
export async function queueNotifications(
  trx: Executor,
  event: NotificationEvent,
  requestIds: readonly number[],
  /** Who acted; null for the portal itself (a scheduled job), which tells everyone. */
  actorId: number | null,
): Promise<void> {
  const ids = [...new Set(requestIds)];
  if (ids.length === 0) {
    return;
  }
  const lines = await q.findLineFacts(trx, ids);
  const byId = new Map(lines.map((l) => [l.requestId, l]));
  const deliveries: Delivery[] = [];
  const ownersOf = (role: 'requester' | 'subject') =>
    lines.map((l) => ({
      requestId: l.requestId,
      userId: role === 'requester' ? l.createdBy : l.userId,
      role,
    }));
  const routed = async (work: 'approve' | 'provision', role: NotificationRole) =>
    (await q.findRoutedPeople(trx, ids, work)).map((p) => ({ ...p, role }));
  // Lines someone approves have an approval path: only the others can lack one.
  let unroutedCandidates: number[] = [];
  let escalatedToAdmins: number[] = [];
  const taskOf = (requestId: number) => taskKindOf(byId.get(requestId)?.statusId ?? 0) ?? undefined;
  const isOwnLine = (d: { requestId: number; userId: number }) =>
    byId.get(d.requestId)?.createdBy === d.userId || byId.get(d.requestId)?.userId === d.userId;
  switch (event) {
    case 'submitted': {
      const approvers = await routed('approve', 'approver');
      deliveries.push(...approvers);
      const covered = new Set(approvers.map((a) => a.requestId));
      unroutedCandidates = ids.filter((id) => !covered.has(id));
      break;
    }
    case 'approved':
      deliveries.push(...(await routed('provision', 'provisioner')), ...ownersOf('requester'));
      break;
    case 'rejected':
    case 'completed':
    case 'cancelled':
      deliveries.push(...ownersOf('requester'), ...ownersOf('subject'));
      break;
    case 'modified':
      deliveries.push(...ownersOf('requester'));
      break;
    case 'noApprovalPath':
      break;
    case 'reminder': {
      const submitted = ids.filter((id) => taskOf(id) === 'approval');
      const approvers = (await q.findRoutedPeople(trx, submitted, 'approve')).map((p) => ({
        ...p,
        role: 'approver' as const,
        task: 'approval' as const,
      }));
      const covered = new Set(approvers.map((a) => a.requestId));
      const unrouted = await q.findLinesWithoutPath(
        trx,
        submitted.filter((id) => !covered.has(id)),
      );
      const approved = ids.filter((id) => taskOf(id) === 'provisioning');
      deliveries.push(
        ...approvers,
        ...unrouted.flatMap((u) =>
          u.userId === null
            ? []
            : [
                {
                  requestId: u.requestId,
                  userId: u.userId,
                  role: 'admin' as const,
                  task: 'approval' as const,
                },
              ],
        ),
        ...(await q.findRoutedPeople(trx, approved, 'provision')).map((p) => ({
          ...p,
          role: 'provisioner' as const,
          task: 'provisioning' as const,
        })),
      );
      break;
    }
    case 'escalated': {
      // A master approver who requested the line or is its subject cannot decide it: the line
      // then goes to the administrators as if the path had no master approver.
      const masters = (await q.findMasterApproversOf(trx, ids)).filter((m) => !isOwnLine(m));
      const withMaster = new Set(masters.map((m) => m.requestId));
      escalatedToAdmins = ids.filter((id) => !withMaster.has(id));
      const admins = await q.findScopeAdminsOf(trx, escalatedToAdmins);
      deliveries.push(
        ...masters.map((m) => ({ ...m, role: 'approver' as const, task: taskOf(m.requestId) })),
        ...admins.map((a) => ({ ...a, role: 'admin' as const, task: taskOf(a.requestId) })),
      );
      break;
    }
    case 'expiring':
      deliveries.push(...ownersOf('requester'), ...ownersOf('subject'));
      break;
    case 'expired':
      deliveries.push(
        ...(await routed('provision', 'provisioner')),
        ...ownersOf('requester'),
        ...ownersOf('subject'),
      );
      break;
  }
  deliveries.push(...(await delegatesOf(trx, deliveries)));
  await deliver(trx, event, dedupe(deliveries, byId, actorId), byId, actorId);
  if (escalatedToAdmins.length > 0) {
    await queueWebhook(trx, 'escalated', escalatedToAdmins, byId);
  }

  if (unroutedCandidates.length > 0) {
    const unrouted = await q.findLinesWithoutPath(trx, unroutedCandidates);
    if (unrouted.length > 0) {
      const admins = unrouted
        .filter((u): u is { requestId: number; userId: number } => u.userId !== null)
        .map((u) => ({ ...u, role: 'admin' as const }));
      await deliver(trx, 'noApprovalPath', dedupe(admins, byId, actorId), byId, actorId);
      await queueWebhook(trx, 'noApprovalPath', [...new Set(unrouted.map((u) => u.requestId))], byId);
    }
  }
}

/**
 * While an approver or provisioner is away (out of office), the delegate they named gets what
 * they get: routing gives the delegate their tasks, so the delegate is told of them too.
 */
async function delegatesOf(trx: Executor, deliveries: readonly Delivery[]): Promise<Delivery[]> {
  const workers = deliveries.filter((d) => d.role === 'approver' || d.role === 'provisioner');
  if (workers.length === 0) {
    return [];
  }
  const delegates = await q.findRunningDelegates(trx, [...new Set(workers.map((w) => w.userId))], nowIso());
  return workers.flatMap((w) =>
    delegates.filter((d) => d.userId === w.userId).map((d) => ({ ...w, userId: d.delegateId })),
  );
}

/** One delivery per (line, person); never to the actor; approvers and provisioners never of their own lines. */
function dedupe(deliveries: Delivery[], byId: Map<number, q.LineFacts>, actorId: number | null): Delivery[] {
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

function lineText(
  event: NotificationEvent,
  line: q.LineFacts | undefined,
  requestId: number,
  role: NotificationRole,
  actor: string,
  task?: TaskKind,
) {
  return messages.notificationText(event, {
    requestId,
    platform: line?.platform ?? '',
    subject: fullName(line?.subjectFirstName ?? null, line?.subjectLastName ?? null),
    actor,
    isMine: role === 'requester' || role === 'subject',
    ...(task ? { task } : {}),
    endDate: formatDate(line?.expirationDate ?? null),
  });
}

async function deliver(
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
      params: JSON.stringify({ role: d.role, actor, ...(d.task ? { task: d.task } : {}) }),
      createdDate: now,
    })),
  );
  const linesOf = new Map<number, MailLine[]>();
  for (const d of live) {
    const list = linesOf.get(d.userId) ?? [];
    list.push({
      requestId: d.requestId,
      role: d.role,
      ...(d.task ? { task: d.task } : {}),
      text: lineText(event, byId.get(d.requestId), d.requestId, d.role, actor, d.task),
    });
    linesOf.set(d.userId, list);
  }
  const mails: q.NewOutboxMessage[] = [];
  for (const [userId, mailLines] of linesOf) {
    const person = personOf.get(userId);
    if (!person || person.isEmail === 0 || !person.email) {
      continue;
    }
    const mail = renderMail(event, fullName(person.name, person.lastName), mailLines);
    mails.push({
      channel: 'email',
      event,
      recipientUserId: userId,
      recipient: person.email,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      createdDate: now,
      nextAttemptAt: now,
    });
  }
  await q.insertOutbox(trx, mails);
}

/** Administrator events also go to the Teams / Slack incoming webhooks (one post per batch). */
async function queueWebhook(
  trx: Executor,
  event: 'noApprovalPath' | 'escalated',
  requestIds: number[],
  byId: Map<number, q.LineFacts>,
) {
  const mailLines = requestIds.map((requestId) => {
    const task = taskKindOf(byId.get(requestId)?.statusId ?? 0) ?? undefined;
    return {
      requestId,
      role: 'admin' as const,
      ...(task ? { task } : {}),
      text: lineText(event, byId.get(requestId), requestId, 'admin', '', task),
    };
  });
  const mail = renderMail(event, 'administrators', mailLines);
  const now = nowIso();
  await q.insertOutbox(trx, [
    {
      channel: 'webhook',
      event,
      recipientUserId: null,
      recipient: '',
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      createdDate: now,
      nextAttemptAt: now,
    },
  ]);
}
