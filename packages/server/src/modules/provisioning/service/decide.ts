import {
  historySteps,
  RequestStatus,
  messages,
  type ProvisionerDecision,
  type ProvisionerDecisionResult,
} from '@uap/domain';
import { type Db, type Executor, inTransaction } from '../../../db/connection.ts';
import { nowIso } from '../../../db/connection.ts';
import type { Actor } from '../../../http/actor.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import { moveLines, releasePendingChanges } from '../../request-lines/transitions.ts';
import { applyProvisioned } from '../apply.ts';
import { findActionableLines } from '../queries.ts';
import { provisioningScopeOf } from './scope.ts';
import { queueNotifications } from '../../notifications/outbox.ts';

/**
 * POST ApproveRejectForProvisioner, all lines or none in one transaction: every line must be
 * routed to the caller (404), not be theirs as requestor or subject (403, separation of duties)
 * and still be Approved (409 naming the current status, also when another provisioner wins the
 * race). Approve → Completed and the change is applied to its record; reject → Rejected by the
 * provisioner and the record's pending marker clears. Each line gets its history row.
 * `claim` runs first in that transaction (a mail link's single use: `mail-decisions/`).
 */
export async function decideProvisioning(
  db: Db,
  actor: Actor,
  input: ProvisionerDecision,
  claim?: (trx: Executor) => Promise<void>,
): Promise<{ message: string; data: ProvisionerDecisionResult }> {
  const ids = input.requestIds;
  const to = input.isApproved ? RequestStatus.COMPLETED : RequestStatus.REJECTED;
  await inTransaction(db, async (trx) => {
    await claim?.(trx);
    const lines = await findActionableLines(trx, db.dialect, provisioningScopeOf(actor), ids);
    if (lines.length !== ids.length) {
      throw notFound();
    }
    if (lines.some((l) => l.userId === actor.userId || l.createdBy === actor.userId)) {
      throw forbidden(messages.provisionOwnRequest);
    }
    await moveLines(trx, lines, {
      requestIds: ids,
      from: RequestStatus.APPROVED,
      to,
      actorId: actor.userId,
      set: {
        provisionedBy: actor.userId,
        provisionedDate: nowIso(),
        provisionerComment: input.comments,
        ...(input.isApproved ? {} : { rejectedByApprover: 0 }),
      },
      step: (l) => ({
        stepDescription: input.isApproved ? historySteps.provisioned : historySteps.rejectedByProvisioner,
        provisionerComment: input.comments,
        onBehalfOf: l.onBehalfOf,
      }),
    });
    if (input.isApproved) {
      await applyProvisioned(trx, lines, actor.userId, input.comments);
    } else {
      await releasePendingChanges(trx, lines, actor.userId);
    }
    await queueNotifications(trx, input.isApproved ? 'completed' : 'rejected', ids, actor.userId);
  });
  return {
    message: input.isApproved ? messages.requestProvisioned : messages.requestRejected,
    data: { requestIds: ids, statusId: to },
  };
}
