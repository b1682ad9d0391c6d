import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  cancelRequestsInput,
  envelope,
  idParam,
  myRequestsPage,
  myRequestsTable,
  searchTerm,
  tableQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { invalid } from '../../http/errors.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import * as myRequests from './service.ts';

const tableRule =
  'orderBy and filter columns are the row field names the PUT page names; an unknown one is ' +
  'refused with 400. Filters are IN lists (an empty list filters nothing); searchCriteria matches any ' +
  'searchable column, case-insensitively. Ties sort by requestId.';

/** Reads of the caller's own lines, auditors included. */
const readOwn: Access = { minRole: Role.STANDARD, auditor: true };

/** Routes of My Requests: the caller's lines and cancelling them. */
export const myRequestRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['records'];

  app.get('/api/Request/AllMyRequest/:requestId', {
    config: { access: readOwn },
    schema: {
      tags,
      summary: 'My Requests: lines I created or am the subject of, every type and status, newest first',
      description: `requestId 0 = all; otherwise the lines of that request's submission. Query: page, pageSize, orderBy, orderAsc, searchCriteria; filters through PUT api/Request/AllMyRequest. ${tableRule}`,
      params: z.object({ requestId: idParam }),
      querystring: z.object({
        page: z.coerce.number().int().min(1).optional(),
        pageSize: z.coerce.number().int().optional(),
        orderBy: z.string().max(60).optional(),
        orderAsc: z.enum(['true', 'false']).optional(),
        searchCriteria: searchTerm(z.string().max(200)).optional(),
      }),
      response: { 200: envelope(myRequestsPage) },
    },
    handler: async (req) => {
      const { orderAsc, ...rest } = req.query;
      const parsed = tableQuery.safeParse({ ...rest, orderAsc: orderAsc === 'true' });
      if (!parsed.success) {
        throw invalid(parsed.error.issues[0]?.message);
      }
      const query = parsed.data;
      return ok(
        await myRequests.findMyRequests(db, requireActor(req), { ...query, requestId: req.params.requestId }),
      );
    },
  });

  tableRoutes(app, db, myRequestsTable, myRequests.myRequestsReader, {
    access: readOwn,
    tags,
    pageDescription: 'The table body plus requestId (0 or absent = all).',
    rowsRule: `Rows: the lines the caller created or is the subject of. Filter menus: PUT api/Catalogs/Filters/ with source MyRequests.`,
  });

  app.post('/api/Request/CancelMultipleRequest/', {
    config: { access: { minRole: Role.STANDARD, auditor: false } },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: 'Cancel Submitted requests, all or none',
      description:
        'Allowed only when every listed request is Submitted (else 422) and the caller is its requestor or a super admin (else 403; a request the caller may not see: 404). Nothing changes on any refusal; 409 when one moved meanwhile.',
      body: cancelRequestsInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => ok(null, await myRequests.cancelRequests(db, requireActor(req), req.body)),
  });
};
