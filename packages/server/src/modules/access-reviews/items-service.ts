import {
  Role,
  RequestStatus,
  historySteps,
  messages,
  type AccessReviewDecided,
  type AccessReviewDecision,
  type AccessReviewDecisionInput,
  type AccessReviewItemRow,
  type AccessReviewItemsQuery,
} from '@uap/domain';
import { inTransaction, nowIso, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import { rowScopeOf } from '../../http/row-scope.ts';
import { scopedReader } from '../../http/table-routes.ts';
import { queueNotifications } from '../notifications/outbox.ts';
import {
  insertApprovedDeactivationHistory,
  insertApprovedDeactivations,
  pointRecordsAtDeactivations,
} from '../request-lines/approved-deactivations.ts';
import { blankNulls } from '../request-lines/present.ts';
import { insertHistoryRows, moveStatus } from '../request-lines/transitions.ts';
import * as q from './items-queries.ts';

/**
 * Access review items (issue 46): My Access Reviews, the Home tile's count, and the decisions
 * (keep, or revoke through an approved Deactivate line).
 */

/** Whose items the caller reviews besides those naming them: an administrator's rows, or all. */
export function itemReachOf(actor: Actor): q.ItemReach {
  const unnamed = actor.roleId === Role.SUPERADMIN ? 'all' : actor.roleId === Role.ADMIN ? 'admin' : 'none';
  return { userId: actor.userId, unnamed };
}

/** Why an item cannot be decided now, or revoked now (null: it can). */
function reasonsOf(row: { decision: string | null; hasEnded: number; approvedChangeWaits: number }) {
  const notDecidable =
    row.decision !== null
      ? messages.accessReviewItemDecided
      : row.hasEnded === 1
        ? messages.accessReviewRecordEnded
        : null;
  return {
    notDecidableReason: notDecidable,
    notRevocableReason:
      notDecidable ?? (row.approvedChangeWaits === 1 ? messages.accessReviewPendingChange : null),
  };
}

function presentItem(row: q.ItemDbRow): AccessReviewItemRow {
  // The names were written at the start (a person or list since removed: blank).
  const { hasEnded, approvedChangeWaits, ...item } = blankNulls(row, [
    'userName',
    'requestedByName',
    'userEmail',
    'platformEmail',
    'platformDescription',
    'clientDescription',
    'clientAccountDescription',
    'platformUserTypeDescription',
    'approvedByName',
    'comment',
    'decidedByName',
  ]);
  return {
    ...item,
    decision: row.decision as AccessReviewDecision | null,
    ...reasonsOf({ decision: row.decision, hasEnded, approvedChangeWaits }),
  };
}

/** PUT api/AccessReviews/MyItems: the items of active campaigns the caller reviews (one campaign's with reviewId). */
export const myItems = scopedReader(
  q.itemTable,
  (actor, query) => ({
    reach: itemReachOf(actor),
    reviewId: (query as AccessReviewItemsQuery).reviewId ?? null,
  }),
  presentItem,
);

/** The Home tile's count: undecided items of active campaigns the caller reviews, up to `cap`. */
export function countItemsToReview(db: Db, actor: Actor, cap: number): Promise<number> {
  if (actor.roleId === Role.AUDITOR) {
    return Promise.resolve(0);
  }
  return q.countItemsToReview(db.kysely, itemReachOf(actor), cap);
}

/** Every item named must be the caller's, undecided, in an active campaign (and for a revoke, revocable). */
function checkItems(
  items: readonly q.ItemToDecide[],
  ids: readonly number[],
  decision: AccessReviewDecision,
) {
  if (items.length < ids.length || items.some((i) => i.isMine !== 1)) {
    throw notFound(messages.accessReviewItemNotFound);
  }
  const first = (message: string, failing: (i: q.ItemToDecide) => boolean) => {
    const item = items.find(failing);
    if (item) {
      throw conflict(message, { itemId: item.itemId });
    }
  };
  first(messages.accessReviewCampaignClosed, (i) => i.campaignStatus !== 'active');
  first(messages.accessReviewItemDecided, (i) => i.decision !== null);
  if (decision === 'revoke') {
    first(messages.accessReviewRecordEnded, (i) => i.hasEnded === 1);
    first(messages.accessReviewPendingChange, (i) => i.approvedChangeWaits === 1);
  }
}

/**
 * The revoke of `items`' records, in the decision's transaction: a Submitted pending change is
 * replaced (cancelled with its history row, as a Deactivate asked in the app does); each record
 * gets a Deactivate line created Approved by the review (its history names the campaign and the
 * reviewer), routed to the provisioners like any approved line. Returns the lines' ids.
 */
export async function revokeRecords(
  trx: Executor,
  db: Db,
  /** Who the lines are created and approved by: the reviewer, or who closed the campaign. */
  actorId: number,
  items: readonly Pick<q.ItemToDecide, 'itemId' | 'recordId' | 'campaignName'>[],
  o: { comment: string | null; reviewerName: string; nowIso: string },
): Promise<number[]> {
  const recordIds = [...new Set(items.map((i) => i.recordId))];
  const replaced = await q.findSubmittedPendingChanges(trx, recordIds);
  if (replaced.length > 0) {
    await moveStatus(trx, {
      requestIds: replaced.map((p) => p.requestId),
      from: RequestStatus.SUBMITTED,
      to: RequestStatus.CANCELLED,
      actorId,
    });
    await insertHistoryRows(
      trx,
      actorId,
      replaced.map((p) => ({
        requestId: p.requestId,
        statusId: RequestStatus.CANCELLED,
        requestTypeId: p.requestTypeId,
        stepDescription: historySteps.replacedByNewChange,
      })),
    );
  }
  const lines = await insertApprovedDeactivations(trx, db.dialect, {
    recordIds,
    where: q.revocableRecord,
    submissionPrefix: `review-${o.nowIso.slice(0, 10)}-`,
    nowIso: o.nowIso,
    createdBy: actorId,
    approvedBy: actorId,
    comment: o.comment,
  });
  if (lines.length !== recordIds.length) {
    throw conflict(messages.requestChangedMeanwhile);
  }
  const campaignOf = new Map(items.map((i) => [i.recordId, i.campaignName]));
  for (const campaign of new Set(campaignOf.values())) {
    await insertApprovedDeactivationHistory(
      trx,
      lines.filter((l) => l.recordId !== null && campaignOf.get(l.recordId) === campaign),
      {
        step: historySteps.revokedByAccessReview(campaign, o.reviewerName),
        changeDesc: 'Record to be deactivated',
        comment: o.comment,
      },
    );
  }
  await pointRecordsAtDeactivations(trx, lines, { nowIso: o.nowIso, askNewRangeDate: false });
  await q.linkRevokeLines(
    trx,
    items.map((i) => i.itemId),
  );
  const lineIds = lines.map((l) => l.requestId);
  await queueNotifications(trx, 'approved', lineIds, actorId);
  return lineIds;
}

/**
 * PATCH api/AccessReviews/Items: one decision for every item named, all or nothing in one
 * transaction. Not the caller's (or out of their reach): 404; decided already, or its campaign no
 * longer active: 409; a revoke without a comment: 422. Two reviewers at once: the
 * compare-and-set (`decision IS NULL`) lets one through, the other gets 409 and changes nothing.
 */
export async function decideItems(
  db: Db,
  actor: Actor,
  input: AccessReviewDecisionInput,
): Promise<AccessReviewDecided> {
  rowScopeOf(actor, { use: 'write' });
  const comment = input.comment?.trim() || null;
  if (input.decision === 'revoke' && comment === null) {
    throw unprocessable(messages.accessReviewCommentRequired);
  }
  const ids = [...new Set(input.itemIds)];
  const reach = itemReachOf(actor);
  return inTransaction(db, async (trx) => {
    const items = await q.findItemsToDecide(trx, reach, ids);
    checkItems(items, ids, input.decision);
    const now = nowIso();
    const decided = await q.decideItems(trx, {
      itemIds: ids,
      decision: input.decision,
      comment,
      decidedBy: actor.userId,
      nowIso: now,
    });
    if (decided !== ids.length) {
      throw conflict(messages.accessReviewItemDecided);
    }
    const revokeRequestIds =
      input.decision === 'revoke'
        ? await revokeRecords(trx, db, actor.userId, items, {
            comment,
            reviewerName: await q.findPersonName(trx, actor.userId),
            nowIso: now,
          })
        : [];
    return { decidedCount: decided, revokeRequestIds };
  });
}
