import type { FastifyPluginAsync } from 'fastify';
import { Role, colleagueAccessTable, existingAccessTable } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import { colleagueAccessReader, existingAccessReader } from './service.ts';

const rowsRule =
  'Rows: the subject’s Add lines that are pending (Submitted, Approved) or records not deactivated ' +
  '(Completed, Archived; Active or Expired), whoever requested them: anyone may request for anyone, so ' +
  'anyone signed in may check what the subject already holds. Only the columns that tell a duplicate ' +
  'apart are answered (no comments, dates or requestor); canModify says whether the caller may open the ' +
  'record in Modify an Existing Access. An unknown userId gives an empty page. Newest first by default.';

/** A read for everyone signed in who may request access for someone, auditors included. */
const readForRequestors: Access = { minRole: Role.STANDARD, auditor: true };

/** Routes of the wizard's existing-access check (Check Existing Access Information). */
export const existingAccessRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  tableRoutes(base, db, existingAccessTable, existingAccessReader, {
    access: readForRequestors,
    tags: ['records'],
    rowsRule,
  });
  tableRoutes(base, db, colleagueAccessTable, colleagueAccessReader, {
    access: readForRequestors,
    tags: ['records'],
    rowsRule:
      'Rows: the colleague’s (body userId) active records: Add lines Completed or Archived, not deactivated and not ' +
      'expired, whoever requested them, for the wizard’s "Same access as a colleague" (anyone may request for anyone, ' +
      'so anyone signed in may see what a colleague holds). The same columns as the existing-access check; newest first.',
  });
};
