import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyPluginOptions,
  type FastifyServerOptions,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@uap/domain';
import type { Config } from './config.ts';
import { refreshPlannerStatistics, type Db } from './db/connection.ts';
import { loadSigningMaterial, type SigningMaterial } from './auth/keys.ts';
import { loadExportSigner, type ExportSigner } from './modules/audit/signing.ts';
import { createVerifier, type VerifyToken } from './auth/verify.ts';
import { createEmbeddedProvider, registerEmbeddedProvider } from './auth/embedded-idp.ts';
import { publicAccess, type Access } from './http/access.ts';
import { registerAuthHook } from './http/auth-hook.ts';
import { ActorMemo, forgetActorsOnWrite } from './http/actor-memo.ts';
import { ACCESS_CHANGES, ChangeChannel } from './db/change-channel.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { validatorCompiler } from './http/validator.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { responseSerializerCompiler } from './http/serializer.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { signInFailuresFor } from './auth/sign-in-limit.ts';
import { failure } from './http/envelope.ts';
import { documentErrors } from './http/openapi-errors.ts';
import { createMetrics } from './modules/system/metrics.ts';
import { publicConfigOf, systemRoutes } from './modules/system/routes.ts';
import { createIndexPage } from './http/index-page.ts';
import { administratorRoutes } from './modules/administrators/routes.ts';
import { signInRoutes } from './modules/profiles/sign-in-routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { requestRoutes } from './modules/tasks/routes.ts';
import { TaskCountCache, forgetTaskCountsOnWrite } from './modules/tasks/cache.ts';
import { masterDataRequestRoutes } from './modules/master-data-requests/routes.ts';
import { masterDataRoutes } from './modules/master-data/routes.ts';
import { masterDataSaveRoutes } from './modules/master-data/save-routes.ts';
import { recordRoutes } from './modules/records/routes.ts';
import { myRequestRoutes } from './modules/my-requests/routes.ts';
import { createRoutes } from './modules/create-request/routes.ts';
import { modifyRoutes } from './modules/modify/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { profileAdminRoutes } from './modules/profiles/admin-routes.ts';
import { userPopupRoutes } from './modules/profiles/popup-routes.ts';
import { approvalRoutes } from './modules/approvals/routes.ts';
import { provisioningRoutes } from './modules/provisioning/routes.ts';
import { trackerRoutes } from './modules/tracker/routes.ts';
import { assignmentRoutes } from './modules/approval-paths/assignments/routes.ts';
import { assignmentWriteRoutes } from './modules/approval-paths/assignments/write-routes.ts';
import { existingAccessRoutes } from './modules/existing-access/routes.ts';
import { masterApproverRoutes } from './modules/approval-paths/master-approvers/routes.ts';
import { approverStatusRoutes } from './modules/approval-paths/approver-status/routes.ts';
import { leaverRoutes } from './modules/leavers/routes.ts';
import { accessReviewRoutes } from './modules/access-reviews/routes.ts';
import { absenceRoutes } from './modules/approval-paths/absences/routes.ts';
import { coverageRoutes } from './modules/approval-paths/coverage/routes.ts';
import { scimRoutes } from './modules/scim/routes.ts';
import { directoryImportRoutes } from './modules/directory-import/routes.ts';
import { jobRoutes } from './modules/jobs/routes.ts';
import { JobRunner } from './modules/jobs/runner.ts';
import { mergeRoutes } from './modules/merges/routes.ts';
import { matcherRoutes } from './modules/merges/matcher-routes.ts';
import { userStatusRoutes } from './modules/profiles/status-routes.ts';
import { jobDefinitions } from './modules/jobs/definitions.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { mailDecisionRoutes } from './modules/mail-decisions/routes.ts';
import { accessBundleRoutes } from './modules/access-bundles/routes.ts';
import { bulkRoutes } from './modules/bulk/routes.ts';
import { masterDataUploadRoutes } from './modules/master-data/upload-routes.ts';
import './http/actor.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { scorecardRoutes } from './modules/scorecards/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { OutboxSender } from './modules/notifications/sender.ts';
import { Lifecycle } from './lifecycle.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Wraps a third-party plugin whose routes serve public files (docs UI, the built SPA): they
 * are declared public here, in one place, instead of escaping the deny-by-default rule.
 */
