import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION, envelope, messages, publicConfig, type PublicConfig } from '@uap/domain';
import type { Config } from '../../config.ts';
import { pingDatabase, type Db } from '../../db/connection.ts';
import { publicAccess } from '../../http/access.ts';
import { presentsBearerSecret } from '../../http/bearer-secret.ts';
import { ok, failure } from '../../http/envelope.ts';
import { embeddedIssuer } from '../../auth/verify.ts';
import { RESOURCE_SCOPE } from '../../auth/embedded-idp.ts';

const health = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  version: z.string(),
});

const liveness = z.object({ status: z.literal('ok'), version: z.string() });

const readiness = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  draining: z.boolean(),
  version: z.string(),
});

/** What GET /api/config answers (and index.html carries): what the SPA needs before sign-in. */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    authority: config.auth.issuer ?? embeddedIssuer(config),
    clientId: config.auth.clientId,
    scope: config.auth.issuer ? config.auth.scope : `openid profile email offline_access ${RESOURCE_SCOPE}`,
    resource: null,
    env: config.env,
    version: APP_VERSION,
    contactEmail: config.contactEmail,
    documentationUrl: config.documentationUrl,
    adminResourcesUrl: config.adminResourcesUrl,
    thirdPartyAgreementUrl: config.thirdPartyAgreementUrl,
    reportsEmbedUrl: config.reportsEmbedUrl,
    expiryNoticeDays: config.expiryNoticeDays,
  };
}

/** Health, metrics and the SPA's public configuration. */
export const systemRoutes: FastifyPluginAsync<{ config: Config; db: Db }> = async (base, { config, db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/health', {
    config: { access: publicAccess },
    schema: {
      tags: ['system'],
      summary: 'Liveness and database check',
      security: [],
      response: { 200: envelope(health), 503: envelope(health) },
    },
    handler: async (request, reply) => {
      try {
        await pingDatabase(db);
        return ok({ status: 'ok' as const, database: 'ok' as const, version: APP_VERSION });
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.code(503).send({
          ...failure('Database unavailable'),
          data: { status: 'error' as const, database: 'error' as const, version: APP_VERSION },
        });
      }
    },
  });

  app.get('/api/health/live', {
    config: { access: publicAccess },
    schema: {
      tags: ['system'],
      summary: 'Liveness: the process answers (restart it when this fails); reads nothing',
      security: [],
      response: { 200: envelope(liveness) },
    },
    handler: async () => ok({ status: 'ok' as const, version: APP_VERSION }),
  });

  app.get('/api/health/ready', {
    config: { access: publicAccess },
    schema: {
      tags: ['system'],
      summary:
        'Readiness: the database answers, every migration has run and the instance is not draining (send it calls only while this answers 200)',
      security: [],
      response: { 200: envelope(readiness), 503: envelope(readiness) },
    },
    handler: async (_request, reply) => {
      const { isReady, ...parts } = await app.lifecycle.readiness();
      const data = { status: isReady ? ('ok' as const) : ('error' as const), ...parts, version: APP_VERSION };
      return isReady ? ok(data) : reply.code(503).send({ ...failure(messages.serviceNotReady), data });
    },
  });

  // Not a user token: the scraper presents METRICS_TOKEN, so the route skips the sign-in check.
  app.get('/metrics', {
    config: { access: publicAccess },
    schema: {
      tags: ['system'],
      summary: 'Prometheus metrics (text exposition format); needs `Authorization: Bearer $METRICS_TOKEN`',
      security: [{ bearer: [] }],
    },
    handler: async (request, reply) => {
      if (!config.metricsToken || !presentsBearerSecret(request.headers.authorization, config.metricsToken)) {
        // Unset or wrong token: the same 404 as an unknown URL, so the endpoint is not advertised.
        return reply.code(404).send(failure('Not found'));
      }
      return reply.type(app.metricsRegistry.contentType).send(await app.metricsRegistry.metrics());
    },
  });

  const spaConfig = publicConfigOf(config);
  app.get('/api/config', {
    config: { access: publicAccess },
    schema: {
      tags: ['system'],
      summary: 'What the SPA needs before sign-in',
      security: [],
      response: { 200: envelope(publicConfig) },
    },
    handler: async () => ok(spaConfig),
  });
};
