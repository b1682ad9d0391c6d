import { messages, type ProvisionerCommentEntry, type StandardComment } from '@uap/domain';
import { type Db, inTransaction } from '../../../db/connection.ts';
import { nowIso } from '../../../db/connection.ts';
import type { Actor } from '../../../http/actor.ts';
import { notFound, unprocessable } from '../../../http/errors.ts';
import { findLineComments } from '../../request-lines/comments.ts';
import { presentLineComment } from '../../request-lines/present.ts';
import * as q from '../queries.ts';
import { provisioningScopeOf } from './scope.ts';

/** The active standard comments of a type (1 = Provisioning). */
export function findStandardComments(db: Db, type: number): Promise<StandardComment[]> {
  return q.findStandardComments(db, type);
}

export async function addStandardComment(
  db: Db,
  actor: Actor,
  input: { Comment: string; Type: number },
): Promise<StandardComment> {
  return q.insertStandardComment(db, input.Comment, input.Type, actor.userId);
}

/** Soft-deletes a standard comment; one that does not exist (or is gone already) is 404. */
export async function removeStandardComment(db: Db, id: number): Promise<void> {
  if (!(await q.softDeleteStandardComment(db, id))) {
    throw notFound();
  }
}

/**
 * POST ProvisionerCommentRequest: the comment goes to each line's history of provisioner comments
 * and becomes the line's current provisioner comment. Only lines the caller may act on as
 * provisioner, or has provisioned, are accepted (else 404, nothing written).
 */
export async function addProvisionerComment(
  db: Db,
  actor: Actor,
  input: { comment: string; requestIds: number[] },
): Promise<string> {
  const ids = input.requestIds;
  await inTransaction(db, async (trx) => {
    const lines = await q.findActionableLines(trx, db.dialect, provisioningScopeOf(actor), ids, {
      alsoProvisionedBy: true,
    });
    if (lines.length !== ids.length) {
      throw notFound();
    }
    const now = nowIso();
    const updated = await q.addProvisionerComment(trx, ids, input.comment, actor.userId, now);
    if (updated !== ids.length) {
      throw unprocessable(messages.requestChangedMeanwhile);
    }
  });
  return messages.provisionerCommentSaved;
}

/** A line's provisioner comment history, newest first (404 outside the caller's work). */
export async function findProvisionerComments(
  db: Db,
  actor: Actor,
  requestId: number,
): Promise<ProvisionerCommentEntry[]> {
  if (!(await q.canReadLine(db, provisioningScopeOf(actor), requestId))) {
    throw notFound();
  }
  const rows = await findLineComments(db.kysely, 'provisionerComments', requestId);
  return rows.map(presentLineComment);
}
