import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Role,
  accessBundleActiveInput,
  accessBundleDetail,
  accessBundleInput,
  accessBundlesTable,
  bundleIdParam,
  bundleRequestInput,
  bundleRequestPreviewInput,
  envelope,
  fittingBundles,
  fittingBundlesQuery,
  messages,
  sameAccessPreview,
  sameAccessResult,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { adminRead, adminWrite, type Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import * as bundles from './service.ts';

const requestors: Access = { minRole: Role.STANDARD, auditor: false };

const scopeRule =
  'Admins reach the bundles of the (region, market) pairs they hold an active admin row of (any other is 404); super admins every bundle; the auditor reads.';
const bodyRule =
  `The place: a market of the region, an agency of the market (422), one of the caller's rows (404). Each access must be available on it ` +
  `as the wizard's Add Account(s) would offer it (422 '${messages.bundleItemRefused(1, '…')}'); the name is unique on the agency (409 '${messages.bundleNameTaken}').`;

/** Access Bundles: the administrators' page, and the wizard's bundles of a place and their request. */
export const accessBundleRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['access bundles'];

  tableRoutes(base, db, accessBundlesTable, bundles.bundleReader, {
    access: adminRead,
    tags,
    rowsRule: scopeRule,
  });

  app.get('/api/AccessBundles/Fitting', {
    config: { access: { minRole: Role.STANDARD, auditor: true } },
    schema: {
      tags,
      summary: "The active bundles of the wizard's region, market and agency (ours)",
      querystring: fittingBundlesQuery,
      response: { 200: envelope(fittingBundles) },
    },
    handler: async (req) => ok(await bundles.findFittingBundles(db, req.query)),
  });

  app.get('/api/AccessBundles/:bundleId', {
    config: { access: { minRole: Role.STANDARD, auditor: true } },
    schema: {
      tags,
      errors: [404],
      summary: 'A bundle with its accesses; each says which part is no longer available (ours)',
      description: `${scopeRule} A requestor below the administrators reads an active bundle (the wizard lists its accesses).`,
      params: bundleIdParam,
      response: { 200: envelope(accessBundleDetail) },
    },
    handler: async (req) => ok(await bundles.getBundle(db, requireActor(req), req.params.bundleId)),
  });

  app.post('/api/AccessBundles', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: 'A new access bundle (ours)',
      description: `${scopeRule} ${bodyRule}`,
      body: accessBundleInput,
      response: { 200: envelope(accessBundleDetail) },
    },
    handler: async (req) =>
      ok(await bundles.createBundle(db, requireActor(req), req.body), messages.bundleSaved),
  });

  app.put('/api/AccessBundles/:bundleId', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: "A bundle's name, place and accesses (ours)",
      description: `${scopeRule} ${bodyRule}`,
      params: bundleIdParam,
      body: accessBundleInput,
      response: { 200: envelope(accessBundleDetail) },
    },
    handler: async (req) =>
      ok(
        await bundles.updateBundle(db, requireActor(req), req.params.bundleId, req.body),
        messages.bundleSaved,
      ),
  });

  app.put('/api/AccessBundles/:bundleId/Active', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404],
      summary: 'Offer a bundle in new requests again, or no longer (ours)',
      description: scopeRule,
      params: bundleIdParam,
      body: accessBundleActiveInput,
      response: { 200: envelope(accessBundleDetail) },
    },
    handler: async (req) => {
      const { data, message } = await bundles.setBundleActive(
        db,
        requireActor(req),
        req.params.bundleId,
        req.body.isActive,
      );
      return ok(data, message);
    },
  });

  const requestRule =
    `The accesses (ItemIds) of an active bundle (else 404 '${messages.bundleGone}'), each planned for the user exactly as POST api/Request/Create ` +
    'plans a line; the lines are those of POST api/Request/SameAccessAs/Preview (recordId: the bundle item).';

  app.post('/api/Request/Bundle/Preview', {
    config: { access: requestors },
    schema: {
      tags,
      errors: [404],
      summary: 'Request a bundle: what each chosen access would become for the user (ours; writes nothing)',
      description: requestRule,
      body: bundleRequestPreviewInput,
      response: { 200: envelope(sameAccessPreview) },
    },
    handler: async (req) => ok(await bundles.previewBundleRequest(db, requireActor(req), req.body)),
  });

  app.post('/api/Request/Bundle', {
    config: { access: requestors },
    schema: {
      tags,
      errors: [404, 422],
      summary: 'Request a bundle: one request with a line per chosen access the user does not hold (ours)',
      description: `${requestRule} None to request: 422 '${messages.sameAccessNothingToRequest}'.`,
      body: bundleRequestInput,
      response: { 200: envelope(sameAccessResult) },
    },
    handler: async (req) => {
      const { data, message } = await bundles.requestBundle(db, requireActor(req), req.body);
      return ok(data, message);
    },
  });
};
