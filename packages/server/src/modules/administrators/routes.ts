import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  activateDeactivateAdminInput,
  activateDeactivateSuperAdminInput,
  adminRegionRow,
  adminRegionsTable,
  adminWriteResult,
  assignAdminRegionInput,
  assignSuperAdminInput,
  deleteAdminInput,
  deleteSuperAdminInput,
  envelope,
  messages,
  superAdminRow,
  superAdminsTable,
  superAdminWriteResult,
  updateAdminRegionInput,
  updateSuperAdminInput,
} from '@uap/domain';
import { adminRead, adminWrite, type Access } from '../../http/access.ts';
import * as admins from './service.ts';
import { requireActor, type Actor } from '../../http/actor.ts';
import type { DeclaredErrorStatus } from '../../http/openapi-errors.ts';
import type { Db } from '../../db/connection.ts';
import { ok, okWith } from '../../http/envelope.ts';
import { tableRoutes } from '../../http/table-routes.ts';

export const administratorRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/User/GetAdminRegion', {
    config: { access: adminRead },
    schema: {
      tags: ['administrators'],
      summary: 'Administrators with their region and market (an admin sees the rows of its own scope)',
      response: { 200: envelope(z.array(adminRegionRow)) },
    },
    handler: async (req) => ok(await admins.adminRegions(db, requireActor(req))),
  });

  app.get('/api/User/GetSuperAdmins', {
    config: { access: { minRole: Role.SUPERADMIN, auditor: false } },
    schema: {
      tags: ['administrators'],
      summary: 'Super administrators',
      response: { 200: envelope(z.array(superAdminRow)) },
    },
    handler: async () => ok(await admins.superAdmins(db)),
  });

  // ---------------------------------------------------------------- administrators

  // The super admin table is read by super admins and, as every table, the auditor.
  const superRead: Access = { minRole: Role.AUDITOR, auditor: true };
  const tags = ['administrators'];
  const adminScopeRule =
    'Admins reach the rows of the (region, market) pairs they hold an active admin row of (any other row or pair is 404); super admins every row.';
  const adminRoleRule =
    'The person gains the Admin role (a super admin keeps Super Admin); one whose last active admin row goes falls back to the role their approval-path rows give.';
  const appointRule = `A market outside the region: 422 '${messages.adminMarketNotInRegion}'; an inactive profile or directory account: 422; the auditor: 422; the same person on the same region and market (active or not): 409 '${messages.adminExists}'.`;
  const lastRule = `Deleting or deactivating the last active super administrator: 409 '${messages.lastSuperAdmin}'.`;

  tableRoutes(base, db, adminRegionsTable, admins.adminRegionReader, {
    access: adminRead,
    tags,
    rowsRule: adminScopeRule,
  });

  /**
   * A write of one table's rows: the body goes to the service with the caller; `run` words the
   * answer. Only super admins change super admins (the service refuses an admin, 403); those
   * writes too are declared from ADMIN so that the auditor hears that it reads only.
   */
  const writeOf =
    (result: z.ZodType) =>
    <B extends z.ZodType>(
      route: `${'POST' | 'PUT'} /api/User/${string}`,
      doc: { errors: readonly DeclaredErrorStatus[]; summary: string; description: string; body: B },
      run: (actor: Actor, body: z.infer<B>) => Promise<{ result: unknown; message: string }>,
    ) =>
      app.route({
        method: route.startsWith('POST ') ? 'POST' : 'PUT',
        url: route.slice(route.indexOf(' ') + 1),
        config: { access: adminWrite },
        schema: { tags, ...doc, response: { 200: envelope(result) } },
        handler: async (req) => okWith(await run(requireActor(req), req.body as z.infer<B>)),
      });
  /** The answer of a service whose message is always the same. */
  const said =
    (message: string) =>
    <T>(result: T) => ({ result, message });
  const adminRowWrite = writeOf(adminWriteResult);
  const superRowWrite = writeOf(superAdminWriteResult);

  adminRowWrite(
    'POST /api/User/AssignAdminRegion',
    {
      errors: [404, 409, 422],
      summary: 'Appoint an administrator of a region and market',
      description: `Without a user, region or market: 400 '${messages.adminNeedsUserRegionMarket}'. ${appointRule} ${adminScopeRule} ${adminRoleRule}`,
      body: assignAdminRegionInput,
    },
    (actor, body) => admins.assignAdminRegion(db, actor, body).then(said(messages.adminSaved)),
  );

  adminRowWrite(
    'PUT /api/User/UpdateAdminRegion',
    {
      errors: [404, 409, 422],
      summary: 'Change the person, region or market of an administrator row',
      description: `As AssignAdminRegion; both the row and its new (region, market) must be in scope. ${appointRule} ${adminRoleRule}`,
      body: updateAdminRegionInput,
    },
    (actor, body) => admins.updateAdminRegion(db, actor, body).then(said(messages.adminUpdated)),
  );

  adminRowWrite(
    'PUT /api/User/DeleteAdmin',
    {
      errors: [404],
      summary: 'Delete an administrator row',
      description: `'${messages.adminDeleted}'. ${adminScopeRule} ${adminRoleRule}`,
      body: deleteAdminInput,
    },
    (actor, body) => admins.deleteAdmin(db, actor, body.adminRegionId).then(said(messages.adminDeleted)),
  );

  adminRowWrite(
    'PUT /api/User/ActivateDeactivateAdmin',
    {
      errors: [404, 422],
      summary: 'Activate (isDeleted false) or deactivate (isDeleted true) an administrator row',
      description: `'${messages.adminActivated}' or '${messages.adminDeactivated}'. ${adminScopeRule} ${adminRoleRule}`,
      body: activateDeactivateAdminInput,
    },
    (actor, body) => admins.activateDeactivateAdmin(db, actor, body.adminRegionId, body.isDeleted),
  );

  tableRoutes(base, db, superAdminsTable, admins.superAdminReader, {
    access: superRead,
    tags,
    rowsRule: 'Every super administrator row.',
  });

  superRowWrite(
    'POST /api/User/AssignSuperAdmin',
    {
      errors: [404, 409, 422],
      summary: 'Appoint a super administrator',
      description: `Without a user: 400 '${messages.superAdminNeedsUser}'. An inactive profile or directory account, or the auditor: 422; a person already on a row (active or not): 409 '${messages.superAdminExists}'. The person gains the Super Admin role.`,
      body: assignSuperAdminInput,
    },
    (actor, body) => admins.assignSuperAdmin(db, actor, body.userId).then(said(messages.superAdminSaved)),
  );

  superRowWrite(
    'PUT /api/User/UpdateSuperAdmin',
    {
      errors: [404, 409, 422],
      summary: 'Put another person on a super administrator row',
      description:
        'As AssignSuperAdmin. The new person gains Super Admin; the former one falls back to Admin while an active admin row names them, else to the role their approval-path rows give.',
      body: updateSuperAdminInput,
    },
    (actor, body) => admins.updateSuperAdmin(db, actor, body).then(said(messages.superAdminUpdated)),
  );

  superRowWrite(
    'PUT /api/User/DeleteSuperAdmin',
    {
      errors: [404, 409],
      summary: 'Delete a super administrator row',
      description: `'${messages.superAdminDeleted}'. ${lastRule}`,
      body: deleteSuperAdminInput,
    },
    (actor, body) => admins.deleteSuperAdmin(db, actor, body.adminId).then(said(messages.superAdminDeleted)),
  );

  superRowWrite(
    'PUT /api/User/ActivateDeactivateSuperAdmin',
    {
      errors: [404, 409, 422],
      summary: 'Activate (isDeleted false) or deactivate (isDeleted true) a super administrator row',
      description: `'${messages.superAdminActivated}' or '${messages.superAdminDeactivated}'. ${lastRule}`,
      body: activateDeactivateSuperAdminInput,
    },
    (actor, body) => admins.activateDeactivateSuperAdmin(db, actor, body.adminId, body.isDeleted),
  );
};
