import { RequestStatus, Role, type RequestDetail } from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import type { Actor } from '../../../http/actor.ts';
import { notFound } from '../../../http/errors.ts';
import { findDetail, findPendingChange } from '../queries.ts';
import { presentDetail } from '../present.ts';
import { canEditInPlace, isRecord } from './shared.ts';

/**
 * GET RequestDetail/{requestId}/{flag}. flag 1: the id must be an access record (a Completed or
 * Archived Add line), shown with its pending change; flag 0: any line in scope, as it is (a
 * record still carries its pending change). Outside the caller's scope: 404.
 */
export async function getRequestDetail(
  db: Db,
  actor: Actor,
  requestId: number,
  asRecord: boolean,
): Promise<RequestDetail> {
  const row = await findDetail(db.kysely, actor, requestId);
  if (!row) {
    throw notFound();
  }
  const record = isRecord(row);
  if (asRecord && !record) {
    throw notFound();
  }
  const pending = record ? await findPendingChange(db.kysely, row.pendingChangeRequestId) : undefined;
  const isEditable =
    row.statusId === RequestStatus.SUBMITTED && canEditInPlace(row, actor) && actor.roleId !== Role.AUDITOR;
  return presentDetail(row, { isRecord: record, isEditable, pending });
}
