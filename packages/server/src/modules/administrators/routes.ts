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
import type { Access } from '../../http/access.ts';
import * as admins from './service.ts';
import { requireActor } from '../../http/actor.ts';
import type { Db } from '../../db/connection.ts';
import { ok } from '../../http/envelope.ts';
import { tableRoutes } from '../../http/table-routes.ts';

export const administratorRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/User/GetAdminRegion', {
    config: { access: { minRole: Role.ADMIN, auditor: true } },
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

  const adminWrite: Access = { minRole: Role.ADMIN, auditor: false };
  // Only super admins change super admins (the service refuses an admin, 403); declared from
  // ADMIN so that the auditor hears that it reads only, as on every other write.
  const superWrite: Access = { minRole: Role.ADMIN, auditor: false };
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
    access: { minRole: Role.ADMIN, auditor: true },
    tags,
    rowsRule: adminScopeRule,
  });

  app.post('/api/User/AssignAdminRegion', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: 'Appoint an administrator of a region and market',
      description: `Without a user, region or market: 400 '${messages.adminNeedsUserRegionMarket}'. ${appointRule} ${adminScopeRule} ${adminRoleRule}`,
      body: assignAdminRegionInput,
      response: { 200: envelope(adminWriteResult) },
    },
    handler: async (req) =>
      ok(await admins.assignAdminRegion(db, requireActor(req), req.body), messages.adminSaved),
  });

  app.put('/api/User/UpdateAdminRegion', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: 'Change the person, region or market of an administrator row',
      description: `As AssignAdminRegion; both the row and its new (region, market) must be in scope. ${appointRule} ${adminRoleRule}`,
      body: updateAdminRegionInput,
      response: { 200: envelope(adminWriteResult) },
    },
    handler: async (req) =>
      ok(await admins.updateAdminRegion(db, requireActor(req), req.body), messages.adminUpdated),
  });

  app.put('/api/User/DeleteAdmin', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404],
      summary: 'Delete an administrator row',
      description: `'${messages.adminDeleted}'. ${adminScopeRule} ${adminRoleRule}`,
      body: deleteAdminInput,
      response: { 200: envelope(adminWriteResult) },
    },
    handler: async (req) =>
      ok(await admins.deleteAdmin(db, requireActor(req), req.body.adminRegionId), messages.adminDeleted),
  });

  app.put('/api/User/ActivateDeactivateAdmin', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404, 422],
      summary: 'Activate (isDeleted false) or deactivate (isDeleted true) an administrator row',
      description: `'${messages.adminActivated}' or '${messages.adminDeactivated}'. ${adminScopeRule} ${adminRoleRule}`,
      body: activateDeactivateAdminInput,
      response: { 200: envelope(adminWriteResult) },
    },
    handler: async (req) => {
      const { result, message } = await admins.activateDeactivateAdmin(
        db,
        requireActor(req),
        req.body.adminRegionId,
        req.body.isDeleted,
      );
      return ok(result, message);
    },
  });

  tableRoutes(base, db, superAdminsTable, admins.superAdminReader, {
    access: superRead,
    tags,
    rowsRule: 'Every super administrator row.',
  });

  app.post('/api/User/AssignSuperAdmin', {
    config: { access: superWrite },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: 'Appoint a super administrator',
      description: `Without a user: 400 '${messages.superAdminNeedsUser}'. An inactive profile or directory account, or the auditor: 422; a person already on a row (active or not): 409 '${messages.superAdminExists}'. The person gains the Super Admin role.`,
      body: assignSuperAdminInput,
      response: { 200: envelope(superAdminWriteResult) },
    },
    handler: async (req) =>
      ok(await admins.assignSuperAdmin(db, requireActor(req), req.body.userId), messages.superAdminSaved),
  });

  app.put('/api/User/UpdateSuperAdmin', {
    config: { access: superWrite },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: 'Put another person on a super administrator row',
      description:
        'As AssignSuperAdmin. The new person gains Super Admin; the former one falls back to Admin while an active admin row names them, else to the role their approval-path rows give.',
      body: updateSuperAdminInput,
      response: { 200: envelope(superAdminWriteResult) },
    },
    handler: async (req) =>
      ok(await admins.updateSuperAdmin(db, requireActor(req), req.body), messages.superAdminUpdated),
  });

  app.put('/api/User/DeleteSuperAdmin', {
    config: { access: superWrite },
    schema: {
      tags,
      errors: [404, 409],
      summary: 'Delete a super administrator row',
      description: `'${messages.superAdminDeleted}'. ${lastRule}`,
      body: deleteSuperAdminInput,
      response: { 200: envelope(superAdminWriteResult) },
    },
    handler: async (req) =>
      ok(await admins.deleteSuperAdmin(db, requireActor(req), req.body.adminId), messages.superAdminDeleted),
  });

  app.put('/api/User/ActivateDeactivateSuperAdmin', {
    config: { access: superWrite },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: 'Activate (isDeleted false) or deactivate (isDeleted true) a super administrator row',
      description: `'${messages.superAdminActivated}' or '${messages.superAdminDeactivated}'. ${lastRule}`,
      body: activateDeactivateSuperAdminInput,
      response: { 200: envelope(superAdminWriteResult) },
    },
    handler: async (req) => {
      const { result, message } = await admins.activateDeactivateSuperAdmin(
        db,
        requireActor(req),
        req.body.adminId,
        req.body.isDeleted,
      );
      return ok(result, message);
    },
  });
};
