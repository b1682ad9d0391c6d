import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  clientAssetRequest,
  envelope,
  filterOptions,
  idParam,
  masterDataColumns,
  masterDataFilterQuery,
  masterDataItemQuery,
  masterDataLogPage,
  masterDataLogQuery,
  masterDataTable,
  masterDataTableQuery,
  masterDataTypes,
  messages,
  moveClientAccountInput,
  moveClientInput,
  moveMultipleClientAccountInput,
  moveMultipleClientInput,
  platform,
  recordsByClientAssetIdQuery,
  recordsByClientAssetsQuery,
  saveAgencyInput,
  saveClientAccountInput,
  saveClientInput,
  saveMarketInput,
  saveOwnershipInput,
  savePlatformAccessInput,
  savePlatformInput,
  savePracticeInput,
  saveRegionInput,
  updateAgencyInput,
  updateClientAccountInput,
  updateClientInput,
  updateMarketInput,
  updateOwnershipInput,
  updatePlatformInput,
  updatePlatformUserTypeInput,
  updatePracticeInput,
  updateRegionInput,
  validatePlatformQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { ok } from '../../http/envelope.ts';
import * as items from './item-service.ts';
import * as table from './table-service.ts';
import * as clientWrites from './write-clients.ts';
import * as geographyWrites from './write-geography.ts';
import * as globalWrites from './write-global.ts';
import * as platformWrites from './write-platforms.ts';

/** Administrators and the auditor read the Database Manager. */
export const read: Access = { minRole: Role.ADMIN, auditor: true };
/** Administrators write master data (never the auditor), inside their scope. */
export const write: Access = { minRole: Role.ADMIN, auditor: false };

const scopeRule =
  'Super admins: everything. Admins: a market in a region they hold an admin row in; an agency and everything below it in a (region, market) pair they hold; a shared practice or platform (and its user types) only when every agency offering it is theirs; regions and account ownerships never (403). Outside the scope: 404. Auditors: 403. Every change writes its master data log row in the same transaction.';
const rules =
  "422 with the message of the broken rule (spec 3 §5 where it has one); a missing or empty required field: 400 'Fill all fields'.";

const columnsRule = Object.entries(masterDataColumns)
  .map(([type, columns]) => `${type}: ${columns.join(', ')}`)
  .join('; ');
const tableRule = `Rows of one masterDataType, narrowed by the parent ids given (0 or absent: any). orderBy and filter columns per type (updatedDate sorts only; an unknown one is 400): ${columnsRule}. Default order: description A→Z. canEdit says whether the caller may change the row (admins: inside their admin region/market rows; super admins: all; auditors: none).`;

