import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Role,
  envelope,
  existingAccessFilterQuery,
  existingAccessPage,
  existingAccessQuery,
  filterOptions,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT } from '../../db/table-query.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import * as existingAccess from './service.ts';

const rowsRule =
  'Rows: the subject’s Add lines that are pending (Submitted, Approved) or records not deactivated ' +
  '(Completed, Archived; Active or Expired), whoever requested them: anyone may request for anyone, so ' +
  'anyone signed in may check what the subject already holds. Only the columns that tell a duplicate ' +
  'apart are answered (no comments, dates or requestor); canModify says whether the caller may open the ' +
  'record in Modify an Existing Access. An unknown userId gives an empty page.';
const tableRule =
  'orderBy and filter columns are the row field names listed in existingAccessColumns; an unknown one is ' +
  'refused with 400. Ties sort by requestId; newest first by default.';

/** A read for everyone signed in who may request access for someone, auditors included. */
const readForRequestors: Access = { minRole: Role.STANDARD, auditor: true };

/** Routes of the wizard's existing-access check (Check Existing Access Information). */
export const existingAccessRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['records'];

  app.put('/api/Request/ExistingAccess', {
    config: { access: readForRequestors },
    schema: {
      tags,
      summary: 'Check Existing Access Information: a page of the subject’s pending and active access',
      description: `${rowsRule} ${tableRule}`,
      body: existingAccessQuery,
      response: { 200: envelope(existingAccessPage) },
    },
    handler: async (req) => ok(await existingAccess.findExistingAccess(db, requireActor(req), req.body)),
  });

  app.put('/api/Request/ExistingAccess/Filters', {
    config: { access: readForRequestors },
    schema: {
      tags,
      summary: 'Distinct values of one column of the subject’s existing access, under its other filters',
      description: `The column's own filter is ignored. At most ${FILTER_OPTIONS_LIMIT} values, sorted; isTruncated says the list was cut. ${rowsRule}`,
      body: existingAccessFilterQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) => ok(await existingAccess.findExistingAccessFilterOptions(db, req.body)),
  });
};
