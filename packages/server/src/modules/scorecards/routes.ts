import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Role,
  SCORECARD_EXPIRING_DAYS,
  SCORECARD_TIMES_WINDOW_DAYS,
  envelope,
  scorecard,
  scorecardList,
  scorecardParams,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { ok } from '../../http/envelope.ts';
import * as scorecards from './service.ts';

/**
 * Every signed-in role reaches the routes; the service decides (spec 3 §6): administrators and
 * super administrators every card, a master approver the cards of their practices, others 403.
 */
const read: Access = { minRole: Role.STANDARD, auditor: false };

const accessRule =
  'Administrators read every card over the lines inside their admin (region, market) rows, super administrators over every line; ' +
  'an active master approver of the Social practice reads Meta and TikTok, of the Search practice Google Ads, over the lines of their own ' +
  'master approver (region, market, agency, practice) rows; any other card or caller is 403.';
const cardRule = `Per agency: distinct users with active access (a completed or archived Add record not deactivated) by normalized platform user type, the administrator-level ones and their share, the external ones, the records expiring in the next ${SCORECARD_EXPIRING_DAYS} days, the leavers (directory account disabled) still holding access, the pending (Submitted or Approved) lines with the oldest and median age in days, and the median hours to approve and to provision of the lines decided in the last ${SCORECARD_TIMES_WINDOW_DAYS} days.`;

/** Agency Platform Scorecards (spec 3 §2.11). */
export const scorecardRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['scorecards'];

  app.get('/api/Scorecards', {
    config: { access: read },
    schema: {
      tags,
      errors: [403],
      summary: 'The scorecards the caller may open',
      description: accessRule,
      response: { 200: envelope(scorecardList) },
    },
    handler: async (req) => ok(await scorecards.listScorecards(db, requireActor(req))),
  });

  app.get('/api/Scorecards/:card', {
    config: { access: read },
    schema: {
      tags,
      errors: [403],
      summary: 'One scorecard (GoogleAds, Meta or TikTok): its numbers per agency',
      description: `${cardRule} ${accessRule}`,
      params: scorecardParams,
      response: { 200: envelope(scorecard) },
    },
    handler: async (req) => ok(await scorecards.findScorecard(db, requireActor(req), req.params.card)),
  });

  app.get('/api/Scorecards/:card/Export', {
    config: { access: read },
    schema: {
      tags,
      errors: [403],
      summary: 'One scorecard as a CSV file, one row per agency',
      description: `${cardRule} ${accessRule} Every cell beginning with = + - @, tab or CR is prefixed with a single quote.`,
      params: scorecardParams,
      produces: ['text/csv'],
    },
    handler: async (req, reply) =>
      sendCsv(
        reply,
        `scorecard-${req.params.card}.csv`,
        await scorecards.exportScorecard(db, requireActor(req), req.params.card),
      ),
  });
};
