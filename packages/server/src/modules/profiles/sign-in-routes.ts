import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, loggedUser } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { ok } from '../../http/envelope.ts';
import { validateNewUser } from './sign-in-service.ts';

/** Sign-in: the caller's own profile, created on first sign-in. */
export const signInRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post('/api/User/ValidateNewUser', {
    config: { access: { minRole: 'authenticated', auditor: true } },
    schema: {
      tags: ['users'],
      errors: [403],
      summary: "The route guard's first call: the caller's profile, created on first sign-in",
      response: { 200: envelope(loggedUser) },
    },
    handler: async (request) => {
      // 'authenticated' routes always carry a verified identity.
      const identity = request.identity!;
      return ok(await validateNewUser(db, identity, request.actor));
    },
  });
};
