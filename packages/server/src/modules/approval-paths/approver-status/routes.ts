import type { FastifyPluginAsync } from 'fastify';
import {
  acknowledgeApproverParams,
  acknowledgeApproversInput,
  acknowledgeApproversResult,
  approverStatusList,
  approverStatusTable,
  approverStatusListQuery,
  messages,
  tableQuery,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { adminRead, adminWrite } from '../../../http/access.ts';
import { ok, okWith } from '../../../http/envelope.ts';
import { tableRoutes } from '../../../http/table-routes.ts';
import { approvalPathRoutes, approvalPathTags } from '../route.ts';
import * as status from './service.ts';

const rowsRule =
  'One row per (person, role) for every person named on an active assignment (approver, secondary approver, provisioner, provisioner backup) or active master approver row whose directory account is disabled or whose UAP profile is inactive, until acknowledged; a new change shows again. Admins see the people on rows inside their admin (region, market) rows; super admins and auditors everyone.';
const ackRule = `'${messages.acknowledged}'. Every row of each person in the caller's scope; a person without a status row in scope: 404 and nothing changes.`;

/** Routes of the Status of Approvers and Provisioners report. */
export const approverStatusRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const route = approvalPathRoutes(base);

  route('GET /api/Approvers/CheckApprovalGrid', {
    access: adminRead,
    summary: 'Status of Approvers and Provisioners: assigned people who left',
    description: `${rowsRule} Paged by page and pageSize (default 100), newest change first.`,
    querystring: approverStatusListQuery,
    answer: approverStatusList,
    handle: async (actor, { query }) => ok(await status.findStatusRows(db, actor, tableQuery.parse(query))),
  });

  tableRoutes(base, db, approverStatusTable, status.statusTableRows, {
    access: adminRead,
    tags: approvalPathTags,
    rowsRule,
  });

  /** Acknowledging: administrators (never the auditor), answering the people acknowledged. */
  const acknowledging = {
    access: adminWrite,
    errors: [404],
    description: ackRule,
    answer: acknowledgeApproversResult,
  } as const;

  route('PUT /api/Approvers/ApproverOrProvisioner/AcknowledgeApproverOrProvisioner/:userId/:flag', {
    ...acknowledging,
    summary: "Acknowledge one person's status rows (flag true) or bring them back (false)",
    params: acknowledgeApproverParams,
    handle: async (actor, { params }) =>
      okWith(await status.acknowledge(db, actor, [params.userId], params.flag)),
  });

  route('PUT /api/Approvers/AcknowledgeApproverOrProvisioner', {
    ...acknowledging,
    summary:
      'Acknowledge the status rows of several people (Ids = user ids; IsDeleted false brings them back)',
    body: acknowledgeApproversInput,
    handle: async (actor, { body }) => okWith(await status.acknowledge(db, actor, body.Ids, body.IsDeleted)),
  });
};
