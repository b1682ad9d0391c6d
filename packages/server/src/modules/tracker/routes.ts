import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  activityLog,
  envelope,
  filterOptions,
  historyColumns,
  historyPage,
  historyQuery,
  idParam,
  trackerColumns,
  trackerFilterOptionsQuery,
  trackerPage,
  trackerQuery,
} from '@uap/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT } from '../../db/table-query.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { ok } from '../../http/envelope.ts';
import * as logs from './logs-service.ts';
import * as tracker from './service.ts';

const scopeRule =
  'Rows: provisioners see the lines routed to them as provisioner or backup (any status); admins the lines ' +
  'inside their admin (region, market) rows; super admins and auditors every line. A line outside the ' +
  'scope is not listed (and its log answers 404); standard users, approvers and master approvers get 403.';
const tableRule =
  `orderBy and filter columns are the row field names (${trackerColumns.join(', ')}); an unknown one is ` +
  'refused with 400. Filters are IN lists; searchCriteria matches any searchable column. Default order: ' +
  'createdDate descending, ties by requestId.';
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

  app.put('/api/Request/AllRequests', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Request Tracker: a page of every request line (all types and statuses) in scope',
      description: `Each row carries noApprovalPath: no active assignment and no master approver covers the line ('No approval path'); waitingSince and waitingHours: how long a Submitted line has waited since it was created, an Approved one since its approval; isOverdue: past its service level (SLA_APPROVAL_HOURS, SLA_PROVISIONING_HOURS; half for an urgent line), the rule the task-reminders job applies. The filter column overdue takes 'Overdue' (past the level) and '' (every other line). ${scopeRule} ${tableRule}`,
      body: trackerQuery,
      response: { 200: envelope(trackerPage) },
    },
    handler: async (req) => ok(await tracker.findTrackerPage(db, requireActor(req), req.body, levels)),
  });

  app.put('/api/Request/AllRequests/Filters', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Distinct values of one Request Tracker column, under its other filters',
      description: `At most ${FILTER_OPTIONS_LIMIT} values, sorted; isTruncated says the list was cut. ${scopeRule}`,
      body: trackerFilterOptionsQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) =>
      ok(await tracker.findTrackerFilterOptions(db, requireActor(req), req.body, levels)),
  });

  app.put('/api/Request/AllRequests/Export', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The whole filtered Request Tracker as a streamed CSV file',
      description: `Same body as AllRequests; rows newest id first. Every cell beginning with = + - @, tab or CR is prefixed with a single quote. ${scopeRule}`,
      body: trackerQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      sendCsv(
        reply,
        'request-tracker.csv',
        await tracker.exportTracker(db, requireActor(req), req.body, levels),
      ),
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
      const pdf = await logs.getActivityLogPdf(db, requireActor(req), req.params.logId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="activity-log-${req.params.logId}.pdf"`)
        .send(pdf);
    },
  });
};
