import type { FastifyPluginAsync } from 'fastify';
import {
  CoverageState,
  Role,
  coverageTable,
  messages,
  pathPreview,
  pathPreviewQuery,
} from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { adminRead, type Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { tableRoutes } from '../../../http/table-routes.ts';
import { approvalPathRoutes, approvalPathTags } from '../route.ts';
import * as coverage from './service.ts';

/** Anyone who requests access previews its approval path. */
const anyone: Access = { minRole: Role.STANDARD, auditor: true };

const rule = `Every active agency × practice × platform × client (a platform's clients of the agency), with the assignment covering it by the routing rule (the one naming the client, else the one naming none), the practice's master approvers and its pending requests (Submitted or Approved). coverage: '${CoverageState.NO_APPROVER}' (no assignment, no master approver: the requests go to the administrators), '${CoverageState.NO_PROVISIONER}', '${CoverageState.COVERED}'. Default order: no approver first, then no provisioner (coverageRank). Admins see the paths inside their (region, market) rows; super admins and auditors every path.`;

/** The Coverage tab of /Approvers and the New Request wizard's path preview (ours). */
export const coverageRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  tableRoutes(base, db, coverageTable, coverage.coverageRows, {
    access: adminRead,
    tags: approvalPathTags,
    rowsRule: rule,
  });

  approvalPathRoutes(base)('GET /api/Approvers/PathPreview', {
    access: anyone,
    summary: 'Who will approve and provision a request line on this path (before it is submitted)',
    description: `By the routing rule: the covering assignment's primary and secondary approvers and the practice's master approvers; its provisioner and backup. hasApprovalPath false: '${messages.noApprovalPathYet}' (the line will go to the administrators).`,
    querystring: pathPreviewQuery,
    answer: pathPreview,
    handle: async (_actor, { query }) => ok(await coverage.previewPath(db, query)),
  });
};
