import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CoverageState,
  Role,
  coverageFilterQuery,
  coveragePage,
  coverageQuery,
  envelope,
  filterOptions,
  messages,
  pathPreview,
  pathPreviewQuery,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import type { Access } from '../../../http/access.ts';
import { requireActor } from '../../../http/actor.ts';
import { sendCsv } from '../../../http/csv-reply.ts';
import { ok } from '../../../http/envelope.ts';
import * as coverage from './service.ts';

/** Administrators read the coverage; so does the auditor. */
const adminRead: Access = { minRole: Role.ADMIN, auditor: true };
/** Anyone who requests access previews its approval path. */
const anyone: Access = { minRole: Role.STANDARD, auditor: true };

const rule = `Every active agency × practice × platform × client (a platform's clients of the agency), with the assignment covering it by the routing rule (the one naming the client, else the one naming none), the practice's master approvers and its pending requests (Submitted or Approved). coverage: '${CoverageState.NO_APPROVER}' (no assignment, no master approver: the requests go to the administrators), '${CoverageState.NO_PROVISIONER}', '${CoverageState.COVERED}'. Default order: no approver first, then no provisioner (coverageRank). Admins see the paths inside their (region, market) rows; super admins and auditors every path.`;

/** The Coverage tab of /Approvers and the New Request wizard's path preview (ours). */
export const coverageRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['assignments'];

  app.put('/api/Approvers/Coverage', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'Approval coverage of every path, server-paged',
      description: rule,
      body: coverageQuery,
      response: { 200: envelope(coveragePage) },
    },
    handler: async (req) => ok(await coverage.findCoverage(db, requireActor(req), req.body)),
  });

  app.put('/api/Approvers/Coverage/Filters', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'Distinct values of one Coverage column, under its other filters',
      description: rule,
      body: coverageFilterQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) => ok(await coverage.findCoverageFilterOptions(db, requireActor(req), req.body)),
  });

  app.put('/api/Approvers/Coverage/Export', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'The whole filtered Coverage table as a streamed CSV file',
      description: `${rule} Every cell beginning with = + - @, tab or CR is prefixed with a single quote.`,
      body: coverageQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      sendCsv(reply, 'approval-coverage.csv', await coverage.exportCoverage(db, requireActor(req), req.body)),
  });

  app.get('/api/Approvers/PathPreview', {
    config: { access: anyone },
    schema: {
      tags,
      summary: 'Who will approve and provision a request line on this path (before it is submitted)',
      description: `By the routing rule: the covering assignment's primary and secondary approvers and the practice's master approvers; its provisioner and backup. hasApprovalPath false: '${messages.noApprovalPathYet}' (the line will go to the administrators).`,
      querystring: pathPreviewQuery,
      response: { 200: envelope(pathPreview) },
    },
    handler: async (req) => ok(await coverage.previewPath(db, req.query)),
  });
};
