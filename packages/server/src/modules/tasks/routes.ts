import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Role, envelope, limits, taskCounts } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { countTasks } from './queries.ts';

export const requestRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/Request/TaskCounts', {
    config: { access: { minRole: Role.STANDARD, auditor: true } },
    schema: {
      tags: ['requests'],
      summary: 'Home tile badges: submitted requests waiting on me as approver, approved ones as provisioner',
      description: `Each count stops at ${limits.taskBadgeMax + 1}: the badge shows at most ${limits.taskBadgeMax}.`,
      response: { 200: envelope(taskCounts) },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const cap = limits.taskBadgeMax + 1;
      const [approvals, provisioning] = await Promise.all([
        countTasks(db, actor, 'approvals', cap),
        countTasks(db, actor, 'provisioning', cap),
      ]);
      return ok({ approvals, provisioning });
    },
  });
};
