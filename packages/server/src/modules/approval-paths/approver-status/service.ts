import {
  formatDate,
  messages,
  type AcknowledgeApproversResult,
  type ApproverStatusList,
  type ApproverStatusRow,
  type TableQuery,
} from '@uap/domain';
import { inTransaction, type Db } from '../../../db/connection.ts';
import { assertTableQuery } from '../../../db/table-query.ts';
import type { Actor } from '../../../http/actor.ts';
import { adminScopeOf } from '../../../http/admin-scope.ts';
import { notFound } from '../../../http/errors.ts';
import { scopedReader } from '../../../http/table-routes.ts';
import * as q from './queries.ts';

function present(row: q.StatusDbRow): ApproverStatusRow {
  return {
    id: Number(row.id),
    userID: row.userId,
    operationDate: row.operationDate,
    operationDateFormat: formatDate(row.operationDate),
    fullName: row.fullName,
    emailAddress: row.emailAddress,
    role: row.role,
    changeDescription: row.changeDescription,
    isDeleted: false,
    assignmentCount: Number(row.assignmentCount),
  };
}

/** PUT api/Approvers/CheckApprovalGrid (+ /Filters, /Export): an admin's people, or everyone. */
export const statusTableRows = scopedReader(q.statusTable, (actor) => adminScopeOf(actor, 'read'), present);

/** GET api/Approvers/CheckApprovalGrid: the unacknowledged status rows in scope. */
export async function findStatusRows(db: Db, actor: Actor, query: TableQuery): Promise<ApproverStatusList> {
  assertTableQuery(q.approverStatusSpec, query);
  const { rows, totalCount } = await statusTableRows.page(db, actor, query);
  return { statusRows: rows, page: query.page, totalCount };
}

/**
 * Acknowledge (isDeleted true) or bring back (false) every status row of these people in scope.
 * A person with no status row in scope is 404 and nothing changes.
 */
export async function acknowledge(
  db: Db,
  actor: Actor,
  userIds: readonly number[],
  isDeleted: boolean,
): Promise<{ result: AcknowledgeApproversResult; message: string }> {
  const scope = adminScopeOf(actor, 'read');
  const unique = [...new Set(userIds)];
  await inTransaction(db, async (trx) => {
    const rows = await q.findStatusRowsOf(trx, scope, unique);
    const found = new Set(rows.map((r) => r.userId));
    if (unique.some((id) => !found.has(id))) {
      throw notFound();
    }
    if (isDeleted) {
      await q.insertAcknowledgements(trx, rows);
    } else {
      await q.withdrawAcknowledgements(trx, rows);
    }
  });
  return { result: { userIds: unique }, message: messages.acknowledged };
}
