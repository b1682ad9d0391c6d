import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SCIM_MAX_RESULTS,
  messages,
  scimIdParams,
  scimListQuery,
  scimPatch,
  scimSchemas,
  scimUser,
} from '@uap/domain';
import { signInFailuresFor } from '../../auth/sign-in-limit.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { DirectoryRow } from '../../directory/feed-queries.ts';
import { publicAccess } from '../../http/access.ts';
import { presentsBearerSecret } from '../../http/bearer-secret.ts';
import { failure } from '../../http/envelope.ts';
import { schemas, serviceProviderConfig, userResourceType } from './discovery.ts';
import { filterCondition, findScimUser, listScimUsers } from './queries.ts';
import { ScimError, scimErrorBody, toScim } from './resource.ts';
import { createScimUser, deleteScimUser, patchScimUser, replaceScimUser } from './service.ts';

const SCIM_TYPE = 'application/scim+json; charset=utf-8';

/**
 * SCIM 2.0 inbound (RFC 7643/7644) at /scim/v2: the corporate identity provider (Entra ID,
 * Okta) creates, updates and disables directory users here. Not a user API: the provider
 * presents SCIM_TOKEN, so the routes skip the sign-in check and this scope checks the secret.
 * Unset, every SCIM URL answers the same 404 as an unknown URL. Errors use the SCIM error
 * schema; the routes are left out of the OpenAPI document (its errors are the envelope's).
 */
export const scimRoutes: FastifyPluginAsync<{ config: Config; db: Db }> = async (base, { config, db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const origin = config.publicUrl;
  const location = (row: DirectoryRow) => `${origin}/scim/v2/Users/${encodeURIComponent(row.directoryId)}`;
  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).type(SCIM_TYPE).send(body);
  const user = (row: DirectoryRow) => toScim(row, location(row));

  app.addContentTypeParser(
    'application/scim+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );

  // Wrong tokens per client address, as failed sign-ins: a guesser is refused, a right token too.
  const failures = signInFailuresFor(db, config);

  app.addHook('onRequest', async (request, reply) => {
    if (!config.scimToken) {
      return reply.code(404).send(failure('Not found'));
    }
    const address = [`ip:${request.ip}`];
    const wait = await failures.retryAfter(address);
    if (wait !== null) {
      reply.header('retry-after', String(wait));
      return send(reply, 429, scimErrorBody(429, messages.tooManyRequests(wait)));
    }
    if (!presentsBearerSecret(request.headers.authorization, config.scimToken)) {
      await failures.recordFailure(address);
      reply.header('www-authenticate', 'Bearer');
      return send(reply, 401, scimErrorBody(401, messages.scimUnauthorized));
    }
  });

  app.setErrorHandler((error: FastifyError | ScimError | Error, request, reply) => {
    if (error instanceof ScimError) {
      return send(reply, error.status, scimErrorBody(error.status, error.message, error.scimType));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const detail = `${first?.instancePath ?? ''} ${first?.message ?? messages.invalidInput}`.trim();
      const scimType = error.validationContext === 'querystring' ? 'invalidFilter' : 'invalidValue';
      return send(reply, 400, scimErrorBody(400, detail, scimType));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'SCIM request failed');
      return send(reply, 500, scimErrorBody(500, messages.serverError));
    }
    // Malformed JSON, a body too large, an unsupported media type.
    return send(
      reply,
      status,
      scimErrorBody(status, error.message, status === 400 ? 'invalidSyntax' : undefined),
    );
  });

  const route = { config: { access: publicAccess } } as const;
  const hidden = { hide: true, tags: ['scim'] };

  app.get('/scim/v2/ServiceProviderConfig', {
    ...route,
    schema: { ...hidden, summary: 'What this SCIM service supports' },
    handler: async (_request, reply) => send(reply, 200, serviceProviderConfig(origin)),
  });

  app.get('/scim/v2/ResourceTypes', {
    ...route,
    schema: { ...hidden, summary: 'The resource types (User)' },
    handler: async (_request, reply) => send(reply, 200, listResponse([userResourceType(origin)], 1, 1)),
  });

  app.get('/scim/v2/ResourceTypes/:id', {
    ...route,
    schema: { ...hidden, summary: 'One resource type', params: scimIdParams },
    handler: async (request, reply) => {
      if (request.params.id !== 'User') {
        throw new ScimError(404, messages.scimNotFound);
      }
      return send(reply, 200, userResourceType(origin));
    },
  });

  app.get('/scim/v2/Schemas', {
    ...route,
    schema: { ...hidden, summary: 'The User schema and the enterprise extension' },
    handler: async (_request, reply) => {
      const all = schemas(origin);
      return send(reply, 200, listResponse(all, all.length, 1));
    },
  });

  app.get('/scim/v2/Schemas/:id', {
    ...route,
    schema: { ...hidden, summary: 'One schema', params: scimIdParams },
    handler: async (request, reply) => {
      const found = schemas(origin).find((s) => s.id === request.params.id);
      if (!found) {
        throw new ScimError(404, messages.scimNotFound);
      }
      return send(reply, 200, found);
    },
  });

  app.get('/scim/v2/Users', {
    ...route,
    schema: {
      ...hidden,
      summary: 'Users, optionally filtered (userName eq "…", externalId eq "…")',
      querystring: scimListQuery,
    },
    handler: async (request, reply) => {
      const { filter } = request.query;
      const startIndex = Math.max(1, request.query.startIndex ?? 1);
      const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, request.query.count ?? 100));
      const condition = filter ? filterCondition(filter) : null;
      const { total, rows } = await listScimUsers(db.kysely, { condition, startIndex, count });
      return send(reply, 200, listResponse(rows.map(user), total, startIndex));
    },
  });

  app.post('/scim/v2/Users', {
    ...route,
    schema: { ...hidden, summary: 'Create a user (a joiner)', body: scimUser },
    handler: async (request, reply) => {
      const row = await createScimUser(db, request.body);
      reply.header('location', location(row));
      return send(reply, 201, user(row));
    },
  });

  app.get('/scim/v2/Users/:id', {
    ...route,
    schema: { ...hidden, summary: 'One user', params: scimIdParams },
    handler: async (request, reply) => {
      const row = await findScimUser(db.kysely, request.params.id);
      if (!row) {
        throw new ScimError(404, messages.scimUserNotFound(request.params.id));
      }
      return send(reply, 200, user(row));
    },
  });

  app.put('/scim/v2/Users/:id', {
    ...route,
    schema: { ...hidden, summary: 'Replace a user (a mover)', params: scimIdParams, body: scimUser },
    handler: async (request, reply) =>
      send(reply, 200, user(await replaceScimUser(db, request.params.id, request.body))),
  });

  app.patch('/scim/v2/Users/:id', {
    ...route,
    schema: {
      ...hidden,
      summary: 'Change a user (active=false: a leaver)',
      params: scimIdParams,
      body: scimPatch,
    },
    handler: async (request, reply) =>
      send(reply, 200, user(await patchScimUser(db, request.params.id, request.body.Operations))),
  });

  app.delete('/scim/v2/Users/:id', {
    ...route,
    schema: {
      ...hidden,
      summary: 'Delete a user (a leaver; the entry is kept, disabled)',
      params: scimIdParams,
    },
    handler: async (request, reply) => {
      await deleteScimUser(db, request.params.id);
      return reply.code(204).send();
    },
  });
};

function listResponse(resources: unknown[], total: number, startIndex: number) {
  return {
    schemas: [scimSchemas.listResponse],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
