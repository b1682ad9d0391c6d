import { historySteps, ARCHIVE_ELIGIBLE_STATUS, RequestStatus, Role, messages } from '@uap/domain';
import { type Db, inTransaction } from '../../../db/connection.ts';
import type { Actor } from '../../../http/actor.ts';
import { notFound, unprocessable } from '../../../http/errors.ts';
import { moveLines } from '../../request-lines/transitions.ts';
import { findActionableLines } from '../queries.ts';
import { provisioningScopeOf } from './scope.ts';

/**
 * POST ArchiveMultipleRequest/, all or none: every line must be visible to the caller (routed to
 * them, provisioned by them, or in an admin's scope: else 404), Completed (else 422) and
 * provisioned by the caller unless the caller is an admin or super admin (else 422). Completed →
 * Archived by compare-and-set, with a history row per line.
 */
export async function archiveRequests(db: Db, actor: Actor, requestIds: number[]): Promise<string> {
  const ids = [...new Set(requestIds)];
  const isAdmin = actor.roleId === Role.ADMIN || actor.roleId === Role.SUPERADMIN;
  await inTransaction(db, async (trx) => {
    const lines = await findActionableLines(trx, db.dialect, provisioningScopeOf(actor), ids, {
      alsoProvisionedBy: true,
      alsoAdminScope: true,
    });
    if (lines.length !== ids.length) {
      throw notFound();
    }
    if (lines.some((l) => l.statusId !== ARCHIVE_ELIGIBLE_STATUS)) {
      throw unprocessable(messages.archiveOnlyCompleted);
    }
    if (!isAdmin && lines.some((l) => l.provisionedBy !== actor.userId)) {
      throw unprocessable(messages.archiveOnlyOwn);
    }
    await moveLines(trx, lines, {
      requestIds: ids,
      from: RequestStatus.COMPLETED,
      to: RequestStatus.ARCHIVED,
      actorId: actor.userId,
      step: () => ({ stepDescription: historySteps.archived }),
    });
  });
  return messages.requestsArchived;
}
