import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Role,
  acknowledgeApproverParams,
  acknowledgeApproversInput,
  acknowledgeApproversResult,
  approverStatusColumns,
  approverStatusFilterQuery,
  approverStatusList,
  approverStatusListQuery,
  approverStatusTableQuery,
  envelope,
  filterOptions,
  messages,
  tableQuery,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import type { Access } from '../../../http/access.ts';
import { requireActor } from '../../../http/actor.ts';
import { sendCsv } from '../../../http/csv-reply.ts';
import { ok } from '../../../http/envelope.ts';
import * as status from './service.ts';

/** The report is read by administrators and the auditor. */
const read: Access = { minRole: Role.ADMIN, auditor: true };
/** Acknowledging is for administrators (never the auditor). */
const write: Access = { minRole: Role.ADMIN, auditor: false };

const rowsRule =
  'One row per (person, role) for every person named on an active assignment (approver, secondary approver, provisioner, provisioner backup) or active master approver row whose directory account is disabled or whose UAP profile is inactive, until acknowledged; a new change shows again. Admins see the people on rows inside their admin (region, market) rows; super admins and auditors everyone.';
const ackRule = `'${messages.acknowledged}'. Every row of each person in the caller's scope; a person without a status row in scope: 404 and nothing changes.`;

/** Routes of the Status of Approvers and Provisioners report. */
export const approverStatusRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['assignments'];

  app.get('/api/Approvers/CheckApprovalGrid', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Status of Approvers and Provisioners: assigned people who left',
      description: `${rowsRule} Paged by page and pageSize (default 100), newest change first.`,
      querystring: approverStatusListQuery,
      response: { 200: envelope(approverStatusList) },
    },
    handler: async (req) =>
      ok(await status.findStatusRows(db, requireActor(req), tableQuery.parse(req.query))),
  });

  app.put('/api/Approvers/CheckApprovalGrid', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Status of Approvers and Provisioners as a server-paged table',
      description: `${rowsRule} orderBy and filter columns are the row field names (${approverStatusColumns.join(', ')}; operationDate sorts only); an unknown one is 400.`,
      body: approverStatusTableQuery,
      response: { 200: envelope(approverStatusList) },
    },
    handler: async (req) => ok(await status.findStatusRows(db, requireActor(req), req.body)),
  });

  app.put('/api/Approvers/CheckApprovalGrid/Export', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The whole filtered Status of Approvers and Provisioners table as a streamed CSV file',
      description: `${rowsRule} Same body as PUT api/Approvers/CheckApprovalGrid. Every cell beginning with = + - @, tab or CR is prefixed with a single quote.`,
      body: approverStatusTableQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      sendCsv(reply, 'approver-status.csv', await status.exportStatusRows(db, requireActor(req), req.body)),
  });

  app.put('/api/Approvers/CheckApprovalGrid/Filters', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Distinct values of one status column, under its other filters',
      description: rowsRule,
      body: approverStatusFilterQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) => ok(await status.findStatusFilterOptions(db, requireActor(req), req.body)),
  });

  app.put('/api/Approvers/ApproverOrProvisioner/AcknowledgeApproverOrProvisioner/:userId/:flag', {
    config: { access: write },
    schema: {
      tags,
      errors: [404],
      summary: "Acknowledge one person's status rows (flag true) or bring them back (false)",
      description: ackRule,
      params: acknowledgeApproverParams,
      response: { 200: envelope(acknowledgeApproversResult) },
    },
    handler: async (req) => {
      const { result, message } = await status.acknowledge(
        db,
        requireActor(req),
        [req.params.userId],
        req.params.flag,
      );
      return ok(result, message);
    },
  });

  app.put('/api/Approvers/AcknowledgeApproverOrProvisioner', {
    config: { access: write },
    schema: {
      tags,
      errors: [404],
      summary:
        'Acknowledge the status rows of several people (Ids = user ids; IsDeleted false brings them back)',
      description: ackRule,
      body: acknowledgeApproversInput,
      response: { 200: envelope(acknowledgeApproversResult) },
    },
    handler: async (req) => {
      const { result, message } = await status.acknowledge(
        db,
        requireActor(req),
        req.body.Ids,
        req.body.IsDeleted,
      );
      return ok(result, message);
    },
  });
};
