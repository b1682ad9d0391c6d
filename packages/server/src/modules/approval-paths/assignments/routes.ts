import type { FastifyPluginAsync } from 'fastify';
import {
  Role,
  approverAssignmentList,
  approverAssignmentsTable,
  assignmentListQuery,
  masterApproverList,
  masterApproversTable,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import type { Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { tableRoutes } from '../../../http/table-routes.ts';
import { approvalPathRoutes, approvalPathTags } from '../route.ts';
import * as assignments from './service.ts';

const scopeRule =
  'onlyMe=true: the caller’s own rows (role details). Without it: admin level only (else 403) — admins the ' +
  'rows inside their admin (region, market) rows, super admins and auditors every row; userid narrows to the ' +
  'rows naming that user.';
const listRule = `${scopeRule} Paged by page and pageSize (default 100); inactive rows (isDeleted) last.`;

/** The approver/provisioner lists: approver level and above, auditors included. */
const approverRead: Access = { minRole: Role.APPROVER, auditor: true };
/** The master approver lists: master approver level and above, auditors included. */
const masterRead: Access = { minRole: Role.MASTERAPPROVER, auditor: true };

/** Routes of approver, provisioner and master approver assignments. */
export const assignmentRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const route = approvalPathRoutes(base);
  const tags = approvalPathTags;

  route('GET /api/Approvers', {
    access: approverRead,
    summary: 'Approver/provisioner assignments (onlyMe=true: My Approver/Provisioner Role Details)',
    description: `${listRule} A row is the caller's when the caller is its approver, secondary approver, provisioner or provisioner backup. holdsApprover / holdsProvisioner say which roles the caller holds on active rows (the role-details title).`,
    querystring: assignmentListQuery,
    answer: approverAssignmentList,
    handle: async (actor, { query }) => ok(await assignments.findApproverAssignments(db, actor, query)),
  });

  route('GET /api/Approvers/GetMasterApprover', {
    access: masterRead,
    summary: 'Master approver assignments (onlyMe=true: My Master Approver Role Details)',
    description: listRule,
    querystring: assignmentListQuery,
    answer: masterApproverList,
    handle: async (actor, { query }) => ok(await assignments.findMasterApprovers(db, actor, query)),
  });

  const tableRule =
    'The body adds onlyMe and userid as in the GET. searchCriteria matches names, emails and path names. Default order: status (Active first), ties by id.';
  tableRoutes(base, db, approverAssignmentsTable, assignments.approverAssignments, {
    access: approverRead,
    tags,
    rowsRule: scopeRule,
    pageDescription: `${tableRule} holdsApprover / holdsProvisioner as in the GET.`,
  });
  tableRoutes(base, db, masterApproversTable, assignments.masterApprovers, {
    access: masterRead,
    tags,
    rowsRule: scopeRule,
    pageDescription: tableRule,
  });
};
