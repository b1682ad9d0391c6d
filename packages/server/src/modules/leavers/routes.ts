import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  deactivateLeaversInput,
  deactivateLeaversResult,
  envelope,
  filterOptions,
  idParam,
  leaverCommentEntry,
  leaverCommentInput,
  leaverRecordColumns,
  leaverRecordFilterQuery,
  leaverRecordList,
  leaverRecordListQuery,
  leaverRecordTableQuery,
  messages,
  tableQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { ok } from '../../http/envelope.ts';
import * as leavers from './service.ts';

/** Administrators and the auditor read the leavers' records. */
const read: Access = { minRole: Role.ADMIN, auditor: true };
/** Administrators comment and deactivate (never the auditor). */
const write: Access = { minRole: Role.ADMIN, auditor: false };

const rowsRule =
  "Active access records (a completed or archived Add request, not deactivated) whose subject's directory account is disabled. Admins: the records inside their admin (region, market) rows; super admins and auditors every one.";
const leaverRule = `Every id must be a leaver record in the caller's scope, else 404 '${messages.notALeaverRecord}' and nothing changes.`;

/** Routes of Leavers User Records. */
export const leaverRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['leavers'];

  app.get('/api/Request/UserRecordsOfADInactiveUsers', {
    config: { access: read },
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

  app.put('/api/Request/UserRecordsOfADInactiveUsers', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Leavers User Records as a server-paged table',
      description: `${rowsRule} orderBy and filter columns are the row field names (${leaverRecordColumns.join(', ')}; dates sort only); an unknown one is 400.`,
      body: leaverRecordTableQuery,
      response: { 200: envelope(leaverRecordList) },
    },
    handler: async (req) => ok(await leavers.findLeaverRecords(db, requireActor(req), req.body)),
  });

  app.put('/api/Request/UserRecordsOfADInactiveUsers/Export', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The whole filtered Leavers User Records table as a streamed CSV file',
      description: `${rowsRule} Same body as PUT api/Request/UserRecordsOfADInactiveUsers; newest record first. Every cell beginning with = + - @, tab or CR is prefixed with a single quote.`,
      body: leaverRecordTableQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      sendCsv(
        reply,
        'leaver-records.csv',
        await leavers.exportLeaverRecords(db, requireActor(req), req.body),
      ),
  });

  app.put('/api/Request/UserRecordsOfADInactiveUsers/Filters', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Distinct values of one leavers column, under its other filters',
      description: rowsRule,
      body: leaverRecordFilterQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) => ok(await leavers.findLeaverFilterOptions(db, requireActor(req), req.body)),
  });

  app.post('/api/Request/LeaverUserCommentRequest', {
    config: { access: write },
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
    config: { access: read },
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
    config: { access: write },
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
