import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Role,
  approverAssignmentColumns,
  approverAssignmentList,
  assignmentFilterOptionsQuery,
  assignmentListQuery,
  assignmentTableQuery,
  envelope,
  filterOptions,
  masterApproverColumns,
  masterApproverList,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT } from '../../../db/table-query.ts';
import type { Access } from '../../../http/access.ts';
import { requireActor } from '../../../http/actor.ts';
import { sendCsv } from '../../../http/csv-reply.ts';
import { ok } from '../../../http/envelope.ts';
import * as assignments from './service.ts';

const scopeRule =
  'onlyMe=true: the caller’s own rows (role details). Without it: admin level only (else 403) — admins the ' +
  'rows inside their admin (region, market) rows, super admins and auditors every row; userid narrows to the ' +
  'rows naming that user.';
const listRule = `${scopeRule} Paged by page and pageSize (default 100); inactive rows (isDeleted) last.`;

const tableRule = (columns: readonly string[]) =>
  `The server-paged table of the same rows (body: page, pageSize, orderBy, orderAsc, filters, searchCriteria, plus onlyMe and userid as in the GET). orderBy and filter columns are the row field names (${columns.join(', ')}); an unknown one is refused with 400. Filters are IN lists; searchCriteria matches names, emails and path names. Default order: status (Active first), ties by id.`;
const filtersRule = `At most ${FILTER_OPTIONS_LIMIT} values, sorted; isTruncated says the list was cut.`;

/** The approver/provisioner lists: approver level and above, auditors included. */
const approverRead: Access = { minRole: Role.APPROVER, auditor: true };
/** The master approver lists: master approver level and above, auditors included. */
const masterRead: Access = { minRole: Role.MASTERAPPROVER, auditor: true };

/** Routes of approver, provisioner and master approver assignments. */
export const assignmentRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['assignments'];

  app.get('/api/Approvers', {
    config: { access: approverRead },
    schema: {
      tags,
      summary: 'Approver/provisioner assignments (onlyMe=true: My Approver/Provisioner Role Details)',
      description: `${listRule} A row is the caller's when the caller is its approver, secondary approver, provisioner or provisioner backup. holdsApprover / holdsProvisioner say which roles the caller holds on active rows (the role-details title).`,
      querystring: assignmentListQuery,
      response: { 200: envelope(approverAssignmentList) },
    },
    handler: async (req) => ok(await assignments.findApproverAssignments(db, requireActor(req), req.query)),
  });

  app.get('/api/Approvers/GetMasterApprover', {
    config: { access: masterRead },
    schema: {
      tags,
      summary: 'Master approver assignments (onlyMe=true: My Master Approver Role Details)',
      description: listRule,
      querystring: assignmentListQuery,
      response: { 200: envelope(masterApproverList) },
    },
    handler: async (req) => ok(await assignments.findMasterApprovers(db, requireActor(req), req.query)),
  });

  app.put('/api/Approvers/Assignments', {
    config: { access: approverRead },
    schema: {
      tags,
      summary:
        'Approver/provisioner assignments as a server-paged table (My Approver/Provisioner Role Details)',
      description: `${scopeRule} ${tableRule(approverAssignmentColumns)}`,
      body: assignmentTableQuery,
      response: { 200: envelope(approverAssignmentList) },
    },
    handler: async (req) =>
      ok(await assignments.findApproverAssignmentTable(db, requireActor(req), req.body)),
  });

  app.put('/api/Approvers/Assignments/Export', {
    config: { access: approverRead },
    schema: {
      tags,
      summary: 'The whole filtered approver/provisioner assignment table as a streamed CSV file',
      description: `Same body as PUT api/Approvers/Assignments; rows newest id first. Every cell beginning with = + - @, tab or CR is prefixed with a single quote. ${scopeRule}`,
      body: assignmentTableQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      sendCsv(
        reply,
        'approver-assignments.csv',
        await assignments.exportApproverAssignments(db, requireActor(req), req.body),
      ),
  });

  app.put('/api/Approvers/Assignments/Filters', {
    config: { access: approverRead },
    schema: {
      tags,
      summary: 'Distinct values of one approver/provisioner assignment column, under its other filters',
      description: `${filtersRule} ${scopeRule}`,
      body: assignmentFilterOptionsQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) =>
      ok(await assignments.findApproverAssignmentFilterOptions(db, requireActor(req), req.body)),
  });

  app.put('/api/Approvers/MasterApprovers', {
    config: { access: masterRead },
    schema: {
      tags,
      summary: 'Master approver assignments as a server-paged table (My Master Approver Role Details)',
      description: `${scopeRule} ${tableRule(masterApproverColumns)}`,
      body: assignmentTableQuery,
      response: { 200: envelope(masterApproverList) },
    },
    handler: async (req) => ok(await assignments.findMasterApproverTable(db, requireActor(req), req.body)),
  });

  app.put('/api/Approvers/MasterApprovers/Export', {
    config: { access: masterRead },
    schema: {
      tags,
      summary: 'The whole filtered master approver assignment table as a streamed CSV file',
      description: `Same body as PUT api/Approvers/MasterApprovers; rows newest id first. Every cell beginning with = + - @, tab or CR is prefixed with a single quote. ${scopeRule}`,
      body: assignmentTableQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      sendCsv(
        reply,
        'master-approvers.csv',
        await assignments.exportMasterApprovers(db, requireActor(req), req.body),
      ),
  });

  app.put('/api/Approvers/MasterApprovers/Filters', {
    config: { access: masterRead },
    schema: {
      tags,
      summary: 'Distinct values of one master approver assignment column, under its other filters',
      description: `${filtersRule} ${scopeRule}`,
      body: assignmentFilterOptionsQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) =>
      ok(await assignments.findMasterApproverFilterOptions(db, requireActor(req), req.body)),
  });
};
