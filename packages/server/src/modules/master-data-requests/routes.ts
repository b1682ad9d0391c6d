import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  defaultPageSize,
  envelope,
  masterDataRequestInput,
  masterDataRequestRow,
  pageSizes,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { createMasterDataRequest, findHistory } from './service.ts';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (pageSizes as readonly number[]).includes(n), {
      message: `pageSize must be one of ${pageSizes.join(', ')}`,
    })
    .default(defaultPageSize),
});

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
      summary: 'Historical Database Requests (admins see everyone’s, others their own), newest first',
      querystring: pageQuery,
      response: {
        200: envelope(
          z.object({
            items: z.array(masterDataRequestRow),
            page: z.number().int(),
            totalCount: z.number().int(),
          }),
        ),
      },
    },
    handler: async (req) => ok(await findHistory(db, requireActor(req), req.query)),
  });
};
