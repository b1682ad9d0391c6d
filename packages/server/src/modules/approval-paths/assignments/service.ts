import {
  type ApproverAssignmentList,
  type ApproverAssignmentRow,
  type AssignmentListQuery,
  type AssignmentTableQuery,
  type MasterApproverList,
  type TableQuery,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import type { Actor } from '../../../http/actor.ts';
import { adminScopeOf } from '../../../http/admin-scope.ts';
import { scopedReader, type TableReader } from '../../../http/table-routes.ts';
import { presentApproverAssignment, presentMasterApprover } from './present.ts';
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

/** What a GET list reads: the caller's rows (or one person's) and the requested page. */
const listReadOf = (actor: Actor, query: AssignmentListQuery): q.ListRead => ({
  scope: scopeOf(actor, query),
  userId: query.userid,
  page: { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
});

/** GET api/Approvers: approver/provisioner assignments, and which roles the caller holds. */
export async function findApproverAssignments(
  db: Db,
  actor: Actor,
  query: AssignmentListQuery,
): Promise<ApproverAssignmentList> {
  const [{ rows, totalCount }, held] = await Promise.all([
    q.findApproverAssignments(db, listReadOf(actor, query)),
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
  const { rows, totalCount } = await q.findMasterApprovers(db, listReadOf(actor, query));
  return { masterApprovers: rows.map(presentMasterApprover), page: query.page, totalCount };
}

/**
 * The scope of a table call: the body's onlyMe and userid as in the GETs (the route parsed it
 * with the declaration's body, assignmentTableQuery).
 */
function tableScopeOf(actor: Actor, query: TableQuery): q.AssignmentTableScope {
  const { onlyMe, userid } = query as AssignmentTableQuery;
  return { scope: scopeOf(actor, { onlyMe }), userId: userid };
}

const approverTableReader = scopedReader(q.approverAssignmentTable, tableScopeOf, presentApproverAssignment);

/** PUT api/Approvers/Assignments (+ /Filters, /Export); a page also says which roles the caller holds. */
export const approverAssignments: TableReader<ApproverAssignmentRow> = {
  ...approverTableReader,
  page: async (db, actor, query) => {
    const [page, held] = await Promise.all([
      approverTableReader.page(db, actor, query),
      q.findHeldRoles(db, actor.userId),
    ]);
    return { ...page, listFields: held };
  },
};

/** PUT api/Approvers/MasterApprovers (+ /Filters, /Export). */
export const masterApprovers = scopedReader(q.masterApproverTable, tableScopeOf, presentMasterApprover);
