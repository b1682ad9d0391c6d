import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@uap/domain';
import { failure } from './envelope.ts';
import { isStatementCutShort } from '../db/pg-settings.ts';
import { HttpError } from './errors.ts';

/** One error vocabulary: every failure leaves as the envelope with a real status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 401 || error.statusCode === 403) {
        // Every refused attempt leaves a trace: who, what, and the reason given.
        request.log.warn(
          {
            userId: request.actor?.userId ?? null,
            method: request.method,
            url: request.url,
            reason: error.message,
          },
          `refused ${error.statusCode}`,
        );
      }
      return reply.code(error.statusCode).send(failure(error.message, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Our schemas carry the spec's messages; show the first one as the message.
      const first = error.validation[0];
      const message =
        first?.message && !first.message.startsWith('Invalid input') ? first.message : messages.invalidInput;
      return reply.code(400).send(
        failure(message, {
          issues: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
        }),
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(failure(messages.serverError));
    }
    if (isStatementCutShort(error)) {
      // PostgreSQL cancelled a statement past PG_STATEMENT_TIMEOUT_MS or PG_LOCK_TIMEOUT_MS.
      request.log.warn({ err: error, method: request.method, url: request.url }, 'statement cut short');
      return reply.code(503).header('retry-after', '5').send(failure(messages.serverBusy));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(failure(messages.serverError));
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type).
    return reply.code(status).send(failure(error.message));
  });
}
