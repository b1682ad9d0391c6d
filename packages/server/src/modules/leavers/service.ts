import {
  messages,
  type DeactivateLeaversResult,
  type LeaverCommentEntry,
  type LeaverRecordList,
  type LeaverRecordRow,
  type TableQuery,
  type deactivateLeaversInput,
} from '@uap/domain';
import type { z } from 'zod';
import { inTransaction, nowIso, type Db } from '../../db/connection.ts';
import { assertTableQuery } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf, type AdminScope } from '../../http/admin-scope.ts';
import { notFound } from '../../http/errors.ts';
import { scopedReader } from '../../http/table-routes.ts';
import { activeDeactive } from '../modify/service.ts';
import { findLineComments, insertLineComments } from '../request-lines/comments.ts';
import { blankNulls, presentLineComment } from '../request-lines/present.ts';
import * as q from './queries.ts';

/** A leaver record: its columns carry the answer's names; the optional ones answer ''. */
function present(row: q.LeaverDbRow): LeaverRecordRow {
  return {
    ...blankNulls(row, [
      'leaverUserComment',
      'userLocation',
      'clientDescription',
      'assetName',
      'clientAccountDescription',
      'clientAccountAssetReference',
      'platformUserTypeDescription',
      'approverName',
      'approverLastName',
      'approverEmail',
    ]),
    isDeleted: row.isDeleted === 1,
  };
}

/** The leavers table's rows for one caller: an admin's (region, market) rows, or all. */
export const leaverRecords = scopedReader(q.leaverTable, (actor) => adminScopeOf(actor, 'read'), present);

/** GET api/Request/UserRecordsOfADInactiveUsers: the leaver records in scope. */
export async function findLeaverRecords(db: Db, actor: Actor, query: TableQuery): Promise<LeaverRecordList> {
  assertTableQuery(q.leaverRecordSpec, query);
  const { rows, totalCount } = await leaverRecords.page(db, actor, query);
  return { records: rows, page: query.page, totalCount };
}

/** 404 unless every id is a leaver record in scope. */
async function requireLeaverRecords(
  trx: Parameters<typeof q.findLeaverIds>[0],
  scope: AdminScope,
  ids: readonly number[],
) {
  const found = new Set(await q.findLeaverIds(trx, scope, ids));
  if (ids.some((id) => !found.has(id))) {
    throw notFound(messages.notALeaverRecord);
  }
}

/** POST LeaverUserCommentRequest: the comment joins each record's leaver comment history. */
export async function addLeaverComment(
  db: Db,
  actor: Actor,
  input: { comment: string; requestIds: number[] },
): Promise<string> {
  const scope = adminScopeOf(actor, 'read');
  await inTransaction(db, async (trx) => {
    await requireLeaverRecords(trx, scope, input.requestIds);
    await insertLineComments(trx, 'leaverComments', input.requestIds, input.comment, actor.userId, nowIso());
  });
  return messages.leaverCommentSaved;
}

/** GET LeaverUserComments/{requestId}: a record's leaver comment history, newest first. */
export async function findLeaverComments(
  db: Db,
  actor: Actor,
  requestId: number,
): Promise<LeaverCommentEntry[]> {
  const scope = adminScopeOf(actor, 'read');
  if (!(await q.isRecordInScope(db.kysely, scope, requestId))) {
    throw notFound();
  }
  const rows = await findLineComments(db.kysely, 'leaverComments', requestId);
  return rows.map(presentLineComment);
}

/**
 * POST DeactivateLeaversRecord: one Deactivation request per leaver record, created by the
 * caller through the same path as Modify an Existing Access (approval, then provisioning).
 */
export async function deactivateLeavers(
  db: Db,
  actor: Actor,
  input: z.output<typeof deactivateLeaversInput>,
): Promise<DeactivateLeaversResult> {
  const scope = adminScopeOf(actor, 'read');
  const ids = [...new Set(input.requests)];
  await requireLeaverRecords(db.kysely, scope, ids);
  return activeDeactive(db, actor, {
    isActive: false,
    requests: ids,
    comment: input.comment,
    IsUrgent: input.IsUrgent,
    BeginningDate: null,
    ExpirationDate: null,
  });
}
