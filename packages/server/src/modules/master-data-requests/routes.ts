import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  envelope,
  idParam,
  masterDataItemOptionsQuery,
  masterDataItemRef,
  masterDataRequestDoneInput,
  masterDataRequestHistory,
  masterDataRequestHistoryQuery,
  masterDataRequestInput,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { createMasterDataRequest, findHistory, findItemOptions, markDone } from './service.ts';

export const masterDataRequestRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['master data requests'];

  app.post('/api/MasterDataRequest', {
    config: { access: { minRole: Role.STANDARD, auditor: false } },
    schema: {
      tags,
      summary: 'Ask the administrators for a master data change',
      body: masterDataRequestInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => ok(null, await createMasterDataRequest(db, requireActor(req), req.body)),
  });

  app.get('/api/MasterDataRequest', {
    config: { access: { minRole: Role.STANDARD, auditor: true } },
    schema: {
      tags,
      summary:
        'Historical Database Requests (admins see everyone’s, others their own), newest first; search, type and status filters',
      querystring: masterDataRequestHistoryQuery,
      response: { 200: envelope(masterDataRequestHistory) },
    },
    handler: async (req) => ok(await findHistory(db, requireActor(req), req.query)),
  });

  app.put('/api/MasterDataRequest/:id/Done', {
    config: { access: { minRole: Role.ADMIN, auditor: false } },
    schema: {
      tags,
      summary: 'Mark a request done, linking the item of its type that it created (or none)',
      params: z.object({ id: idParam }),
      body: masterDataRequestDoneInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => ok(null, await markDone(db, requireActor(req), req.params.id, req.body)),
  });

  app.get('/api/MasterDataRequest/ItemOptions', {
    config: { access: { minRole: Role.ADMIN, auditor: false } },
    schema: {
      tags,
      summary: 'Items of one master data type whose name contains the search, for the done link (20 at most)',
      querystring: masterDataItemOptionsQuery,
      response: { 200: envelope(z.array(masterDataItemRef)) },
    },
    handler: async (req) => ok(await findItemOptions(db, req.query)),
  });
};
