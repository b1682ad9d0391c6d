import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, mergeProposal, messages, profileMatcherStatus, proposalParams } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { adminRead, adminWrite } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { runNow } from '../jobs/run-now.ts';
import { PROFILE_MATCHER, profileMatcherJob } from '../jobs/profile-matcher.ts';
import * as matcher from './matcher-service.ts';

/** The Profile Matcher and its proposals. */
export const matcherRoutes: FastifyPluginAsync<{ db: Db; runner: JobRunner }> = async (
  base,
  { db, runner },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get('/api/User/ProfileMatcher/', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [409],
      summary:
        "Run the Profile Matcher now: it proposes merges of profiles of one person (data false: the run failed, 'Something went wrong.!')",
      response: { 200: envelope(z.boolean()) },
    },
    handler: async (req) =>
      (await runNow(runner, PROFILE_MATCHER, requireActor(req).userId, profileMatcherJob.title))
        ? ok(true, messages.profileMatcherDone)
        : { succeeded: false, message: messages.somethingWentWrong, data: false },
  });

  app.get('/api/User/ProfileMatcherRunningStatus/:id', {
    config: { access: adminRead },
    schema: {
      tags,
      errors: [404],
      summary: 'A Profile Matcher run (0: the latest): status COMPLETED, RUNNING or FAILED, startOn, endOn',
      params: proposalParams,
      response: { 200: envelope(profileMatcherStatus) },
    },
    handler: async (req) => ok(await matcher.profileMatcherStatus(db, req.params.id)),
  });

  app.get('/api/User/ProfileMatcherProposals', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: "The Profile Matcher's open merge proposals, newest first",
      response: { 200: envelope(z.array(mergeProposal)) },
    },
    handler: async (req) => ok(await matcher.findProposals(db, requireActor(req))),
  });

  for (const [action, accept] of [
    ['Accept', true],
    ['Dismiss', false],
  ] as const) {
    app.post(`/api/User/ProfileMatcherProposals/:id/${action}`, {
      config: { access: adminWrite },
      schema: {
        tags,
        errors: [404, 422],
        summary: accept
          ? 'Accept a proposal: the child profile is merged into the parent'
          : 'Dismiss a proposal (it is not proposed again)',
        params: proposalParams,
        response: { 200: envelope(z.null()) },
      },
      handler: async (req) =>
        ok(null, await matcher.decideProposal(db, requireActor(req), req.params.id, accept)),
    });
  }
};
