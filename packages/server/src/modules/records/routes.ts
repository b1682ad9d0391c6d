import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  declaredKeys,
  minExportRole,
  myRequestsTable,
  userRecordsTable,
  envelope,
  filterOptions,
  filterOptionsQuery,
  userRecordRow,
  userRecordsPage,
  userRecordsQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT } from '../../db/table-query.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { ok } from '../../http/envelope.ts';
import * as records from './service.ts';

const scopeRule =
  'Rows: standard users, approvers and master approvers see only lines they created or are the subject of ' +
  '(another subject gives an empty page, not an error); provisioners also the lines routed to them; admins ' +
  'also the lines inside their admin (region, market) rows; super admins and auditors every line.';
const tableRule =
  `orderBy and filter columns are the row field names (User Access Overview: ${declaredKeys(userRecordsTable, 'sort').join(', ')}; My Requests: ${declaredKeys(myRequestsTable, 'sort').join(', ')}); ` +
  'an unknown one is refused with 400. Filters are IN lists (an empty list filters nothing); searchCriteria ' +
  'matches any searchable column, case-insensitively. Ties sort by requestId.';

/** Reads of the caller's own (or scoped) lines, auditors included (the spec reads these with PUT). */
const readOwn: Access = { minRole: Role.STANDARD, auditor: true };

/** Routes of the User Access Overview / Modify an Existing Access tables and their filter menus. */
export const recordRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['records'];

  app.put('/api/Request/UserRecords', {
    config: { access: readOwn },
    schema: {
      tags,
      summary: 'User Access Overview: a page of the subject’s pending Add lines and access records',
      description: `Subject: userId or email (primary or additional); neither = the caller. Newest first by default. ${scopeRule} ${tableRule}`,
      body: userRecordsQuery,
      response: { 200: envelope(userRecordsPage) },
    },
    handler: async (req) => ok(await records.findUserRecords(db, requireActor(req), req.body)),
  });

  app.put('/api/Request/UserRecords/Export', {
    config: { access: { minRole: minExportRole, auditor: true } },
    schema: {
      tags,
      summary: 'The whole filtered User Access Overview as a streamed CSV file (not for the standard role)',
      description: `Same body as UserRecords; rows newest first. Every cell beginning with = + - @, tab or CR is prefixed with a single quote. ${scopeRule}`,
      body: userRecordsQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      sendCsv(reply, 'user-records.csv', await records.exportUserRecords(db, requireActor(req), req.body)),
  });

  app.put('/api/Catalogs/Filters/', {
    config: { access: readOwn },
    schema: {
      tags,
      summary: 'Distinct values of one column of a server-paged table, under its other filters',
      description: `source names the table (UserRecords or MyRequests), column the field; the column's own filter is ignored. At most ${FILTER_OPTIONS_LIMIT} values, sorted; isTruncated says the list was cut. ${scopeRule}`,
      body: filterOptionsQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) => ok(await records.findFilterOptions(db, requireActor(req), req.body)),
  });

  app.get('/api/Request/UserRecordsByEmail/:email', {
    config: { access: readOwn },
    schema: {
      tags,
      summary: 'Access records of the user with this primary or additional email (existing-access check)',
      description: `Completed or archived Add lines, newest first, at most ${records.RECORDS_BY_EMAIL_LIMIT}. ${scopeRule}`,
      params: z.object({ email: z.string().min(1).max(100) }),
      response: { 200: envelope(z.array(userRecordRow)) },
    },
    handler: async (req) => ok(await records.findRecordsByEmail(db, requireActor(req), req.params.email)),
  });
};
