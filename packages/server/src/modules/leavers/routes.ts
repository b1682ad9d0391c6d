import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deactivateLeaversInput,
  deactivateLeaversResult,
  envelope,
  idParam,
  leaverCommentEntry,
  leaverCommentInput,
  leaverRecordsTable,
  leaverRecordList,
  leaverRecordListQuery,
  messages,
  tableQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { adminRead, adminWrite } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import * as leavers from './service.ts';

const rowsRule =
  "Active access records (a completed or archived Add request, not deactivated) whose subject's directory account is disabled. Admins: the records inside their admin (region, market) rows; super admins and auditors every one.";
const leaverRule = `Every id must be a leaver record in the caller's scope, else 404 '${messages.notALeaverRecord}' and nothing changes.`;

/**
 * Routes of Leavers User Records: administrators and the auditor read the records;
 * administrators (never the auditor) comment and deactivate.
 */
export const leaverRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['leavers'];

  app.get('/api/Request/UserRecordsOfADInactiveUsers', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'Leavers User Records: active records of users whose directory account is disabled',
      description: `${rowsRule} Paged by page and pageSize (default 100), the latest leavers first.`,
      querystring: leaverRecordListQuery,
      response: { 200: envelope(leaverRecordList) },
    },
    handler: async (req) =>
      ok(await leavers.findLeaverRecords(db, requireActor(req), tableQuery.parse(req.query))),
  });

  tableRoutes(base, db, leaverRecordsTable, leavers.leaverRecords, { access: adminRead, tags, rowsRule });

  app.post('/api/Request/LeaverUserCommentRequest', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404],
      summary: 'Add a leaver comment (max 2000) to one or more leaver records',
      description: `Comments for RequestIds and/or RequestId; a blank comment: 400 '${messages.inputComment}'. ${leaverRule}`,
      body: leaverCommentInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => ok(null, await leavers.addLeaverComment(db, requireActor(req), req.body)),
  });

  app.get('/api/Request/LeaverUserComments/:requestId', {
    config: { access: adminRead },
    schema: {
      tags,
      errors: [404],
      summary: "A record's leaver comment history, newest first",
      description: 'The record must lie in the caller’s scope (admins: their admin rows), else 404.',
      params: z.object({ requestId: idParam }),
      response: { 200: envelope(z.array(leaverCommentEntry)) },
    },
    handler: async (req) => ok(await leavers.findLeaverComments(db, requireActor(req), req.params.requestId)),
  });

  app.post('/api/Request/DeactivateLeaversRecord', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary:
        'Deactivate leaver records: one Deactivation request per record, through the normal approval path',
      description: `The requests are created by the caller (createdBy and the history say who asked), each replacing the record's pending Submitted change; a change already Approved: 409. A comment as for any deactivation (4 letters, max 500). ${leaverRule}`,
      body: deactivateLeaversInput,
      response: { 200: envelope(deactivateLeaversResult) },
    },
    handler: async (req) => {
      const result = await leavers.deactivateLeavers(db, requireActor(req), req.body);
      return ok(result, messages.leaverRecordsDeactivated(result.requestIds));
    },
  });
};
