import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Role,
  businessManagerFindings,
  createRequestInput,
  createRequestResult,
  envelope,
  messages,
  maxSameAccessRecords,
  platformRequestFindings,
  sameAccessInput,
  sameAccessPreview,
  sameAccessPreviewInput,
  sameAccessResult,
  validateBusinessManagerAccountInput,
  validatePlatformRequestQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import * as create from './service.ts';
import { previewSameAccess, requestSameAccess } from './same-access.ts';

/** The wizard's checks read what a subject holds; any requestor may ask (auditors too). */
const check: Access = { minRole: Role.STANDARD, auditor: true };

/** Routes of the new request wizard's validation and create endpoints. */
export const createRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['requests'];

  app.get('/api/Request/ValidatePlatformRequest', {
    config: { access: check },
    schema: {
      tags,
      errors: [422],
      summary:
        'What the user already holds on a platform path (other emails, business access, inactive records)',
      querystring: validatePlatformRequestQuery,
      response: { 200: envelope(platformRequestFindings) },
    },
    handler: async (req) => ok(await create.validatePlatformRequest(db, req.query)),
  });

  // POST although it only reads: the spec's method, and the account rows travel in the body.
  app.post('/api/Request/ValidateBusinessManagerAccount', {
    config: { access: { ...check, auditor: false } },
    schema: {
      tags,
      summary: 'Whether the chosen accounts (or the business access) are held with another email',
      body: validateBusinessManagerAccountInput,
      response: { 200: envelope(businessManagerFindings) },
    },
    handler: async (req) => ok(await create.validateBusinessManagerAccount(db, req.body)),
  });

  app.post('/api/Request/Create', {
    config: { access: { minRole: Role.STANDARD, auditor: false } },
    schema: {
      tags,
      errors: [404, 422],
      summary:
        'Submit a new access request: one line per selected account per row, or one business-access line',
      description:
        'Accepts both payloads of spec 1 §3 (keys matched without regard to case). A duplicate of a live line answers 422 naming its record number (data.requestId).',
      body: createRequestInput,
      response: { 200: envelope(createRequestResult) },
    },
    handler: async (req) =>
      ok(await create.createRequest(db, requireActor(req), req.body), messages.requestCreated),
  });

  const sameAccessRule =
    `RecordIds (at most ${maxSameAccessRecords}) must be among the colleague's (ColleagueId) active records (PUT api/Request/ColleagueAccess), ` +
    `else 404 '${messages.sameAccessRecordsGone}'. Each record is planned for the user (UserId, Email) exactly as POST api/Request/Create ` +
    "plans a line: the path and account still active, the Meta rule, the user's email, a duplicate of what the user holds. " +
    "Each line's outcome: request; held (heldRequestId names the user's line; skipped); refused (reason).";

  app.post('/api/Request/SameAccessAs/Preview', {
    config: { access: { minRole: Role.STANDARD, auditor: false } },
    schema: {
      tags,
      errors: [404],
      summary:
        'Same access as a colleague: what each ticked record would become for the user (ours; writes nothing)',
      description: `${sameAccessRule} The comment and an internal user's manager are checked when the request is sent.`,
      body: sameAccessPreviewInput,
      response: { 200: envelope(sameAccessPreview) },
    },
    handler: async (req) => ok(await previewSameAccess(db, requireActor(req), req.body)),
  });

  app.post('/api/Request/SameAccessAs', {
    config: { access: { minRole: Role.STANDARD, auditor: false } },
    schema: {
      tags,
      errors: [404, 422],
      summary:
        'Same access as a colleague: one request with a line per ticked record the user does not hold (ours)',
      description:
        `${sameAccessRule} One submission; each line names the colleague, so its approver sees '${messages.sameAccessRequestedAs('…')}'. ` +
        `Held and refused records are skipped and listed; none to request: 422 '${messages.sameAccessNothingToRequest}'.`,
      body: sameAccessInput,
      response: { 200: envelope(sameAccessResult) },
    },
    handler: async (req) => {
      const { data, message } = await requestSameAccess(db, requireActor(req), req.body);
      return ok(data, message);
    },
  });
};
