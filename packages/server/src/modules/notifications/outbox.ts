import {
  formatDate,
  messages,
  notificationLink,
  taskKindOf,
  type NotificationEvent,
  type NotificationRole,
  type TaskKind,
} from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';
import * as q from './queries.ts';
import { renderMail, renderReassignedMail, type MailLine } from './render.ts';

/** One recipient of one line, and in which part they get it. */
interface Delivery {
  requestId: number;
  userId: number;
  role: NotificationRole;
  /** Reminders and escalations: what the line waits for (its text and link say it). */
  task?: TaskKind;
  /** Escalations: how many times its service level the line has waited (its text says it). */
  times?: number;
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
 * an Approved line's provisioners; escalated → the master approvers of a Submitted line's path
 * (the administrators' stage is `queueScopeEscalations`).
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
      // A master approver who requested the line or is its subject cannot decide it: the
      // reminders job sends such a line to the administrators instead (`queueScopeEscalations`).
      const submitted = ids.filter((id) => taskOf(id) === 'approval');
      const masters = (await q.findMasterApproversOf(trx, submitted)).filter((m) => !isOwnLine(m));
      deliveries.push(
        ...masters.map((m) => ({ ...m, role: 'approver' as const, task: 'approval' as const, times: 2 })),
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
    case 'reassigned':
      // Told per person, not per line: `queueReassignedTasks`.
      break;
  }
  deliveries.push(...(await delegatesOf(trx, deliveries)));
  await deliver(trx, event, dedupe(deliveries, byId, actorId), byId, actorId);

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
 * The administrators' stage of an escalation, from the reminders job: each line goes to the
 * administrators whose (region, market) rows hold it — found as for a line with no approval
 * path — and the Teams / Slack webhook; `times` is how many times its service level the line
 * has waited (3: its master approvers were told at twice the level; 2: it has nobody above its
 * approvers or provisioners). One email per administrator for the whole batch.
 */
export async function queueScopeEscalations(
  trx: Executor,
  escalations: readonly { requestId: number; times: number }[],
): Promise<void> {
  const ids = [...new Set(escalations.map((e) => e.requestId))];
  if (ids.length === 0) {
    return;
  }
  const timesOf = new Map(escalations.map((e) => [e.requestId, e.times]));
  const lines = await q.findLineFacts(trx, ids);
  const byId = new Map(lines.map((l) => [l.requestId, l]));
  const admins = await q.findScopeAdminsOf(trx, ids);
  const deliveries: Delivery[] = admins.map((a) => {
    const task = taskKindOf(byId.get(a.requestId)?.statusId ?? 0) ?? undefined;
    return { ...a, role: 'admin', ...(task ? { task } : {}), times: timesOf.get(a.requestId) ?? 2 };
  });
  await deliver(trx, 'escalated', dedupe(deliveries, byId, null), byId, null);
  await queueWebhook(trx, 'escalated', ids, byId, timesOf);
}

/** A pending line and who requested it and is its subject (nobody acts on their own line). */
export interface PendingLine {
  requestId: number;
  statusId: number;
  createdBy: number;
  userId: number;
}

/**
 * Who acts on each pending line now, by the routing rule: the approvers of a Submitted line, the
 * provisioners of an Approved one (`${requestId}:${userId}`), never on their own line. Read
 * before and after a change of assignments, the difference is the tasks it handed to someone.
 */
export async function findTaskHolders(trx: Executor, lines: readonly PendingLine[]): Promise<Set<string>> {
  const byId = new Map(lines.map((l) => [l.requestId, l]));
  const of = (kind: TaskKind) => lines.filter((l) => taskKindOf(l.statusId) === kind).map((l) => l.requestId);
  const people = [
    ...(await q.findRoutedPeople(trx, of('approval'), 'approve')),
    ...(await q.findRoutedPeople(trx, of('provisioning'), 'provision')),
  ];
  return new Set(
    people
      .filter(
        (p) => byId.get(p.requestId)?.createdBy !== p.userId && byId.get(p.requestId)?.userId !== p.userId,
      )
      .map((p) => `${p.requestId}:${p.userId}`),
  );
}

/** How many request ids a reassignment email lists before it says 'and N more'. */
const LISTED_IDS = 50;

/**
 * Tells each person the pending tasks a reassignment of approval paths made theirs (held now,
 * not before): ONE in-app notification and ONE email per person, counting the approval and the
 * provisioning tasks, linking to My Approval Tasks and My Provisioning Tasks. In the
 * reassignment's transaction; the actor is not told of their own change.
 */
export async function queueReassignedTasks(
  trx: Executor,
  lines: readonly PendingLine[],
  before: ReadonlySet<string>,
  actorId: number,
): Promise<void> {
  const after = await findTaskHolders(trx, lines);
  const kindOf = new Map(lines.map((l) => [l.requestId, taskKindOf(l.statusId)]));
  const tasksOf = new Map<number, { approvals: number[]; provisioning: number[] }>();
  for (const key of after) {
    if (before.has(key)) {
      continue;
    }
    const [requestId, userId] = key.split(':').map(Number) as [number, number];
    if (userId === actorId) {
      continue;
    }
    const tasks = tasksOf.get(userId) ?? { approvals: [], provisioning: [] };
    (kindOf.get(requestId) === 'approval' ? tasks.approvals : tasks.provisioning).push(requestId);
    tasksOf.set(userId, tasks);
  }
  if (tasksOf.size === 0) {
    return;
  }
  const people = await q.findRecipients(trx, [...tasksOf.keys(), actorId], 'reassigned');
  const personOf = new Map(people.map((p) => [p.userId, p]));
  const actorPerson = personOf.get(actorId);
  const actor = actorPerson ? fullName(actorPerson.name, actorPerson.lastName) : '';
  const now = nowIso();
  const notifications: q.NewNotification[] = [];
  const mails: q.NewOutboxMessage[] = [];
  for (const [userId, tasks] of tasksOf) {
    const person = personOf.get(userId);
    if (!person || person.isDeleted !== 0) {
      continue;
    }
    const counts = { approvals: tasks.approvals.length, provisioning: tasks.provisioning.length };
    const role: NotificationRole = counts.approvals > 0 ? 'approver' : 'provisioner';
    notifications.push({
      userId,
      event: 'reassigned',
      requestId: null,
      params: JSON.stringify({ role, actor, ...counts }),
      createdDate: now,
    });
    if (person.isEmail === 0 || !person.email) {
      continue;
    }
    const ids = [...tasks.approvals, ...tasks.provisioning].sort((a, b) => a - b);
    const mail = renderReassignedMail(fullName(person.name, person.lastName), {
      text: messages.tasksReassignedText({ actor, ...counts }),
      requests: messages.tasksReassignedRequests(
        ids.slice(0, LISTED_IDS),
        Math.max(0, ids.length - LISTED_IDS),
      ),
      links: [
        ...(counts.approvals > 0 ? [notificationLink('approver', null, undefined, 'reassigned')] : []),
        ...(counts.provisioning > 0 ? [notificationLink('provisioner', null, undefined, 'reassigned')] : []),
      ],
      count: ids.length,
    });
    mails.push({
      channel: 'email',
      event: 'reassigned',
      recipientUserId: userId,
      recipient: person.email,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      createdDate: now,
      nextAttemptAt: now,
    });
  }
  await q.insertNotifications(trx, notifications);
  await q.insertOutbox(trx, mails);
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
  times?: number,
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
      params: JSON.stringify({
        role: d.role,
        actor,
        ...(d.task ? { task: d.task } : {}),
        ...(d.times ? { times: d.times } : {}),
      }),
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
      ...(d.times ? { times: d.times } : {}),
      text: lineText(event, byId.get(d.requestId), d.requestId, d.role, actor, d.task, d.times),
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
      text: lineText(event, byId.get(requestId), requestId, 'admin', '', task, times),
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
