import {
  type ApproverAssignmentList,
  type AssignmentFilterOptionsQuery,
  type AssignmentListQuery,
  type AssignmentTableQuery,
  type FilterOptions,
  type MasterApproverList,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import type { Readable } from 'node:stream';
import { csvExport } from '../../../db/csv-export.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery } from '../../../db/table-query.ts';
import type { Actor } from '../../../http/actor.ts';
import { adminScopeOf } from '../../../http/admin-scope.ts';
import {
  approverAssignmentCsvColumns,
  masterApproverCsvColumns,
  presentApproverAssignment,
  presentMasterApprover,
} from './present.ts';
import * as q from './queries.ts';

/**
 * onlyMe: the caller's own rows, for anyone the route admits. Otherwise admin level (auditors
 * read too): admins the rows inside their (region, market) rows, super admins and auditors all.
 */
function scopeOf(actor: Actor, query: { onlyMe?: boolean | undefined }): q.AssignmentScope {
  if (query.onlyMe) {
    return { kind: 'me', userId: actor.userId };
  }
  return adminScopeOf(actor, 'read');
}

const pageOf = (query: AssignmentListQuery) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/** GET api/Approvers: approver/provisioner assignments, and which roles the caller holds. */
export async function findApproverAssignments(
  db: Db,
  actor: Actor,
  query: AssignmentListQuery,
): Promise<ApproverAssignmentList> {
  const scope = scopeOf(actor, query);
  const [{ rows, totalCount }, held] = await Promise.all([
    q.findApproverAssignments(db, scope, query.userid, pageOf(query)),
    q.findHeldRoles(db, actor.userId),
  ]);
  return { approvers: rows.map(presentApproverAssignment), page: query.page, totalCount, ...held };
}

/** GET api/Approvers/GetMasterApprover: master approver assignments. */
export async function findMasterApprovers(
  db: Db,
  actor: Actor,
  query: AssignmentListQuery,
): Promise<MasterApproverList> {
  const scope = scopeOf(actor, query);
  const { rows, totalCount } = await q.findMasterApprovers(db, scope, query.userid, pageOf(query));
  return { masterApprovers: rows.map(presentMasterApprover), page: query.page, totalCount };
}

const optionsOf = (values: string[]): FilterOptions => ({
  values: values.slice(0, FILTER_OPTIONS_LIMIT),
  isTruncated: values.length > FILTER_OPTIONS_LIMIT,
});

/** PUT api/Approvers/Assignments: the assignment table (filters, search, sort, page) in scope. */
export async function findApproverAssignmentTable(
  db: Db,
  actor: Actor,
  query: AssignmentTableQuery,
): Promise<ApproverAssignmentList> {
  const scope = scopeOf(actor, query);
  assertTableQuery(q.approverAssignmentSpec, query);
  const [{ rows, totalCount }, held] = await Promise.all([
    q.findApproverAssignmentTable(db, scope, query.userid, query),
    q.findHeldRoles(db, actor.userId),
  ]);
  return { approvers: rows.map(presentApproverAssignment), page: query.page, totalCount, ...held };
}

/** PUT api/Approvers/Assignments/Export: the whole filtered assignment table as CSV, newest first. */
export async function exportApproverAssignments(
  db: Db,
  actor: Actor,
  query: AssignmentTableQuery,
): Promise<Readable> {
  const scope = scopeOf(actor, query);
  assertTableQuery(q.approverAssignmentSpec, query);
  return csvExport(
    (beforeId, limit) => q.findApproverAssignmentBatch(db, scope, query.userid, query, beforeId, limit),
    (row) => row.approverId,
    approverAssignmentCsvColumns,
  );
}

/** PUT api/Approvers/Assignments/Filters: one column's distinct values under the other filters. */
export async function findApproverAssignmentFilterOptions(
  db: Db,
  actor: Actor,
  query: AssignmentFilterOptionsQuery,
): Promise<FilterOptions> {
  const scope = scopeOf(actor, query);
  assertTableQuery(q.approverAssignmentSpec, query, query.column);
  return optionsOf(await q.findApproverAssignmentValues(db, scope, query.userid, query, query.column));
}

/** PUT api/Approvers/MasterApprovers: the master approver table (filters, search, sort, page) in scope. */
export async function findMasterApproverTable(
  db: Db,
  actor: Actor,
  query: AssignmentTableQuery,
): Promise<MasterApproverList> {
  const scope = scopeOf(actor, query);
  assertTableQuery(q.masterApproverSpec, query);
  const { rows, totalCount } = await q.findMasterApproverTable(db, scope, query.userid, query);
  return { masterApprovers: rows.map(presentMasterApprover), page: query.page, totalCount };
}

/** PUT api/Approvers/MasterApprovers/Export: the whole filtered master approver table as CSV. */
export async function exportMasterApprovers(
  db: Db,
  actor: Actor,
  query: AssignmentTableQuery,
): Promise<Readable> {
  const scope = scopeOf(actor, query);
  assertTableQuery(q.masterApproverSpec, query);
  return csvExport(
    (beforeId, limit) => q.findMasterApproverBatch(db, scope, query.userid, query, beforeId, limit),
    (row) => row.masterApproverId,
    masterApproverCsvColumns,
  );
}

/** PUT api/Approvers/MasterApprovers/Filters: one column's distinct values under the other filters. */
export async function findMasterApproverFilterOptions(
  db: Db,
  actor: Actor,
  query: AssignmentFilterOptionsQuery,
): Promise<FilterOptions> {
  const scope = scopeOf(actor, query);
  assertTableQuery(q.masterApproverSpec, query, query.column);
  return optionsOf(await q.findMasterApproverValues(db, scope, query.userid, query, query.column));
}
