import {
  Role,
  type ApproverAssignmentList,
  type AssignmentListQuery,
  type MasterApproverList,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';
import { presentApproverAssignment, presentMasterApprover } from './present.ts';
import * as q from './queries.ts';

/**
 * onlyMe: the caller's own rows, for anyone the route admits. Otherwise admin level (auditors
 * read too): admins the rows inside their (region, market) rows, super admins and auditors all.
 */
function scopeOf(actor: Actor, query: AssignmentListQuery): q.AssignmentScope {
  if (query.onlyMe) {
    return { kind: 'me', userId: actor.userId };
  }
  switch (actor.roleId) {
    case Role.ADMIN:
      return { kind: 'admin', userId: actor.userId };
    case Role.AUDITOR:
    case Role.SUPERADMIN:
      return { kind: 'all' };
    case Role.STANDARD:
    case Role.APPROVER:
    case Role.MASTERAPPROVER:
    case Role.PROVISIONER:
      throw forbidden();
  }
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
