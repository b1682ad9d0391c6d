import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CoverageState,
  Role,
  coverageTable,
  envelope,
  messages,
  pathPreview,
  pathPreviewQuery,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { adminRead, type Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { tableRoutes } from '../../../http/table-routes.ts';
import * as coverage from './service.ts';

/** Anyone who requests access previews its approval path. */
const anyone: Access = { minRole: Role.STANDARD, auditor: true };

const rule = `Every active agency × practice × platform × client (a platform's clients of the agency), with the assignment covering it by the routing rule (the one naming the client, else the one naming none), the practice's master approvers and its pending requests (Submitted or Approved). coverage: '${CoverageState.NO_APPROVER}' (no assignment, no master approver: the requests go to the administrators), '${CoverageState.NO_PROVISIONER}', '${CoverageState.COVERED}'. Default order: no approver first, then no provisioner (coverageRank). Admins see the paths inside their (region, market) rows; super admins and auditors every path.`;

/** The Coverage tab of /Approvers and the New Request wizard's path preview (ours). */
export const coverageRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['assignments'];

  tableRoutes(base, db, coverageTable, coverage.coverageRows, { access: adminRead, tags, rowsRule: rule });

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
