import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role, adminRegionRow, envelope, loggedUser, superAdminRow } from '@uap/domain';
import { requireActor } from '../../http/actor.ts';
import type { Db } from '../../db/connection.ts';
import { ok } from '../../http/envelope.ts';
import { adminRegions, superAdmins, validateNewUser } from './service.ts';

export const userRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
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
      return ok(await validateNewUser(db, identity));
    },
  });

  app.get('/api/User/GetAdminRegion', {
    config: { access: { minRole: Role.ADMIN, auditor: true } },
    schema: {
      tags: ['administrators'],
      summary: 'Administrators with their region and market (an admin sees the rows of its own scope)',
      response: { 200: envelope(z.array(adminRegionRow)) },
    },
    handler: async (req) => ok(await adminRegions(db, requireActor(req))),
  });

  app.get('/api/User/GetSuperAdmins', {
    config: { access: { minRole: Role.SUPERADMIN, auditor: false } },
    schema: {
      tags: ['administrators'],
      summary: 'Super administrators',
      response: { 200: envelope(z.array(superAdminRow)) },
    },
    handler: async () => ok(await superAdmins(db)),
  });
};
