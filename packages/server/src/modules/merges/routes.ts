import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  envelope,
  mergeProfileInput,
  mergeResult,
  messages,
  unmergeInput,
  unmergeResult,
  userDetailsRow,
  userDetailsTable,
  userIdParams,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import * as merges from './service.ts';

const adminsRead: Access = { minRole: Role.ADMIN, auditor: true };
const adminsWrite: Access = { minRole: Role.ADMIN, auditor: false };

const familyRule =
  'The family of the profile (or of its parent, for a merged child): the parent and every profile merged into it, deleted ones left out; an unknown or deleted profile is 404. Default order: the parent first, then by UAP Id; searchCriteria matches the beginning of the first name, last name, primary email, employee id or parent GUID, or the exact UAP Id.';

/** Profile merges: merge by UAP Id, unmerge, the User Details List. */
export const mergeRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.post('/api/User/MergeProfile', {
    config: { access: adminsWrite },
    schema: {
      tags,
      errors: [403, 404, 422],
      summary:
        "Merge a profile into another UAP Id (its own id clears the merge); the child's rows go to the parent",
      description:
        'A region admin merges and unmerges only people whose request lines, assignments, master approver and administrator rows all lie in her regions and markets (else 403); the super admin merges anyone. The request history keeps its authors.',
      body: mergeProfileInput,
      response: { 200: envelope(mergeResult) },
    },
    handler: async (req) => {
      const { result, message } = await merges.mergeOrClear(
        db,
        requireActor(req),
        req.body.userId,
        req.body.mergedUserId,
      );
      return ok(result, message);
    },
  });

  app.post('/api/User/UnMergedSelectedUsers', {
    config: { access: adminsWrite },
    schema: {
      tags,
      errors: [403, 404, 422],
      summary: 'Unmerge the selected child profiles: each gets back exactly the rows it brought',
      description:
        'A selection of the parent only answers 422. A region admin unmerges only families wholly inside her regions and markets (else 403).',
      body: unmergeInput,
      response: { 200: envelope(unmergeResult) },
    },
    handler: async (req) => {
      const result = await merges.unmergeSelected(db, requireActor(req), req.body.userIds);
      return ok(result, messages.profilesUnmerged(result.unmergedUserIds.length));
    },
  });

  app.get('/api/User/userDetailsList/:userId', {
    config: { access: adminsRead },
    schema: {
      tags,
      errors: [404],
      summary: "A profile's merged family: the parent first, then every profile merged into it",
      params: userIdParams,
      response: { 200: envelope(z.array(userDetailsRow)) },
    },
    handler: async (req) => ok(await merges.userDetailsList(db, req.params.userId)),
  });

  tableRoutes(base, db, userDetailsTable, merges.userDetailsReader, {
    access: adminsRead,
    tags,
    rowsRule: familyRule,
  });
};
