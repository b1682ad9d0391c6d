import { messages, notificationLink, taskKindOf, type NotificationRole, type TaskKind } from '@uap/domain';
import { nowIso, type Executor } from '../../db/connection.ts';
import { fullName, outboxMessage } from './delivery.ts';
import * as q from './queries.ts';
import { renderReassignedMail } from './render.ts';

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
    mails.push(outboxMessage('reassigned', { userId, email: person.email }, mail, now));
  }
  await q.insertNotifications(trx, notifications);
  await q.insertOutbox(trx, mails);
}
