import { taskKindOf, type NotificationEvent, type NotificationRole } from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import { dedupe, delegatesOf, deliver, queueWebhook, type Delivery } from './delivery.ts';
import * as q from './queries.ts';

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
    case 'accessReview':
    case 'auditChain':
      // Told per person, not per line: `queueReassignedTasks`, `queueAccessReviewRequests`.
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
