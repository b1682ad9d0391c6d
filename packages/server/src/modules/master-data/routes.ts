import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientAssetRequest,
  envelope,
  idParam,
  masterDataColumns,
  masterDataItemQuery,
  masterDataItemsTable,
  masterDataLogPage,
  masterDataLogQuery,
  masterDataTypes,
  moveClientAccountInput,
  moveClientInput,
  moveMultipleClientAccountInput,
  moveMultipleClientInput,
  platform,
  recordsByClientAssetIdQuery,
  recordsByClientAssetsQuery,
  validatePlatformQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import * as items from './item-service.ts';
import { read, scopeRule, write } from './route-rules.ts';
import * as table from './table-service.ts';

const columnsRule = Object.entries(masterDataColumns)
  .map(([type, columns]) => `${type}: ${columns.join(', ')}`)
  .join('; ');
const tableRule = `Rows of one masterDataType, narrowed by the parent ids given (0 or absent: any). orderBy and filter columns per type (updatedDate sorts only; an unknown one is 400): ${columnsRule}. Default order: description A→Z. canEdit says whether the caller may change the row (admins: inside their admin region/market rows; super admins: all; auditors: none).`;

/** Routes of the Database Manager. */
export const masterDataRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['master data'];

  tableRoutes(base, db, masterDataItemsTable, table.masterDataReader, {
    access: read,
    tags,
    rowsRule: tableRule,
  });

  const itemIdRule =
    'itemId per type: regionId, marketId, agencyId, agencyPracticeId (Practice), platformAgencyId (Platform), platformUserTypeId, platformOwnerShipId, clientId, clientAccountId — the table row id.';
  for (const action of ['Activate', 'Deactivate', 'Delete'] as const) {
    app.put(action === 'Delete' ? '/api/Catalogs/DeleteMasterData/' : `/api/Catalogs/${action}/`, {
      config: { access: write },
      schema: {
        tags,
        errors: [404, 422],
        summary: `${action} a master data item`,
        description: `${itemIdRule} A platform user type takes its namesakes on the platform (same name and normalized type) along. ${
          action === 'Delete'
            ? 'Refused (422, data = { requests, assignments, items }) while requests, records, assignments or master data below still use the item; deactivate it instead. '
            : ''
        }${scopeRule}`,
        querystring: masterDataItemQuery,
        response: { 200: envelope(z.null()) },
      },
      handler: async (req) =>
        ok(
          null,
          await items.changeItem(db, requireActor(req), action, req.query.masterDataType, req.query.itemId),
        ),
    });
  }

  app.put('/api/Catalogs/MoveClientAccount', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 422],
      summary: 'Move a client asset to another client of its platform',
      description: scopeRule,
      body: moveClientAccountInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) =>
      ok(
        null,
        await items.moveClientAccounts(db, requireActor(req), req.body.ClientId, [req.body.ClientAccountId]),
      ),
  });
  app.put('/api/Catalogs/MoveMultipleClientAccount', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 422],
      summary: 'Move client assets (comma-separated ClientAccountIds) to another client; all or none',
      description: scopeRule,
      body: moveMultipleClientAccountInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) =>
      ok(
        null,
        await items.moveClientAccounts(db, requireActor(req), req.body.ClientId, req.body.ClientAccountIds),
      ),
  });
  app.put('/api/Catalogs/MoveClient', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 422],
      summary: 'Move a client to another agency that offers its platform',
      description: scopeRule,
      body: moveClientInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) =>
      ok(null, await items.moveClients(db, requireActor(req), req.body.AgencyId, [req.body.ClientId])),
  });
  app.put('/api/Catalogs/MoveMultipleClient', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 422],
      summary: 'Move clients (comma-separated ClientIds) to another agency; all or none',
      description: scopeRule,
      body: moveMultipleClientInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) =>
      ok(null, await items.moveClients(db, requireActor(req), req.body.AgencyId, req.body.ClientIds)),
  });

  app.get('/api/Catalogs/ValidatePlatform', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The existing platform of that name (case-insensitive) with its asset types, or null',
      description:
        'SavePlatform offers an existing platform of the same name instead of making a second one.',
      querystring: validatePlatformQuery,
      response: { 200: envelope(platform.nullable()) },
    },
    handler: async (req) => ok(await items.validatePlatform(db, requireActor(req), req.query.description)),
  });
  app.get('/api/Catalogs/GetRecordsByClientAssetId', {
    config: { access: read },
    schema: {
      tags,
      summary:
        'Request lines and records using a client asset (Submitted, Approved, Completed, Archived), newest first',
      querystring: recordsByClientAssetIdQuery,
      response: { 200: envelope(z.array(clientAssetRequest)) },
    },
    handler: async (req) =>
      ok(await items.requestsOfClientAssets(db, requireActor(req), [req.query.ClientAccountId])),
  });
  app.get('/api/Catalogs/GetRecordsByClientAssets', {
    config: { access: read },
    schema: {
      tags,
      summary:
        'Request lines and records using any of the client assets (assetIds: comma-separated clientAccountIds)',
      description:
        'isPending marks the Submitted and Approved ones: the reassign confirmation applies to them.',
      querystring: recordsByClientAssetsQuery,
      response: { 200: envelope(z.array(clientAssetRequest)) },
    },
    handler: async (req) => ok(await items.requestsOfClientAssets(db, requireActor(req), req.query.assetIds)),
  });
  app.get('/api/Catalogs/MasterDataLog/:masterDataType/:itemId', {
    config: { access: read },
    schema: {
      tags,
      summary: "A master data item's history (who, when, what, before → after), newest first",
      description: itemIdRule,
      params: z.object({ masterDataType: z.enum(masterDataTypes), itemId: idParam }),
      querystring: masterDataLogQuery,
      response: { 200: envelope(masterDataLogPage) },
    },
    handler: async (req) =>
      ok(
        await items.findItemLog(
          db,
          requireActor(req),
          req.params.masterDataType,
          req.params.itemId,
          req.query.page,
          req.query.pageSize,
        ),
      ),
  });
};
