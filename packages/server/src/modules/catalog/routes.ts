import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  agency,
  agencyClient,
  agencyPlatform,
  agencyPractice,
  client,
  clientAccount,
  clientCode,
  envelope,
  flagParam,
  idParam,
  market,
  platform,
  platformAgency,
  platformOwnership,
  platformUserType,
  region,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor, type Actor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import * as catalog from './service.ts';

/** Reference data every signed-in user may read (auditors included). */
const readCatalog: Access = { minRole: Role.STANDARD, auditor: true };

const query = z.object({
  OnlyActive: flagParam
    .optional()
    .describe(
      'true (default): only active rows; false: every row, as the Database Manager reads (administrators, super admins and auditors only; other roles always get active rows)',
    ),
});
const forRequests = flagParam.describe(
  '1: only entries that lead to at least one platform (the request wizard); 0: all',
);
const adminScoped = flagParam.describe(
  "1: only entries inside the caller's admin (region, market) rows; 0: all",
);
const list = <T extends z.ZodType>(item: T) => ({ 200: envelope(z.array(item)) });

export const catalogRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalogs'];
  /** Inactive items are for the administration screens: other roles get active items whatever they ask. */
  const onlyActive = (req: { query: { OnlyActive?: boolean }; actor: Actor | null }) =>
    (req.actor?.roleId ?? Role.STANDARD) >= Role.ADMIN ? (req.query.OnlyActive ?? true) : true;

  app.get('/api/Catalogs/AllRegions/:forRequests/:adminScoped', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: 'Regions',
      params: z.object({ forRequests, adminScoped }),
      querystring: query,
      response: list(region),
    },
    handler: async (req) =>
      ok(
        await catalog.regions(db, requireActor(req), {
          onlyActive: onlyActive(req),
          forRequests: req.params.forRequests,
          adminScoped: req.params.adminScoped,
        }),
      ),
  });

  app.get('/api/Catalogs/AllMarkets/:regionId/:forRequests/:adminScoped', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: 'Markets of a region (regionId 0: every region)',
      params: z.object({ regionId: idParam, forRequests, adminScoped }),
      querystring: query,
      response: list(market),
    },
    handler: async (req) =>
      ok(
        await catalog.markets(db, requireActor(req), {
          regionId: req.params.regionId,
          onlyActive: onlyActive(req),
          forRequests: req.params.forRequests,
          adminScoped: req.params.adminScoped,
        }),
      ),
  });

  app.get('/api/Catalogs/AllAgencies/:marketId/:forRequests', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: 'Agencies of a market (marketId 0: every market)',
      params: z.object({ marketId: idParam, forRequests }),
      querystring: query,
      response: list(agency),
    },
    handler: async (req) => ok(await catalog.agencies(db, { ...req.params, onlyActive: onlyActive(req) })),
  });

  app.get('/api/Catalogs/AllPractices/:agencyId/:forRequests', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: 'Practices of an agency, with their agencyPracticeId',
      params: z.object({ agencyId: idParam, forRequests }),
      querystring: query,
      response: list(agencyPractice),
    },
    handler: async (req) => ok(await catalog.practices(db, { ...req.params, onlyActive: onlyActive(req) })),
  });

  app.get('/api/Catalogs/AllPlatforms/:agencyId/:practiceId/:withAssets', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: 'Platforms offered on an agency and practice path',
      description: 'withAssets 1 adds each platform’s asset types; 0 leaves `assets` empty.',
      params: z.object({ agencyId: idParam, practiceId: idParam, withAssets: flagParam }),
      querystring: query,
      response: list(platform),
    },
    handler: async (req) =>
      ok(await catalog.platformsOnPath(db, { ...req.params, onlyActive: onlyActive(req) })),
  });

  app.get('/api/Catalogs/AllClients/:platformId/:agencyId/:withCodes', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: 'Clients of a platform at an agency (0: any), with up to 6 client codes',
      description: 'withCodes 1 fills `clientCode`; 0 leaves it empty.',
      params: z.object({ platformId: idParam, agencyId: idParam, withCodes: flagParam }),
      querystring: query,
      response: list(client),
    },
    handler: async (req) => ok(await catalog.clients(db, { ...req.params, onlyActive: onlyActive(req) })),
  });

  app.get('/api/Catalogs/AllPlatformAgencys/:platformId/:marketId/:practiceId', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: 'The agency and practice paths a platform is offered on (0: any)',
      params: z.object({ platformId: idParam, marketId: idParam, practiceId: idParam }),
      querystring: query,
      response: list(platformAgency),
    },
    handler: async (req) =>
      ok(await catalog.platformAgencies(db, { ...req.params, onlyActive: onlyActive(req) })),
  });

  app.get('/api/Catalogs/PlatformOwnerShip', {
    config: { access: readCatalog },
    schema: { tags, summary: 'Platform ownerships', querystring: query, response: list(platformOwnership) },
    handler: async (req) => ok(await catalog.ownerships(db, onlyActive(req))),
  });

  app.get('/api/Catalogs/ClientCodes/:clientId', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: 'Client codes of a client',
      params: z.object({ clientId: idParam }),
      querystring: query,
      response: list(clientCode),
    },
    handler: async (req) =>
      ok(await catalog.clientCodes(db, { clientId: req.params.clientId, onlyActive: onlyActive(req) })),
  });

  app.get('/api/Catalogs/AllClientAccounts/:clientId/:assetId', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: 'Client accounts (assets) of a client, of one asset type (assetId 0: every type)',
      params: z.object({ clientId: idParam, assetId: idParam }),
      querystring: query,
      response: list(clientAccount),
    },
    handler: async (req) =>
      ok(await catalog.clientAccounts(db, { ...req.params, onlyActive: onlyActive(req) })),
  });

  app.get('/api/Catalogs/AllAccountAccess/:assetId', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: 'Platform user types of an asset type (assetId 0: of the platform named by PlatformId)',
      params: z.object({ assetId: idParam }),
      querystring: query.extend({
        OnlyPlatform: flagParam.optional().describe('true: only platform-level user types (no asset type)'),
        PlatformId: idParam.optional(),
      }),
      response: list(platformUserType),
    },
    handler: async (req) =>
      ok(
        await catalog.platformUserTypes(db, {
          assetId: req.params.assetId,
          platformId: req.query.PlatformId ?? null,
          onlyPlatform: req.query.OnlyPlatform ?? false,
          onlyActive: onlyActive(req),
        }),
      ),
  });

  app.get('/api/Catalogs/Platform/:platformId', {
    config: { access: readCatalog },
    schema: {
      tags,
      errors: [404],
      summary: 'A platform with its asset types',
      params: z.object({ platformId: idParam }),
      querystring: query,
      response: { 200: envelope(platform) },
    },
    handler: async (req) =>
      ok(
        await catalog.platformWithAssets(db, {
          platformId: req.params.platformId,
          onlyActive: onlyActive(req),
        }),
      ),
  });

  app.get('/api/Catalogs/Platform/:platformId/:clientId', {
    config: { access: readCatalog },
    schema: {
      tags,
      errors: [404],
      summary: 'A platform with the asset types the client holds accounts of',
      params: z.object({ platformId: idParam, clientId: idParam }),
      querystring: query,
      response: { 200: envelope(platform) },
    },
    handler: async (req) =>
      ok(await catalog.platformWithAssets(db, { ...req.params, onlyActive: onlyActive(req) })),
  });

  app.get('/api/Catalogs/GetAgencyClients/:platform/:agency', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: "Clients of an agency on a platform (the What's Included? modal)",
      params: z.object({ platform: idParam.describe('platformId'), agency: idParam.describe('agencyId') }),
      response: list(agencyClient),
    },
    handler: async (req) => ok(await catalog.agencyClients(db, req.params.platform, req.params.agency)),
  });

  app.get('/api/Catalogs/AgencyPlatforms', {
    config: { access: readCatalog },
    schema: {
      tags,
      summary: "Platforms with the agencies that offer them (the What's Included? page)",
      response: list(agencyPlatform),
    },
    handler: async () => ok(await catalog.agencyPlatforms(db)),
  });
};
