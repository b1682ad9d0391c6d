import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPIRING_WITHIN_DAYS,
  envelope,
  expiringAccessRow,
  medianTimesQuery,
  medianTimesRow,
  pendingByApproverRow,
  reportRangeQuery,
  requestsByMonthRow,
  urgentShareRow,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { adminRead } from '../../http/access.ts';
import { requireActor, type Actor } from '../../http/actor.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { ok } from '../../http/envelope.ts';
import * as reports from './service.ts';

const rangeRule =
  'from and to are days (YYYY-MM-DD, or MM-DD-YYYY): the request lines created from the first day’s UTC midnight to the end of the last day (UTC); to before from is refused with 400. Admins count the lines inside their admin (region, market) rows, super admins and auditors every line.';

type Column<Row> = [header: string, value: (row: Row) => string | number | null];

interface Report<Q extends z.ZodType, Row> {
  path: string;
  summary: string;
  description: string;
  query: Q;
  row: z.ZodType<Row>;
  get: (db: Db, actor: Actor, query: z.infer<Q>) => Promise<Row[]>;
  csv: Column<Row>[];
}

/** Registers a chart's rows (JSON) and the same rows as a CSV file (`<path>/Export`). */
function addReport<Q extends z.ZodType, Row>(
  app: Parameters<FastifyPluginAsync>[0],
  db: Db,
  r: Report<Q, Row>,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  typed.get(`/api/Reports/${r.path}`, {
    config: { access: adminRead },
    schema: {
      tags,
      summary: r.summary,
      description: `${r.description} ${rangeRule}`,
      querystring: r.query,
      response: { 200: envelope(z.array(r.row)) },
    },
    handler: async (req) => ok(await r.get(db, requireActor(req), req.query as z.infer<Q>)),
  });
  typed.get(`/api/Reports/${r.path}/Export`, {
    config: { access: adminRead },
    schema: {
      tags,
      summary: `${r.summary}, as a CSV file`,
      description: `The rows of GET api/Reports/${r.path}; every cell beginning with = + - @, tab or CR is prefixed with a single quote. ${rangeRule}`,
      querystring: r.query,
      produces: ['text/csv'],
    },
    handler: async (req, reply) => {
      const rows = await r.get(db, requireActor(req), req.query as z.infer<Q>);
      return sendCsv(reply, `${r.path}.csv`, reports.toCsv(rows, r.csv));
    },
  });
}

/**
 * The built-in charts of /Reports (ours: the spec embeds an external report); spec 3 §2.10:
 * administrators, and the auditor reads too.
 */
export const reportRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  addReport(app, db, {
    path: 'RequestsByMonth',
    summary: 'Request lines by status and month of creation',
    description: 'One row per (UTC month, status) that has lines, in month then status order.',
    query: reportRangeQuery,
    row: requestsByMonthRow,
    get: reports.getRequestsByMonth,
    csv: [
      ['Month', (r) => r.month],
      ['Status', (r) => r.statusName],
      ['Requests', (r) => r.count],
    ],
  });
  addReport(app, db, {
    path: 'MedianTimes',
    summary: 'Median time to approve and to provision, by platform or agency',
    description:
      'From the request history: hours from submission to the first Approved step, and from that step to the first Completed (provisioned) step, over the lines that reached them; by=platform (default) or agency; in name order.',
    query: medianTimesQuery,
    row: medianTimesRow,
    get: reports.getMedianTimes,
    csv: [
      ['Name', (r) => r.name],
      ['Approved', (r) => r.approvedCount],
      ['Median hours to approve', (r) => r.medianApproveHours],
      ['Provisioned', (r) => r.provisionedCount],
      ['Median hours to provision', (r) => r.medianProvisionHours],
    ],
  });
  addReport(app, db, {
    path: 'PendingByApprover',
    summary: 'Pending request lines by whom they wait on, with their age',
    description:
      'By the routing rule: a Submitted line waits on its covering assignment’s primary approver (else the path’s master approvers, else the administrators), an Approved line on the assignment’s provisioner (else the administrators). Count, oldest and median age in days since creation; most lines first.',
    query: reportRangeQuery,
    row: pendingByApproverRow,
    get: reports.getPendingByApprover,
    csv: [
      ['Waits on', (r) => r.name],
      ['Email', (r) => r.email],
      ['Role', (r) => r.waitsOn],
      ['Pending', (r) => r.pendingCount],
      ['Oldest (days)', (r) => r.oldestAgeDays],
      ['Median age (days)', (r) => r.medianAgeDays],
    ],
  });
  addReport(app, db, {
    path: 'UrgentShare',
    summary: 'Share of urgent request lines per month',
    description: 'One row per UTC month that has lines: lines, urgent lines and their share in percent.',
    query: reportRangeQuery,
    row: urgentShareRow,
    get: reports.getUrgentShare,
    csv: [
      ['Month', (r) => r.month],
      ['Requests', (r) => r.totalCount],
      ['Urgent', (r) => r.urgentCount],
      ['Urgent %', (r) => r.urgentPercent],
    ],
  });
  addReport(app, db, {
    path: 'ExpiringAccess',
    summary: `Active access expiring in the next ${EXPIRING_WITHIN_DAYS} days, by platform`,
    description: `Active access records (created in the range) whose expiration date falls in the ${EXPIRING_WITHIN_DAYS} days from today’s UTC midnight, per platform and week (days 0–6, 7–13, 14–20, 21–29).`,
    query: reportRangeQuery,
    row: expiringAccessRow,
    get: reports.getExpiringAccess,
    csv: [
      ['Platform', (r) => r.platformName],
      ['Days 0-6', (r) => r.week1],
      ['Days 7-13', (r) => r.week2],
      ['Days 14-20', (r) => r.week3],
      ['Days 21-29', (r) => r.week4],
      ['Total', (r) => r.totalCount],
    ],
  });
};
