import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Role,
  envelope,
  mailDecision,
  mailDecisionHours,
  mailDecisionInput,
  mailDecisionResult,
  mailDecisionTokenParam,
  messages,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { publicAccess, type Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { decideFromMail, readMailDecision } from './service.ts';

/**
 * After a sign-in: anyone but the read-only auditor, so a person whose role changed since the
 * mail hears why the link no longer decides (the service checks the line is still theirs).
 */
const signedIn: Access = { minRole: Role.STANDARD, auditor: false };

const rule =
  `The token is the last part of a link of an approver's or provisioner's mail (/Decide/{token}): bound to that person, ` +
  `that line and that action (approve, reject, provision), single-use, valid ${mailDecisionHours} hours. ` +
  `404 '${messages.mailDecisionInvalid}' for a token cut, changed or made up; 409 '${messages.mailDecisionUsed}', ` +
  `the expired link's message, or '${messages.mailDecisionDecided('…')}' when the line no longer waits for the action; ` +
  `403 '${messages.mailDecisionRevoked}' when the person's access has ended.`;
const signedInRule = `With the caller's token: 403 '${messages.mailDecisionOtherPerson}' when the link was sent to someone else.`;
const decideRule =
  `Decides through the app's own service (routing, separation of duties, compare-and-set, history), as the person the link ` +
  `was sent to; the link is used in the same transaction. A blank comment: 400 '${messages.inputComment}'. ` +
  `409 '${messages.mailDecisionNotYours}' when the line was passed to someone else since the mail.`;

/** Deciding from the mail: open a link (changes nothing), then decide with one button. */
export const mailDecisionRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail decisions'];

  app.get('/api/MailDecisions/:token', {
    config: { access: publicAccess },
    schema: {
      tags,
      errors: [403, 404, 409],
      summary: 'What a mail link would decide, without signing in (ours; changes nothing)',
      description: `${rule} signInRequired: the line is of an administrator user type, or the person's role changed since the mail; the page then asks for a sign-in and uses the SignedIn variant.`,
      params: mailDecisionTokenParam,
      response: { 200: envelope(mailDecision) },
    },
    handler: async (req) => ok(await readMailDecision(db, req.params.token, null)),
  });

  app.post('/api/MailDecisions/:token', {
    config: { access: publicAccess },
    schema: {
      tags,
      errors: [403, 404, 409, 422],
      summary: 'Decide a line from a mail link, without signing in (ours)',
      description: `${rule} ${decideRule} 403 with the reason when the link needs a sign-in first.`,
      params: mailDecisionTokenParam,
      body: mailDecisionInput,
      response: { 200: envelope(mailDecisionResult) },
    },
    handler: async (req) => {
      const { data, message } = await decideFromMail(db, req.params.token, req.body, null);
      return ok(data, message);
    },
  });

  app.get('/api/MailDecisions/:token/SignedIn', {
    config: { access: signedIn },
    schema: {
      tags,
      errors: [403, 404, 409],
      summary: 'What a mail link would decide, for the signed-in person it was sent to (ours)',
      description: `${rule} ${signedInRule}`,
      params: mailDecisionTokenParam,
      response: { 200: envelope(mailDecision) },
    },
    handler: async (req) => ok(await readMailDecision(db, req.params.token, requireActor(req))),
  });

  app.post('/api/MailDecisions/:token/SignedIn', {
    config: { access: signedIn },
    schema: {
      tags,
      errors: [403, 404, 409, 422],
      summary: 'Decide a line from a mail link, signed in as the person it was sent to (ours)',
      description: `${rule} ${signedInRule} ${decideRule}`,
      params: mailDecisionTokenParam,
      body: mailDecisionInput,
      response: { 200: envelope(mailDecisionResult) },
    },
    handler: async (req) => {
      const { data, message } = await decideFromMail(db, req.params.token, req.body, requireActor(req));
      return ok(data, message);
    },
  });
};
