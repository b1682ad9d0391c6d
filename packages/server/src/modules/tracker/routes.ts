import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  activityLog,
  envelope,
  historyColumns,
  historyPage,
  historyQuery,
  idParam,
  trackerTable,
} from '@uap/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { sendPdf } from '../../http/csv-reply.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import * as logs from './logs-service.ts';
import { trackerReader } from './reader.ts';

const scopeRule =
  'Rows: provisioners see the lines routed to them as provisioner or backup (any status); admins the lines ' +
  'inside their admin (region, market) rows; super admins and auditors every line. A line outside the ' +
  'scope is not listed (and its log answers 404); standard users, approvers and master approvers get 403.';
const tableRule =
  'Filters are IN lists; searchCriteria matches any searchable column. Default order: createdDate ' +
  'descending, ties by requestId; anchor (the line next to the page asked for) reads a step from that line.';
const historyRule =
  'History is append-only: no endpoint edits or deletes a history row; every status change writes one in ' +
  'the transaction that makes it.';

/** Tracker and log reads: provisioner level and above, the read-only auditor included. */
const read: Access = { minRole: Role.PROVISIONER, auditor: true };

/** Routes of the Request Tracker and the activity log. */
export const trackerRoutes: FastifyPluginAsync<{ db: Db; config: Pick<Config, 'serviceLevels'> }> = async (
  base,
  { db, config },
) => {
  const levels = config.serviceLevels;
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['tracker'];

  tableRoutes(base, db, trackerTable, trackerReader(levels), {
    access: read,
    tags,
    rowsRule: scopeRule,
    pageDescription: `Each row carries noApprovalPath: no active assignment and no master approver covers the line ('No approval path'); waitingSince and waitingHours: how long a Submitted line has waited since it was created, an Approved one since its approval; isOverdue: past its service level (SLA_APPROVAL_HOURS, SLA_PROVISIONING_HOURS; half for an urgent line), the rule the task-reminders job applies. The filter column overdue takes 'Overdue' (past the level) and '' (every other line). ${tableRule}`,
  });

  app.get('/api/Request/Logs/:logId', {
    config: { access: read },
    schema: {
      tags,
      errors: [404],
      summary: 'Activity log: the request (header, creator, user, platform access) and its history',
      description: `logId is the request id. Each requestHistoryLogsDTOs entry's comment is chosen by status: the requestor comment when submitted or cancelled, the approver's or provisioner's when approved, rejected, provisioned or archived. ${historyRule} ${scopeRule}`,
      params: z.object({ logId: idParam }),
      response: { 200: envelope(activityLog) },
    },
    handler: async (req) => ok(await logs.getActivityLog(db, requireActor(req), req.params.logId)),
  });

  app.get('/api/Request/Logs/:logId/History', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Activity log: one page of the request history, server-paged',
      description: `The history of GET /api/Request/Logs/{logId}, as a table: query page, pageSize (5, 10, 20, 50, 100, or -1 = all; default 10), orderBy (${historyColumns.join(', ')}), orderAsc and searchCriteria (matches those columns, the comments and the author's email). Default order: as it happened (createdDate, then id). ${historyRule} ${scopeRule}`,
      params: z.object({ logId: idParam }),
      querystring: historyQuery,
      response: { 200: envelope(historyPage) },
    },
    handler: async (req) =>
      ok(await logs.findHistoryPage(db, requireActor(req), req.params.logId, req.query)),
  });

  app.get('/api/Request/Logs/:logId/Pdf', {
    config: { access: read },
    schema: {
      tags,
      errors: [404],
      summary: 'The activity log as a PDF, streamed while it is written',
      description: `Same content as GET /api/Request/Logs/{logId}: header, creator, user information, platform access information and the history table. ${historyRule} ${scopeRule}`,
      params: z.object({ logId: idParam }),
      produces: ['application/pdf'],
    },
    handler: async (req, reply) => {
      const { pdf, listed } = await logs.getActivityLogPdf(db, requireActor(req), req.params.logId);
      return sendPdf(reply, `activity-log-${req.params.logId}.pdf`, pdf, listed);
    },
  });
};