/** Routes of the Database Manager. */
export const masterDataRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['master data'];

  app.put('/api/Catalogs/MasterDataTable', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The Database Manager table of one master data type, server-paged',
      description: tableRule,
      body: masterDataTableQuery,
      response: { 200: envelope(masterDataTable) },
    },
    handler: async (req) => ok(await table.findMasterDataTable(db, requireActor(req), req.body)),
  });

  app.put('/api/Catalogs/MasterDataTable/Filters', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Distinct values of one Database Manager column, under its other filters',
      description: tableRule,
      body: masterDataFilterQuery,
      response: { 200: envelope(filterOptions) },
    },
    handler: async (req) => ok(await table.findMasterDataFilterOptions(db, requireActor(req), req.body)),
  });

  app.put('/api/Catalogs/MasterDataTable/Export', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The whole filtered Database Manager table of one type as a streamed CSV file',
      description: `Same body as PUT api/Catalogs/MasterDataTable; rows id descending. Every cell beginning with = + - @, tab or CR is prefixed with a single quote. ${tableRule}`,
      body: masterDataTableQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      sendCsv(reply, 'master-data.csv', await table.exportMasterDataTable(db, requireActor(req), req.body)),
  });

  const save = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    run: (actor: ReturnType<typeof requireActor>, input: z.infer<B>) => Promise<unknown>,
    message: string,
  ) =>
    app.route({
      method: path.startsWith('POST ') ? 'POST' : 'PUT',
      url: path.replace(/^(POST|PUT) /, ''),
      config: { access: write },
      schema: {
        tags,
        errors: [404, 422],
        summary,
        description: `Success message '${message}'. ${rules} ${scopeRule}`,
        body,
        response: { 200: envelope(z.record(z.string(), z.number().int())) },
      },
      handler: async (req) =>
        ok((await run(requireActor(req), req.body as z.infer<B>)) as Record<string, number>, message),
    });

  save(
    'POST /api/Catalogs/SaveRegion',
    'Add a region (super admins)',
    saveRegionInput,
    (a, b) => globalWrites.saveRegion(db, a, b),
    messages.regionSaved,
  );
  save(
    'POST /api/Catalogs/SavePlatformOwnerShip',
    'Add an account ownership (super admins)',
    saveOwnershipInput,
    (a, b) => globalWrites.saveOwnership(db, a, b),
    messages.ownershipSaved,
  );
  save(
    'POST /api/Catalogs/SaveMarket',
    'Add a market to a region',
    saveMarketInput,
    (a, b) => geographyWrites.saveMarket(db, a, b),
    messages.marketSaved,
  );
  save(
    'POST /api/Catalogs/SaveAgency',
    'Add an agency to a market',
    saveAgencyInput,
    (a, b) => geographyWrites.saveAgency(db, a, b),
    messages.agencySaved,
  );
  save(
    'POST /api/Catalogs/SavePractice',
    'Offer a practice (made when new) at an agency',
    savePracticeInput,
    (a, b) => geographyWrites.savePractice(db, a, b),
    messages.practiceSaved,
  );
  save(
    'POST /api/Catalogs/SavePlatform',
    'Offer a platform (made with its asset types when new) on an agency and practice',
    savePlatformInput,
    (a, b) => platformWrites.savePlatform(db, a, b),
    messages.platformSaved,
  );
  save(
    'POST /api/Catalogs/SaveClient',
    'Add a client of a platform at an agency with 1 to 6 client codes',
    saveClientInput,
    (a, b) => clientWrites.saveClient(db, a, b),
    messages.clientSaved,
  );
  save(
    'POST /api/Catalogs/SaveClientAccount',
    'Add a client asset',
    saveClientAccountInput,
    (a, b) => clientWrites.saveClientAccount(db, a, b),
    messages.clientAccountSaved,
  );
  save(
    'POST /api/Catalogs/SavePlatformAccess',
    'Add a platform user type',
    savePlatformAccessInput,
    (a, b) => platformWrites.savePlatformAccess(db, a, b),
    messages.platformAccessSaved,
  );
  save(
    'PUT /api/Catalogs/Region',
    'Change a region (super admins)',
    updateRegionInput,
    (a, b) => globalWrites.updateRegion(db, a, b),
    messages.regionUpdated,
  );
  save(
    'PUT /api/Catalogs/PlatformOwnerShip',
    'Change an account ownership (super admins)',
    updateOwnershipInput,
    (a, b) => globalWrites.updateOwnership(db, a, b),
    messages.ownershipUpdated,
  );
  save(
    'PUT /api/Catalogs/Market',
    'Change a market',
    updateMarketInput,
    (a, b) => geographyWrites.updateMarket(db, a, b),
    messages.marketUpdated,
  );
  save(
    'PUT /api/Catalogs/Agency',
    'Change an agency',
    updateAgencyInput,
    (a, b) => geographyWrites.updateAgency(db, a, b),
    messages.agencyUpdated,
  );
  save(
    'PUT /api/Catalogs/Practice',
    'Rename a practice (every agency offering it sees the new name)',
    updatePracticeInput,
    (a, b) => geographyWrites.updatePractice(db, a, b),
    messages.practiceUpdated,
  );
  save(
    'PUT /api/Catalogs/Platform',
    'Change a platform and its asset types',
    updatePlatformInput,
    (a, b) => platformWrites.updatePlatform(db, a, b),
    messages.platformUpdated,
  );
  save(
    'PUT /api/Catalogs/Client',
    'Change a client and its client codes',
    updateClientInput,
    (a, b) => clientWrites.updateClient(db, a, b),
    messages.clientUpdated,
  );
  save(
    'PUT /api/Catalogs/ClientAccount',
    'Change a client asset',
    updateClientAccountInput,
    (a, b) => clientWrites.updateClientAccount(db, a, b),
    messages.clientAccountUpdated,
  );
  save(
    'PUT /api/Catalogs/PlatformUserType',
    'Change a platform user type',
    updatePlatformUserTypeInput,
    (a, b) => platformWrites.updatePlatformUserType(db, a, b),
    messages.platformAccessUpdated,
  );

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
