import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { envelope, type Envelope } from '@uap/domain';
import type { Access } from './access.ts';
import { requireActor, type Actor } from './actor.ts';
import type { DeclaredErrorStatus } from './openapi-errors.ts';

type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** The parsed parts of a call, as a route's handler reads them. */
interface RouteCall<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

/** One route: who may call it, what its OpenAPI entry says, the data it answers and its handler. */
export interface RouteOf<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends z.ZodType> {
  access: Access;
  errors?: readonly DeclaredErrorStatus[];
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The schema of the answer's data (the envelope goes around it). */
  answer: A;
  /** The answer, from the caller and the parsed call. */
  handle: (
    actor: Actor,
    call: RouteCall<z.infer<P>, z.infer<Q>, z.infer<B>>,
  ) => Promise<Envelope<z.infer<A>>>;
}

/**
 * Declares a module's routes under its OpenAPI tags: `route('PUT /api/…', { access, summary, …,
 * answer, handle })` registers one with its access in its config and the envelope around its
 * answer; the handler gets the signed-in caller.
 */
export function declaredRoutes(base: FastifyInstance, tags: readonly string[]) {
  return <
    P extends z.ZodType = z.ZodUndefined,
    Q extends z.ZodType = z.ZodUndefined,
    B extends z.ZodType = z.ZodUndefined,
    A extends z.ZodType = z.ZodType,
  >(
    route: `${RouteMethod} /api/${string}`,
    { access, answer, handle, ...doc }: RouteOf<P, Q, B, A>,
  ) => {
    const [method, url] = route.split(' ') as [RouteMethod, string];
    base.route({
      method,
      url,
      config: { access },
      schema: { tags: [...tags], ...doc, response: { 200: envelope(answer) } },
      handler: (req) =>
        handle(requireActor(req), req as unknown as RouteCall<z.infer<P>, z.infer<Q>, z.infer<B>>),
    });
  };
}
