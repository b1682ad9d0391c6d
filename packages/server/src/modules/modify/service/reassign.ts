import {
  historySteps,
  RequestStatus,
  messages,
  type ModifyResult,
  type reassignRequestInput,
} from '@uap/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/connection.ts';
import type { Actor } from '../../../http/actor.ts';
import { forbidden, unprocessable } from '../../../http/errors.ts';
import { findUserByEmail, getUserEmail } from '../queries.ts';
import {
  canEditInPlace,
  createChangeRequest,
  inTransaction,
  isRecord,
  loadLine,
  modifyResult,
  notModifiable,
  updateLineWithHistory,
} from './shared.ts';

type ReassignBody = z.output<typeof reassignRequestInput>;

/**
 * PATCH ReassignRequest (Reassign Non-Personal User Email): the access moves to another user.
 * A Submitted request is edited in place; a record gets a Change request (isReassignedRequest)
 * that moves it once provisioned, replacing the record's prior pending change.
 */
export function reassignRequest(db: Db, actor: Actor, input: ReassignBody): Promise<ModifyResult> {
  return inTransaction(db, async (q) => {
    const line = await loadLine(q, db, actor, input.requestId);
    const email = (input.ReassignedPrimaryEmail ?? '').trim().toLowerCase();
    const target = await findUserByEmail(q, email);
    if (!target) {
      throw unprocessable(messages.noUserFound);
    }
    if (target.userId === line.userId) {
      throw unprocessable(messages.sameUserReassign);
    }
    const current = await getUserEmail(q, line.userId);
    const before = { userId: line.userId, email: current?.email ?? null };
    const after = { userId: target.userId, email: target.email };
    const change = { desc: `Reassigned from ${before.email ?? ''} to ${target.email}`, before, after };
    const comments = input.comments ?? null;
    if (line.statusId === RequestStatus.SUBMITTED) {
      if (!canEditInPlace(line, actor)) {
        throw forbidden(messages.onlyCreatorModifies);
      }
      const set = {
        userId: target.userId,
        isInternal: target.isInternal,
        reassignedPrimaryEmail: target.email,
        isReassignedRequest: 1,
        comments,
        isUrgent: input.IsUrgent ? 1 : 0,
      };
      await updateLineWithHistory(q, line, actor, set, {
        stepDescription: historySteps.reassigned,
        comments,
        change,
      });
      return modifyResult(messages.requestsModified, line.statusId, line.requestId, null);
    }
    if (!isRecord(line)) {
      throw notModifiable(line);
    }
    const created = await createChangeRequest(
      q,
      line,
      actor,
      {
        ...change,
        kind: 'Reassign',
        set: { reassignedPrimaryEmail: target.email, isReassignedRequest: 1 },
      },
      { comments, isUrgent: input.IsUrgent },
    );
    return modifyResult(
      messages.requestsSentForApproval,
      line.statusId,
      created.requestId,
      created.replacedRequestId,
    );
  });
}
