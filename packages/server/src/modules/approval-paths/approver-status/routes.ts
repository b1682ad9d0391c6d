import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acknowledgeApproverParams,
  acknowledgeApproversInput,
  acknowledgeApproversResult,
  approverStatusList,
  approverStatusTable,
  approverStatusListQuery,
  envelope,
  messages,
  tableQuery,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { adminRead, adminWrite } from '../../../http/access.ts';
import { requireActor } from '../../../http/actor.ts';
import { ok, okWith } from '../../../http/envelope.ts';
import { tableRoutes } from '../../../http/table-routes.ts';
import * as status from './service.ts';

const rowsRule =
  'One row per (person, role) for every person named on an active assignment (approver, secondary approver, provisioner, provisioner backup) or active master approver row whose directory account is disabled or whose UAP profile is inactive, until acknowledged; a new change shows again. Admins see the people on rows inside their admin (region, market) rows; super admins and auditors everyone.';
const ackRule = `'${messages.acknowledged}'. Every row of each person in the caller's scope; a person without a status row in scope: 404 and nothing changes.`;

/** Routes of the Status of Approvers and Provisioners report. */
export const approverStatusRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['assignments'];

  app.get('/api/Approvers/CheckApprovalGrid', {
    config: { access: adminRead },
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

  tableRoutes(base, db, approverStatusTable, status.statusTableRows, { access: adminRead, tags, rowsRule });

  app.put('/api/Approvers/ApproverOrProvisioner/AcknowledgeApproverOrProvisioner/:userId/:flag', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404],
      summary: "Acknowledge one person's status rows (flag true) or bring them back (false)",
      description: ackRule,
      params: acknowledgeApproverParams,
      response: { 200: envelope(acknowledgeApproversResult) },
    },
    handler: async (req) =>
      okWith(await status.acknowledge(db, requireActor(req), [req.params.userId], req.params.flag)),
  });

  app.put('/api/Approvers/AcknowledgeApproverOrProvisioner', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404],
      summary:
        'Acknowledge the status rows of several people (Ids = user ids; IsDeleted false brings them back)',
      description: ackRule,
      body: acknowledgeApproversInput,
      response: { 200: envelope(acknowledgeApproversResult) },
    },
    handler: async (req) =>
      okWith(await status.acknowledge(db, requireActor(req), req.body.Ids, req.body.IsDeleted)),
  });
};
