import {
  timeZoneOrUtc,
  historySteps,
  RequestStatus,
  Role,
  hasMixedExpiredDeactivations,
  isExpiredDeactivation,
  messages,
  type ApprovalDetail,
  type ApprovalListQuery,
  type ApprovalPage,
  type ApproveRejectBody,
  type ApproveRejectResult,
  type ApprovalRow,
} from '@uap/domain';
import { type Db, type Executor, inTransaction } from '../../db/connection.ts';
import { assertTableQuery } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import type { TableReader } from '../../http/table-routes.ts';
import { moveLines, releasePendingChanges } from '../request-lines/transitions.ts';
import * as q from './queries.ts';
import { queueNotifications } from '../notifications/outbox.ts';
import { findOnBehalfOfNames } from '../approval-paths/absences/queries.ts';
import { presentApprovalDetail, presentApprovalRow } from './present.ts';

/** My Approval Tasks (Submitted, routed to the caller) or, with `archaic`, the caller's past decisions. */
export async function findApprovalList(
  db: Db,
  actor: Actor,
  query: ApprovalListQuery,
): Promise<ApprovalPage> {
  assertTableQuery(q.approvalSpec, query);
  const { rows, totalCount } = await q.findApprovalPage(db, actor, query);
  const timeZone = timeZoneOrUtc(query.localTimeZone);
  const absent = query.archaic
    ? new Map<number, string>()
    : await findOnBehalfOfNames(
        db.kysely,
        actor.userId,
        rows.map((r) => r.requestId),
        'approve',
      );
  return {
    requests: rows.map((r) =>
      Object.assign(presentApprovalRow(r, timeZone), { onBehalfOf: absent.get(r.requestId) ?? null }),
    ),
    page: query.page,
    totalCount,
  };
}

/** The approval lists' reads for the declared table's page and filter menus (no export). */
export const approvalReader: TableReader<ApprovalRow> = {
  spec: q.approvalSpec,
  page: async (db, actor, query) => {
    const { requests, totalCount } = await findApprovalList(db, actor, query as ApprovalListQuery);
    return { rows: requests, totalCount };
  },
  values: (db, actor, query, column) =>
    q.findApprovalColumnValues(db, actor, query as ApprovalListQuery, column),
};

/** The Approval Request modal: a request the caller may decide or has decided (else 404). */
export async function getApprovalDetail(db: Db, actor: Actor, requestId: number): Promise<ApprovalDetail> {
  const row = await q.findApprovalLine(db, actor, requestId);
  if (!row) {
    throw notFound();
  }
  const [people, colleague] = await Promise.all([
    q.findPathPeople(db, requestId),
    q.findSameAccessColleague(db, requestId),
  ]);
  const canDecide =
    actor.roleId !== Role.AUDITOR && row.statusId === RequestStatus.SUBMITTED && Boolean(row.isDecidable);
  // The platform email may be one someone else added to the user's profile: the approver sees who.
  const adder = row.email ? await q.findEmailAdder(db, row.userId, row.email) : undefined;
  const sameAccessAs = colleague ? `${colleague.name} ${colleague.lastName}`.trim() : null;
  return presentApprovalDetail(row, people, canDecide, 'UTC', adder, sameAccessAs);
}

/** The rules every line of a decision must pass before anything is written. */
function checkDecision(actor: Actor, ids: number[], targets: q.DecisionTarget[], isApproved: boolean) {
  const byId = new Map(targets.map((t) => [t.requestId, t]));
  const isOwn = (t: q.DecisionTarget) => t.createdBy === actor.userId || t.userId === actor.userId;
  for (const id of ids) {
    const t = byId.get(id);
    // Not routed to the caller (or missing): they may not even know it exists.
    if (!t || (!t.isDecidable && !isOwn(t))) {
      throw notFound();
    }
    if (isOwn(t)) {
      throw forbidden(messages.ownRequestDecision);
    }
  }
  if (isApproved) {
    return;
  }
  if (ids.length === 1 && targets.some((t) => isExpiredDeactivation(t))) {
    throw unprocessable(messages.expiredDeactivationReject);
  }
  if (hasMixedExpiredDeactivations(targets)) {
    throw unprocessable(messages.bulkRejectExpiredTooltip);
  }
}

/**
 * PATCH ApproveRejectRequest: every line must be routed to the caller (404), not theirs (403),
 * still Submitted (409, naming the current status); approve moves 1 → 2, reject 1 → 4 (by the
 * approver). All lines or none, in one transaction with one history row per line. `claim` runs
 * first in that transaction (a mail link's single use: `mail-decisions/`).
 */
export async function approveReject(
  db: Db,
  actor: Actor,
  input: ApproveRejectBody,
  claim?: (trx: Executor) => Promise<void>,
): Promise<{ result: ApproveRejectResult; message: string }> {
  const ids = [...new Set(input.requestIds)];
  const to = input.isApproved ? RequestStatus.APPROVED : RequestStatus.REJECTED;
  await inTransaction(db, async (trx) => {
    await claim?.(trx);
    const targets = await q.findDecisionTargets(trx, db, actor, ids);
    checkDecision(actor, ids, targets, input.isApproved);
    await moveLines(trx, targets, {
      requestIds: ids,
      from: RequestStatus.SUBMITTED,
      to,
      actorId: actor.userId,
      set: {
        approvedRejectedBy: actor.userId,
        approvedDate: new Date().toISOString(),
        approverComment: input.comments,
        ...(input.isApproved ? {} : { rejectedByApprover: 1 }),
      },
      step: (t) => ({
        stepDescription: input.isApproved ? historySteps.approved : historySteps.rejectedByApprover,
        approverComment: input.comments,
        changeDesc: input.changeDescription,
        onBehalfOf: t.onBehalfOf,
      }),
    });
    if (!input.isApproved) {
      await releasePendingChanges(trx, targets, actor.userId);
    }
    await queueNotifications(trx, input.isApproved ? 'approved' : 'rejected', ids, actor.userId);
  });
  return {
    result: { requestIds: ids, statusId: to },
    message: input.isApproved ? messages.requestApproved : messages.requestRejected,
  };
}
