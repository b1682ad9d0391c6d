import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Role, envelope, limits, taskCounts } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import type { TaskCountCache } from './cache.ts';
import { countTasks } from './queries.ts';
import { countItemsToReview } from '../access-reviews/items-service.ts';

export const requestRoutes: FastifyPluginAsync<{ db: Db; countCache: TaskCountCache }> = async (
  base,
  { db, countCache },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/Request/TaskCounts', {
    config: { access: { minRole: Role.STANDARD, auditor: true } },
    schema: {
      tags: ['requests'],
      summary:
        'Home tile badges: submitted requests waiting on me as approver, approved ones as provisioner, access review items I have to decide',
      description: `Each count stops at ${limits.taskBadgeMax + 1}: the badge shows at most ${limits.taskBadgeMax}. The counts are reused for a few seconds (TASK_COUNTS_CACHE_SECONDS), except after the caller's own write.`,
      response: { 200: envelope(taskCounts) },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const cap = limits.taskBadgeMax + 1;
      const counts = await countCache.get(actor, async () => {
        const [approvals, provisioning, accessReviews] = await Promise.all([
          countTasks(db, actor, 'approvals', cap),
          countTasks(db, actor, 'provisioning', cap),
          countItemsToReview(db, actor, cap),
        ]);
        return { approvals, provisioning, accessReviews };
      });
      return ok(counts);
    },
  });
};
