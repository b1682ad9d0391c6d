import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allUserProfilesTable,
  deactivateAdditionalEmailInput,
  envelope,
  parentGuidParams,
  profileFilterOptions,
  profileFilterQuery,
  profileLogPage,
  profileLogRow,
  profileUserIdParams,
  secondaryEmailLogPage,
  secondaryEmailLogRow,
  syncComparison,
  tableQuery,
  syncUserInput,
  type TableQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { adminRead, adminWrite } from '../../http/access.ts';
import { requireActor, type Actor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import * as profiles from './admin-service.ts';
import { allUserProfilesReader } from './admin-table.ts';
import * as logs from './log-service.ts';
import { emailLogSpec, parentGuidLogSpec, profileLogSpec } from './log-queries.ts';
import * as sync from './sync-service.ts';
import { profileFilterColumns, profileSpec } from './table-queries.ts';

const sortable = Object.entries(profileSpec.columns)
  .filter(([, c]) => c.isSortable)
  .map(([k]) => k);
/** What a log table sorts and searches by, for its description. */
function logRule(spec: typeof profileLogSpec): string {
  const columns = Object.entries(spec.columns);
  const keys = (use: 'isSortable' | 'isSearchable') =>
    columns
      .filter(([, c]) => c[use])
      .map(([k]) => k)
      .join(', ');
  return `Paged on the server; serialNo numbers the profile's rows from its first change, whatever the page, order or search. orderBy: ${keys('isSortable')} (default newLastUpdated, newest first); searchCriteria matches any part of ${keys('isSearchable')}. An unknown column is 400; an unknown profile 404.`;
}

const profilesRule =
  "Every profile (deleted ones show AD Account Enabled 'Deleted'); administrators are not scoped by region for profiles. Newest UAP Id first by default; searchCriteria matches the beginning of the first name, last name, primary email, employee id or parent GUID (case-insensitive), or the exact UAP Id; the export's phone numbers are led by a tab (spec 3 §9).";
const tableRule = `${profilesRule} orderBy: ${sortable.join(', ')}; filter columns: ${profileFilterColumns.join(', ')}. An unknown column is 400.`;

/** All User Profiles (spec 3 §2.4–§2.6, §7 'User profiles'). */
export const profileAdminRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  tableRoutes(base, db, allUserProfilesTable, allUserProfilesReader, {
    access: adminRead,
    tags,
    rowsRule: profilesRule,
  });

  for (const path of ['/api/User/ProfileFilters', '/api/User/ProfileFilters/']) {
    app.put(path, {
      config: { access: adminRead },
      schema: {
        tags,
        summary: "The filter menus' values of All User Profiles, each under the other filters",
        description: `Same body as GetAllUsers plus an optional column (only that column's values). data.data: column → values (at most 500 each; isTruncated says one was cut). ${tableRule}`,
        body: profileFilterQuery,
        response: { 200: envelope(profileFilterOptions) },
      },
      handler: async (req) => ok(await profiles.findProfileFilters(db, requireActor(req), req.body)),
    });
  }

  app.get('/api/User/SyncUserData/:userId', {
    config: { access: adminRead },
    schema: {
      tags,
      errors: [404],
      summary: "The Sync modal's values: the profile beside its directory entry",
      description: 'A profile without a directory entry answers 404.',
      params: profileUserIdParams,
      response: { 200: envelope(syncComparison) },
    },
    handler: async (req) => ok(await sync.getSyncComparison(db, requireActor(req), req.params.userId)),
  });

  app.post('/api/User/SyncUserData', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404, 422],
      summary: "Takes the ticked fields' values from the profile's directory entry",
      description:
        'First Name, Last Name, Title, Organization, Department, Office Location; no tick is 422. Logged.',
      body: syncUserInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => ok(null, await sync.syncUser(db, requireActor(req), req.body)),
  });

  app.put('/api/User/DeactivateAdditionalEmail', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [403, 404, 422],
      summary: "Deactivates one of a profile's secondary emails",
      description:
        "An email that is not one of the profile's active secondary emails is 422. Logged. An administrator's, auditor's or super administrator's emails are their own and the super administrator's; an administrator changes only the emails of people whose rows all lie in her region and market (else 403).",
      body: deactivateAdditionalEmailInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) =>
      ok(null, await profiles.deactivateSecondaryEmail(db, requireActor(req), req.body)),
  });

  app.get('/api/User/deleteUser/:userId', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404, 422],
      summary: 'Deletes (softly) a Standard User whose profile is not merged',
      description:
        "Other roles and merged profiles are 422. The profile stays, shown as 'Deleted'; its requests, records and logs are kept.",
      params: profileUserIdParams,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => ok(null, await profiles.deleteProfile(db, requireActor(req), req.params.userId)),
  });

  /**
   * A log's two reads at one path: GET, every row newest first; PUT, a server-paged table. An
   * unknown subject is 404.
   */
  const logRoutes = <P extends z.ZodType>(
    path: string,
    params: P,
    list: {
      summary: string;
      description?: string;
      rows: z.ZodType;
      read: (actor: Actor, subject: z.infer<P>) => Promise<unknown>;
    },
    paged: {
      summary: string;
      description: string;
      page: z.ZodType;
      read: (actor: Actor, subject: z.infer<P>, query: TableQuery) => Promise<unknown>;
    },
  ) => {
    const schema = { tags, errors: [404] as const, params };
    base.get(path, {
      config: { access: adminRead },
      schema: {
        ...schema,
        summary: list.summary,
        ...(list.description ? { description: list.description } : {}),
        response: { 200: envelope(z.array(list.rows)) },
      },
      handler: async (req) => ok(await list.read(requireActor(req), req.params as z.infer<P>)),
    });
    base.put(path, {
      config: { access: adminRead },
      schema: {
        ...schema,
        summary: paged.summary,
        description: paged.description,
        body: tableQuery,
        response: { 200: envelope(paged.page) },
      },
      handler: async (req) =>
        ok(await paged.read(requireActor(req), req.params as z.infer<P>, req.body as TableQuery)),
    });
  };

  logRoutes(
    '/api/User/UserLogs/:userId',
    profileUserIdParams,
    {
      summary: "A profile's change log, newest first, old/new per changed field",
      rows: profileLogRow,
      read: (actor, subject) => logs.findProfileLogs(db, actor, subject),
    },
    {
      summary: "A profile's change log as a server-paged table, old/new per changed field",
      description: logRule(profileLogSpec),
      page: profileLogPage,
      read: (actor, subject, query) => logs.findProfileLogPage(db, actor, subject, query),
    },
  );

  logRoutes(
    '/api/User/ParentGUIDLogs/:parentGuid',
    parentGuidParams,
    {
      summary: 'The ParentGUID log: the changes of every profile carrying a ParentGUID, newest first',
      description:
        "The parent and the profiles merged into it (they carry its ParentGUID); each row names its userId. A ParentGUID no profile carries is 404 'ParentGUID doesn't exist'.",
      rows: profileLogRow,
      read: (actor, subject) => logs.findProfileLogs(db, actor, subject),
    },
    {
      summary: 'The ParentGUID log as a server-paged table, each row naming its userId',
      description: `${logRule(parentGuidLogSpec)} A ParentGUID no profile carries is 404 'ParentGUID doesn't exist'.`,
      page: profileLogPage,
      read: (actor, subject, query) => logs.findProfileLogPage(db, actor, subject, query),
    },
  );

  logRoutes(
    '/api/User/LogUserAditionalEmail/:userId',
    profileUserIdParams,
    {
      summary: "A profile's secondary email log, newest first",
      rows: secondaryEmailLogRow,
      read: (actor, { userId }) => logs.findSecondaryEmailLogs(db, actor, userId),
    },
    {
      summary: "A profile's secondary email log as a server-paged table",
      description: logRule(emailLogSpec),
      page: secondaryEmailLogPage,
      read: (actor, { userId }, query) => logs.findSecondaryEmailLogPage(db, actor, userId, query),
    },
  );
};
