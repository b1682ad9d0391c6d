import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  envelope,
  filterOptions,
  mergeProfileInput,
  mergeResult,
  messages,
  unmergeInput,
  tableQuery,
  unmergeResult,
  userDetailsFilterQuery,
  userDetailsPage,
  userDetailsRow,
  userIdParams,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import * as merges from './service.ts';
import { familySpec } from '../profiles/table-queries.ts';

const adminsRead: Access = { minRole: Role.ADMIN, auditor: true };
const adminsWrite: Access = { minRole: Role.ADMIN, auditor: false };

const familyColumns = Object.entries(familySpec(0).columns);
const familyRule = `The family of the profile (or of its parent, for a merged child): the parent and every profile merged into it, deleted ones left out; an unknown or deleted profile is 404. orderBy: ${familyColumns
  .filter(([, c]) => c.isSortable)
  .map(([k]) => k)
  .join(', ')} (default: the parent first, then by UAP Id); filter columns: ${familyColumns
  .filter(([, c]) => c.isFilterable)
  .map(([k]) => k)
  .join(
    ', ',
  )}; searchCriteria matches the beginning of the first name, last name, primary email, employee id or parent GUID, or the exact UAP Id. An unknown column is 400.`;

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

  app.put('/api/User/userDetailsList/:userId', {
    config: { access: adminsRead },
    schema: {
      tags,
      errors: [404],
      summary: 'The User Details List as a server-paged table',
      description: familyRule,
      params: userIdParams,
      body: tableQuery,
      response: { 200: envelope(userDetailsPage) },
    },
    handler: async (req) => ok(await merges.userDetailsPage(db, req.params.userId, req.body)),
  });

  app.put('/api/User/userDetailsList/:userId/Filters', {
    config: { access: adminsRead },
    schema: {
      tags,
      errors: [404],
      summary: 'Distinct values of one User Details List column, under its other filters',
      description: `Same body as PUT api/User/userDetailsList/{userId} plus column. ${familyRule}`,
      params: userIdParams,
      body: userDetailsFilterQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) => ok(await merges.userDetailsFilters(db, req.params.userId, req.body)),
  });
};
