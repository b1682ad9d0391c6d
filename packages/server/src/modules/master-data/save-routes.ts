import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  messages,
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
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { rules, scopeRule, write } from './route-rules.ts';
import * as clientWrites from './write-clients.ts';
import * as geographyWrites from './write-geography.ts';
import * as globalWrites from './write-global.ts';
import * as platformWrites from './write-platforms.ts';

/** The Database Manager's forms: add and change one item of each master data type. */
export const masterDataSaveRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['master data'];

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
};
