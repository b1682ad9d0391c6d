import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALL_ROWS } from '@uap/domain';
import './access.ts';

/** The error answers the OpenAPI document lists (every one is the failure envelope). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422;

/** The answers only a route's service knows it gives; the route declares them in its schema. */
export type DeclaredErrorStatus = 403 | 404 | 409 | 422;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The 404 (not found or outside the caller's scope), 409 (changed meanwhile) and 422 (a
     * business rule refused it) answers the route's service gives (errors.ts: notFound, conflict,
     * unprocessable); 403 only where the service refuses beyond the access declaration. Listed in
     * the OpenAPI document; the statuses every route of its kind gives are derived, not declared.
     */
    errors?: readonly DeclaredErrorStatus[];
  }
}

const descriptions: Record<ErrorStatus, string> = {
  400: 'The input does not match the schema (data.issues lists each problem) or names an unknown column.',
  401: 'No bearer token, or the token is invalid or expired.',
  403: "The caller has no profile, the caller's role is below the route's minimum, the auditor tried to change something, or a rule of the route refuses this caller (the message says which).",
  404: 'The record does not exist or is outside the caller’s scope.',
  409: 'The record changed meanwhile (another decision or change came first); data names it where useful.',
  413: 'The body is larger than the server accepts (1 MiB).',
  415: 'The body is not JSON (Content-Type must be application/json).',
  422: 'A business rule refused the request; the message is the rule’s sentence.',
};

function failureEnvelope(status: ErrorStatus) {
  return {
    description: descriptions[status],
    content: {
      'application/json': {
        schema: z.object({
          succeeded: z.literal(false),
          message: z.string(),
          data: z.unknown().describe('null, or details: validation issues (400), the record in question'),
        }),
      },
    },
  };
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

const shapeOf = (schema: unknown) => (schema instanceof z.ZodObject ? schema.shape : undefined);

/**
 * A table's page that may be asked for every row (pageSize ALL_ROWS), which is refused with 422
 * past ALL_ROWS_MAX rows: its input's pageSize accepts ALL_ROWS and its answer is a page (it
 * holds a totalCount).
 */
function pagesAllRows(schema: FastifySchema): boolean {
  const pageSize: unknown = shapeOf(schema.body ?? schema.querystring)?.pageSize;
  const success = (schema.response as Record<string, unknown> | undefined)?.[200];
  const data = shapeOf(shapeOf(success)?.data);
  return (
    pageSize instanceof z.ZodType && pageSize.safeParse(ALL_ROWS).success && data?.totalCount !== undefined
  );
}

/**
 * The error statuses a route really answers: 401 unless public; 403 when a role minimum applies
 * (a caller without a profile or below the role, the auditor on writes); 400 when it validates
 * input; 413 and 415 when it takes a body; 422 on a table's page (pageSize ALL_ROWS past
 * ALL_ROWS_MAX rows); plus what the route declares (`schema.errors`).
 */
export function errorStatusesOf(route: Pick<RouteOptions, 'method' | 'schema' | 'config'>): ErrorStatus[] {
  const access = route.config?.access;
  const schema = route.schema ?? {};
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const statuses = new Set<ErrorStatus>(schema.errors ?? []);
  if (access?.minRole !== 'public') {
    statuses.add(401);
  }
  // No declaration is refused with 403 (deny by default), a role minimum with 403 too.
  if (access === undefined || typeof access.minRole === 'number') {
    statuses.add(403);
  }
  if (schema.body !== undefined || schema.params !== undefined || schema.querystring !== undefined) {
    statuses.add(400);
  }
  if (methods.some((m) => bodyMethods.has(m))) {
    statuses.add(413).add(415);
  }
  if (pagesAllRows(schema)) {
    statuses.add(422);
  }
  return [...statuses].sort((a, b) => a - b);
}

/**
 * The OpenAPI transform: the zod schemas become JSON Schema (fastify-type-provider-zod), and every
 * route lists its error answers with the failure envelope. Only the document changes: responses
 * are sent exactly as before.
 */
export const documentErrors: SwaggerTransform<FastifySchema & { hide?: boolean }> = (input) => {
  const { errors: _declared, ...schema } = input.schema;
  const statuses = errorStatusesOf(input.route);
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of statuses) {
    response[status] ??= failureEnvelope(status);
  }
  const transformed = jsonSchemaTransform({ ...input, schema: { ...schema, response } });
  // A route without a declared success (a file download) keeps the default one.
  const out = transformed.schema as { response?: Record<string, unknown> };
  if (out.response && !Object.keys(out.response).some((code) => code.startsWith('2'))) {
    out.response[200] = { description: 'Default Response' };
  }
  return transformed;
};
