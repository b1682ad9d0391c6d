import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  approvalDetail,
  approvalListQuery,
  approvalPage,
  approvalsTable,
  approveRejectInput,
  approveRejectResult,
  columnFilter,
  envelope,
  idParam,
  maxDecisionIds,
  messages,
  searchTerm,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { invalid } from '../../http/errors.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import * as approvals from './service.ts';

/** Approver level and above read the lists routed to them (auditors too: read-only). */
const read: Access = { minRole: Role.APPROVER, auditor: true };
const write: Access = { minRole: Role.APPROVER, auditor: false };

const scopeRule =
  'Tasks: Submitted requests routed to the caller as primary or secondary approver of the covering assignment or as master approver of the path; admins also the requests no path covers inside their (region, market) rows; the super admin and the auditor every Submitted request. Never a request the caller created or is the subject of. Archive (Archaic): the lines the caller approved or rejected, newest decision first.';
const tableRule =
  'orderBy and filter columns are the row field names the PUT page names (400 otherwise); filters are IN lists; searchCriteria matches any searchable column, case-insensitively.';

/** The table query as query-string parameters; `filters` is JSON text of [{ column, values }]. */
const listQueryString = z.object({
  Archaic: z.enum(['true', 'false', 'True', 'False']).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().optional(),
  orderBy: z.string().max(60).optional(),
  orderAsc: z.enum(['true', 'false']).optional(),
  searchCriteria: searchTerm(z.string().max(200)).optional(),
  filters: z.string().max(20_000).optional(),
  localTimeZone: z.string().max(64).optional(),
});

function parseListQueryString(query: z.infer<typeof listQueryString>) {
  const { Archaic, orderAsc, filters, ...rest } = query;
  let parsedFilters: unknown = [];
  try {
    parsedFilters = filters ? JSON.parse(filters) : [];
  } catch {
    throw invalid('filters must be JSON: [{ "column": "...", "values": ["..."] }]');
  }
  const filterList = z.array(columnFilter).safeParse(parsedFilters);
  const parsed = approvalListQuery.safeParse({
    ...rest,
    orderAsc: orderAsc === 'true',
    archaic: Archaic?.toLowerCase() === 'true',
    filters: filterList.success ? filterList.data : undefined,
  });
  if (!filterList.success || !parsed.success) {
    throw invalid(parsed.error?.issues[0]?.message ?? filterList.error?.issues[0]?.message);
  }
  return parsed.data;
}

/** Routes of the approvers' task lists and decisions. */
export const approvalRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['approvals'];

  app.get('/api/Approvers/RequestList', {
    config: { access: read },
    schema: {
      tags,
      summary: 'My Approval Tasks (or, with ?Archaic=true, My Archive Approvals) as a page',
      description: `Query: page, pageSize, orderBy, orderAsc, searchCriteria, filters (JSON), localTimeZone, Archaic. ${scopeRule} ${tableRule}`,
      querystring: listQueryString,
      response: { 200: envelope(approvalPage) },
    },
    handler: async (req) =>
      ok(await approvals.findApprovalList(db, requireActor(req), parseListQueryString(req.query))),
  });

  tableRoutes(app, db, approvalsTable, approvals.approvalReader, {
    access: read,
    tags,
    rowsRule: `The table body plus archaic (true = the archive). ${scopeRule}`,
  });

  app.get('/api/Approvers/RequestDetail/:requestId', {
    config: { access: read },
    schema: {
      tags,
      errors: [404],
      summary: 'Approval Request modal: the request with its approvers and provisioners (ours)',
      description: `A request the caller may decide or has decided; otherwise 404. canDecide: Submitted and routed to the caller now. ${scopeRule}`,
      params: z.object({ requestId: idParam }),
      response: { 200: envelope(approvalDetail) },
    },
    handler: async (req) =>
      ok(await approvals.getApprovalDetail(db, requireActor(req), req.params.requestId)),
  });

  app.patch('/api/Approvers/ApproveRejectRequest', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: 'Approve (1 → 2) or reject (1 → 4, by the approver) requests, all or none',
      description: `Either body variant: { isApproved, comments, ApprovedRejectedBy, requestIds, ChangeDescription } or { Comments, RequestIds, IsApproved }; at most ${maxDecisionIds} ids; ApprovedRejectedBy is ignored (the caller is recorded). 400 '${messages.inputComment}' for a blank comment; 404 an id not routed to the caller; 403 a request the caller created or is the subject of; 409 an id no longer Submitted (data names its status); 422 '${messages.expiredDeactivationReject}' for a single expired deactivation, '${messages.bulkRejectExpiredTooltip}' for several with different lengths of access. Answers '${messages.requestApproved}' / '${messages.requestRejected}'.`,
      body: approveRejectInput,
      response: { 200: envelope(approveRejectResult) },
    },
    handler: async (req) => {
      const { result, message } = await approvals.approveReject(db, requireActor(req), req.body);
      return ok(result, message);
    },
  });
};
