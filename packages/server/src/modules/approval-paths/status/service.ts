import {
  formatDate,
  messages,
  type AcknowledgeApproversResult,
  type ApproverStatusFilterQuery,
  type ApproverStatusList,
  type ApproverStatusRow,
  type FilterOptions,
  type TableQuery,
} from '@uap/domain';
import { inTransaction, type Db } from '../../../db/connection.ts';
import type { Readable } from 'node:stream';
import { csvExport } from '../../../db/csv-export.ts';
import type { CsvColumn } from '../../../db/csv-text.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery } from '../../../db/table-query.ts';
import type { Actor } from '../../../http/actor.ts';
import { adminScopeOf } from '../../../http/admin-scope.ts';
import { notFound } from '../../../http/errors.ts';
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

/** GET/PUT api/Approvers/CheckApprovalGrid: the unacknowledged status rows in scope. */
export async function findStatusRows(db: Db, actor: Actor, query: TableQuery): Promise<ApproverStatusList> {
  const scope = adminScopeOf(actor, 'read');
  assertTableQuery(q.approverStatusSpec, query);
  const { rows, totalCount } = await q.findStatusTable(db, scope, query);
  return { statusRows: rows.map(present), page: query.page, totalCount };
}

const csvColumns: CsvColumn<ApproverStatusRow>[] = [
  { header: 'User ID', value: (r) => r.userID },
  { header: 'Date', value: (r) => r.operationDateFormat },
  { header: 'Full Name', value: (r) => r.fullName },
  { header: 'Email Address', value: (r) => r.emailAddress },
  { header: 'Role', value: (r) => r.role },
  { header: 'Change', value: (r) => r.changeDescription },
  { header: 'Assignments', value: (r) => r.assignmentCount },
];

/** PUT api/Approvers/CheckApprovalGrid/Export: the whole filtered status table as CSV. */
export async function exportStatusRows(db: Db, actor: Actor, query: TableQuery): Promise<Readable> {
  const scope = adminScopeOf(actor, 'read');
  assertTableQuery(q.approverStatusSpec, query);
  return csvExport(
    async (beforeId, limit) => (await q.findStatusBatch(db, scope, query, beforeId, limit)).map(present),
    (row) => row.id,
    csvColumns,
  );
}

/** PUT api/Approvers/CheckApprovalGrid/Filters: one column's distinct values under the other filters. */
export async function findStatusFilterOptions(
  db: Db,
  actor: Actor,
  query: ApproverStatusFilterQuery,
): Promise<FilterOptions> {
  const scope = adminScopeOf(actor, 'read');
  assertTableQuery(q.approverStatusSpec, query, query.column);
  const values = await q.findStatusValues(db, scope, query, query.column);
  return { values: values.slice(0, FILTER_OPTIONS_LIMIT), isTruncated: values.length > FILTER_OPTIONS_LIMIT };
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