function publicPlugin<O extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<O> | FastifyPluginCallback<O>,
) {
  return async (scope: FastifyInstance, opts: O) => {
    scope.addHook('onRoute', (route) => {
      (route.config ??= {}).access ??= publicAccess;
    });
    await scope.register(plugin as FastifyPluginAsync<O>, opts);
  };
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its access declaration (the route test reads this). */
    registeredRoutes: RegisteredRoute[];
    signingMaterial: SigningMaterial | null;
    verifyToken: VerifyToken;
    /** Background jobs: runs on demand always; on schedule once `start()`ed (main.ts, JOBS_ENABLED). */
    jobRunner: JobRunner;
    /** Notifications: sends the outbox; on a timer once `start()`ed (main.ts, JOBS_ENABLED). */
    outboxSender: OutboxSender;
    /** Readiness and draining (lifecycle.ts). */
    lifecycle: Lifecycle;
    /** Signs every exported file with the chain head it was read at (GET api/Audit/Key). */
    exportSigner: ExportSigner;
  }
}

/** Builds the whole UAP server: API, OpenAPI docs, embedded sign-in and the built SPA. */
export async function buildApp({ config, db, logger = false }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    genReqId: () => crypto.randomUUID(),
    // Only proxies named in TRUST_PROXY may set the client address (rate limits key on it).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // While closing, a call that still arrives on an open connection is served, not refused
    // (lifecycle.ts drains the instance first; its answers close their connections).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  const lifecycle = new Lifecycle(db);
  app.decorate('lifecycle', lifecycle);
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) {
      // The client (a load balancer's pool) opens its next connection to a ready instance.
      reply.header('connection', 'close');
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkResponses: config.checkResponses }));

  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    // Keep the config object itself: a plugin's own hook may still declare access on it.
    const config = (route.config ??= {});
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        get access() {
          return config.access;
        },
      });
    }
  });

  const signingMaterial = config.auth.issuer ? null : await loadSigningMaterial(db);
  const verifyToken = createVerifier(config, signingMaterial);
  app.decorate('signingMaterial', signingMaterial);
  app.decorate('exportSigner', await loadExportSigner(db, config.auditSigningKeyFile));
  app.decorate('verifyToken', verifyToken);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.auth.issuer ? [new URL(config.auth.issuer).origin] : [])],
        frameSrc: ["'self'", 'https:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // TLS is the load balancer's job; upgrading here breaks a plain-http internal host.
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  registerErrorHandler(app);
  // With several instances on PostgreSQL, a write on one makes every other forget the profiles
  // it kept within a notice's time; with SQLite one process is the whole system.
  const accessChanges =
    db.dialect === 'postgres'
      ? new ChangeChannel(
          config.databaseUrl,
          ACCESS_CHANGES,
          () => actors.forgetAll(),
          (error) =>
            app.log.warn({ err: error }, 'access change channel lost; reading profiles on every call'),
        )
      : null;
  const actors = new ActorMemo(
    config.actorCacheSeconds * 1000,
    Date.now,
    () => accessChanges?.isListening ?? true,
  );
  const tellOthers = async () => {
    await accessChanges?.notify(db);
  };
  if (accessChanges) {
    app.addHook('onReady', () => accessChanges.start());
    app.addHook('onClose', () => accessChanges.close());
  }
  const countRequest = await registerRateLimit(app, config, db);
  registerAuthHook(app, db, verifyToken, actors, countRequest);
  forgetActorsOnWrite(app, actors, tellOthers);
  createMetrics(app);
  const countCache = new TaskCountCache(config.taskCountsCacheSeconds * 1000);
  forgetTaskCountsOnWrite(app, countCache);

  await app.register(swagger, {
    openapi: {
      info: { title: 'UAP — User Access Portal API', version: APP_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: documentErrors,
  });
  await app.register(publicPlugin(swaggerUi), { routePrefix: '/api/docs' });

  await app.register(systemRoutes, { config, db });
  await app.register(signInRoutes, { db });
  await app.register(administratorRoutes, { db });
  await app.register(catalogRoutes, { db });
  await app.register(requestRoutes, { db, countCache });
  await app.register(masterDataRequestRoutes, { db });
  await app.register(masterDataRoutes, { db });
  await app.register(masterDataSaveRoutes, { db });
  await app.register(recordRoutes, { db });
  await app.register(myRequestRoutes, { db });
  await app.register(createRoutes, { db });
  await app.register(modifyRoutes, { db });
  await app.register(profileRoutes, { db });
  await app.register(profileAdminRoutes, { db });
  await app.register(userPopupRoutes, { db });
  await app.register(approvalRoutes, { db });
  await app.register(provisioningRoutes, { db });
  await app.register(trackerRoutes, { db, config });
  await app.register(assignmentRoutes, { db });
  await app.register(assignmentWriteRoutes, { db });
  await app.register(existingAccessRoutes, { db });
  await app.register(masterApproverRoutes, { db });
  await app.register(approverStatusRoutes, { db });
  await app.register(leaverRoutes, { db });
  await app.register(accessReviewRoutes, { db });
  await app.register(absenceRoutes, { db });
  await app.register(coverageRoutes, { db });
  await app.register(scimRoutes, { config, db });
  await app.register(directoryImportRoutes, { db });
  await app.register(mergeRoutes, { db });
  const jobRunner = new JobRunner(db, jobDefinitions, {
    config,
    onError: (error, job) => app.log.error({ err: error, job }, 'job run failed'),
    // A job may change profiles (merges, the directory): kept profiles are read again.
    onRunEnd: () => {
      actors.forgetAll();
      tellOthers().catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not tell the other instances'),
      );
    },
  });
  app.decorate('jobRunner', jobRunner);
  app.addHook('onClose', () => jobRunner.stop());
  if (config.plannerStatisticsHours > 0) {
    const statistics = setInterval(() => {
      refreshPlannerStatistics(db).catch((error: unknown) =>
        app.log.error({ err: error }, 'refreshing the planner statistics failed'),
      );
    }, config.plannerStatisticsHours * 3_600_000);
    statistics.unref();
    app.addHook('onClose', () => clearInterval(statistics));
  }
  await app.register(jobRoutes, { db, runner: jobRunner });
  await app.register(auditRoutes, { db });
  await app.register(mailDecisionRoutes, { db });
  await app.register(accessBundleRoutes, { db });
  await app.register(bulkRoutes, { db, config });
  await app.register(matcherRoutes, { db, runner: jobRunner });
  await app.register(userStatusRoutes, { db, runner: jobRunner });
  await app.register(reportRoutes, { db });
  await app.register(scorecardRoutes, { db });
  await app.register(masterDataUploadRoutes, { db });
  await app.register(notificationRoutes, { db, config });
  const outboxSender = new OutboxSender(db, { ...config.notifications, baseUrl: config.publicUrl }, (error) =>
    app.log.error({ err: error }, 'sending the notification outbox failed'),
  );
  app.decorate('outboxSender', outboxSender);
  app.addHook('onClose', () => outboxSender.stop());

  if (!config.auth.issuer && signingMaterial) {
    const failures = signInFailuresFor(db, config);
    await registerEmbeddedProvider(app, createEmbeddedProvider(config, db, signingMaterial), db, failures);
  }

  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    const staticOptions = {
      root: config.webDistDir,
      maxAge: '1h',
      // The build writes .br and .gz beside each file: sent as they are when the client accepts them.
      preCompressed: true,
      setHeaders: (res: { header(name: string, value: string): unknown }, file: string) => {
        // Hashed assets never change; index.html must always be fresh.
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (/index\.html(\.br|\.gz)?$/.test(file)) {
          res.header('cache-control', 'no-cache');
        }
      },
    };
    // reply.sendFile for the SPA's own routes below (no files served from this registration).
    await app.register(fastifyStatic, { ...staticOptions, serve: false });
    await app.register(publicPlugin(fastifyStatic), {
      ...staticOptions,
      // Resolve files per request, so a rebuilt SPA is served without a restart.
      wildcard: true,
      index: false,
      decorateReply: false,
    });
  }
  // index.html with the public configuration and the opened screen's pending draw put in.
  const sendIndex = createIndexPage(config.webDistDir, publicConfigOf(config));
  if (hasWeb) {
    app.get('/', { config: { access: publicAccess }, schema: { hide: true } }, sendIndex);
  }
  app.setNotFoundHandler((request, reply) => {
    // API-like paths and missing build files get a real 404, not the SPA.
    const isApi = /^\/(api|oidc|scim|metrics|assets)(\/|$)/.test(request.url);
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes: the SPA decides what to show (including its own not-found page).
      return sendIndex(request, reply);
    }
    return reply.code(404).send(failure('Not found'));
  });
  return app;
}
