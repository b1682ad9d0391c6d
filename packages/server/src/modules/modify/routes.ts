import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  activeDeactiveInput,
  activeDeactiveResult,
  checkMergedProfileInput,
  checkMergedProfileResult,
  envelope,
  flagParam,
  idParam,
  messages,
  modifyResult,
  type ModifyResult,
  reassignRequestInput,
  requestDetail,
  updateExpiredRequestInput,
  updateMultipleRequestInput,
  updateRequestInput,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor, type Actor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import * as modify from './service.ts';

/**
 * Every user modifies the records and requests they created or are the subject of; a
 * provisioner also those routed to them, an admin those inside their (region, market) rows, a
 * super admin all (request-lines/scope.ts `modifiableBy`). Out of scope: 404. Auditors never write.
 */
const write: Access = { minRole: Role.STANDARD, auditor: false };
const read: Access = { minRole: Role.STANDARD, auditor: true };
const errors =
  'Failures: 400 malformed or a form rule (the spec message), 404 outside the caller’s scope, 409 no longer in a modifiable status (data carries the current status), 422 a business rule (the spec message).';

/** Routes of modify, reassign, activate and deactivate endpoints. */
export const modifyRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['modify existing access'];
  /** A PATCH of a line or record in the caller's scope whose service words its own ModifyResult. */
  const patchAnswered = <Body extends z.ZodType>(
    url: string,
    text: { summary: string; description: string },
    body: Body,
    change: (db: Db, actor: Actor, input: z.infer<Body>) => Promise<ModifyResult>,
  ) =>
    app.patch(url, {
      config: { access: write },
      schema: { tags, errors: [404, 409, 422], ...text, body, response: { 200: modifyResult } },
      handler: async (req) => change(db, requireActor(req), req.body as z.infer<Body>),
    });

  app.get('/api/Request/RequestDetail/:requestId/:flag', {
    config: { access: read },
    schema: {
      tags,
      errors: [404],
      summary: 'Detail of a request line (flag 0) or of an access record with its pending change (flag 1)',
      description: 'flag 1 answers 404 when the id is not a Completed or Archived Add line.',
      params: z.object({ requestId: idParam, flag: flagParam }),
      response: { 200: envelope(requestDetail) },
    },
    handler: async (req) =>
      ok(await modify.getRequestDetail(db, requireActor(req), req.params.requestId, req.params.flag)),
  });

  patchAnswered(
    '/api/Request/UpdateRequest',
    {
      summary: 'Modify a User Role, Platform Email or Length Of Access',
      description: `A Submitted request is edited in place ('${messages.requestsModified}'); a Completed or Archived record gets a Change request replacing its prior pending change ('${messages.requestsSentForApproval}'). \`status\` is the status of the line named by requestId. ModificationType is optional: inferred from UserPlatformEmail, then platformUserTypeId, else Length Of Access. ${errors}`,
    },
    updateRequestInput,
    modify.updateRequest,
  );

  app.patch('/api/Request/UpdateExpiredRequest', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary:
        'Give a new length of access to an expired pending deactivation/activation or expired inactive record',
      description: errors,
      body: updateExpiredRequestInput,
      response: { 200: envelope(z.boolean()) },
    },
    handler: async (req) => ok(true, await modify.updateExpiredRequest(db, requireActor(req), req.body)),
  });

  patchAnswered(
    '/api/Request/UpdateMultipleRequest',
    {
      summary:
        'Change the role of several active records sharing role, region, market, agency, practice, asset and platform',
      description: `One Change request per record. ${errors}`,
    },
    updateMultipleRequestInput,
    modify.updateMultipleRequest,
  );

  app.post('/api/Request/ActiveDeactiveRequest', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 409, 422],
      summary: 'Deactivate (isActive false) or activate (isActive true) records: one request per record',
      description: `Activation of expired records needs ExpirationDate (and BeginningDate); a selection may not mix unlimited and limited nor expired and unexpired records. ${errors}`,
      body: activeDeactiveInput,
      response: { 200: envelope(activeDeactiveResult) },
    },
    handler: async (req) =>
      ok(await modify.activeDeactive(db, requireActor(req), req.body), messages.requestsSentForApproval),
  });

  app.post('/api/Request/CheckMergedProfile/', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Before deactivating: a message when one of the users has two (merged) profiles',
      body: checkMergedProfileInput,
      response: { 200: envelope(checkMergedProfileResult) },
    },
    handler: async (req) => ok(await modify.checkMergedProfile(db, requireActor(req), req.body)),
  });

  patchAnswered(
    '/api/Request/ReassignRequest',
    {
      summary:
        'Reassign Non-Personal User Email: move a record (Change request) or a Submitted request (in place) to another user',
      description: errors,
    },
    reassignRequestInput,
    modify.reassignRequest,
  );
};
