import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  addStandardCommentInput,
  archiveRequestsInput,
  envelope,
  idParam,
  messages,
  provisionerCommentEntry,
  provisionerCommentInput,
  provisionerDecisionInput,
  provisionerDecisionResult,
  provisioningListQueryString,
  provisioningPage,
  provisioningQuery,
  provisioningTable,
  removeStandardCommentInput,
  standardComment,
  standardCommentTypeParam,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { invalid } from '../../http/errors.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import { archiveRequests } from './service/archive.ts';
import * as comments from './service/comments.ts';
import { decideProvisioning } from './service/decide.ts';
import { findProvisioningTasks, provisioningReader } from './service/list.ts';

/** Provisioner level and above read; the auditor reads too (everything, read-only). */
const read: Access = { minRole: Role.PROVISIONER, auditor: true };
/** Provisioner level and above act on the lines routed to them; never the auditor. */
const write: Access = { minRole: Role.PROVISIONER, auditor: false };

const scopeRule =
  'Rows: provisioners see the Approved lines routed to them as provisioner or backup (never their own as ' +
  'requestor or subject); admins also the unrouted ones (no approval path) inside their admin rows; super ' +
  'admins and auditors every Approved line; plus the Completed lines the caller provisioned. Archive=true: ' +
  'the Archived lines the caller provisioned.';
const tableRule =
  'orderBy and filter columns are the row field names the PUT page names; an unknown one is refused with 400. ' +
  'Without orderBy the Approved lines (the work) come before the Completed ones, each urgent first, then oldest.';

/** Routes of the provisioners' task lists, decisions, standard comments and archive. */
export const provisioningRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['provisioning'];

  app.get('/api/Request/RequestForProvisioners', {
    config: { access: read },
    schema: {
      tags,
      summary: 'My Provisioning Tasks (or, with ?Archive=true, My Archive Provisionings), server-paged',
      description: `Query: Archive, page, pageSize, orderBy, orderAsc, searchCriteria; filters through PUT. ${scopeRule} ${tableRule}`,
      querystring: provisioningListQueryString,
      response: { 200: envelope(provisioningPage) },
    },
    handler: async (req) => {
      const { Archive, orderAsc, ...rest } = req.query;
      const parsed = provisioningQuery.safeParse({
        ...rest,
        orderAsc: orderAsc === 'true',
        Archive: Archive === 'true',
      });
      if (!parsed.success) {
        throw invalid(parsed.error.issues[0]?.message);
      }
      return ok(await findProvisioningTasks(db, requireActor(req), parsed.data));
    },
  });

  tableRoutes(app, db, provisioningTable, provisioningReader, {
    access: read,
    tags,
    rowsRule: `The table body plus Archive. ${scopeRule}`,
  });

  app.post('/api/Request/ApproveRejectForProvisioner', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 409],
      summary: 'Provision (approve) or reject Approved requests, all or none in one transaction',
      description:
        `Both body variants of the spec. A blank comment: 400 '${messages.inputComment}'. A line not routed to the caller: 404; ` +
        'one the caller created or is the subject of: 403; one no longer Approved: 409 naming its status. Approve → Completed ' +
        'and applied to its record (Add: active record; Change: new role / platform email / dates / user; Deactivate: ' +
        `Inactive; Activate: Active with the line's dates); reject → Rejected (rejectedByApprover false). ` +
        `Answers '${messages.requestProvisioned}' or '${messages.requestRejected}'.`,
      body: provisionerDecisionInput,
      response: { 200: envelope(provisionerDecisionResult) },
    },
    handler: async (req) => {
      const result = await decideProvisioning(db, requireActor(req), req.body);
      return ok(result.data, result.message);
    },
  });

  app.get('/api/Request/GetAllStandardComments/:type', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The active standard comments of a type (1 = Provisioning), oldest first',
      params: standardCommentTypeParam,
      response: { 200: envelope(z.array(standardComment)) },
    },
    handler: async (req) => ok(await comments.findStandardComments(db, req.params.type)),
  });

  app.post('/api/Request/AddStandardComment', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Add a standard comment (provisioner level and above)',
      description: `A blank Comment: 400 '${messages.inputCommentToAdd}'. Type defaults to 1 (Provisioning).`,
      body: addStandardCommentInput,
      response: { 200: envelope(standardComment) },
    },
    handler: async (req) =>
      ok(await comments.addStandardComment(db, requireActor(req), req.body), messages.standardCommentAdded),
  });

  app.post('/api/Request/RemoveStandardComment', {
    config: { access: write },
    schema: {
      tags,
      errors: [404],
      summary: 'Remove (soft-delete) a standard comment (provisioner level and above)',
      description: `No Id: 400 '${messages.selectComment}'; an unknown or already removed one: 404.`,
      body: removeStandardCommentInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => {
      await comments.removeStandardComment(db, req.body.Id);
      return ok(null, messages.standardCommentRemoved);
    },
  });

  app.post('/api/Request/ProvisionerCommentRequest', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 422],
      summary: 'Add a provisioner comment (max 2000) to one or more lines',
      description:
        `Comments for RequestIds and/or RequestId. A blank comment: 400 '${messages.inputComment}'. Lines must be routed ` +
        'to the caller as provisioner or provisioned by them (admins: also unrouted in scope; super admin: any), else 404.',
      body: provisionerCommentInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => ok(null, await comments.addProvisionerComment(db, requireActor(req), req.body)),
  });

  app.get('/api/Request/ProvisionerComments/:requestId', {
    config: { access: read },
    schema: {
      tags,
      errors: [404],
      summary: "A line's provisioner comment history, newest first",
      params: z.object({ requestId: idParam }),
      response: { 200: envelope(z.array(provisionerCommentEntry)) },
    },
    handler: async (req) =>
      ok(await comments.findProvisionerComments(db, requireActor(req), req.params.requestId)),
  });

  app.post('/api/Request/ArchiveMultipleRequest/', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: 'Archive Completed requests, all or none',
      description:
        'Every listed request must be Completed and provisioned by the caller (admins and super admins: any in ' +
        `their scope); otherwise 422 and nothing changes. A request outside the caller's work: 404. Answers '${messages.requestsArchived}'.`,
      body: archiveRequestsInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => ok(null, await archiveRequests(db, requireActor(req), req.body)),
  });
};
