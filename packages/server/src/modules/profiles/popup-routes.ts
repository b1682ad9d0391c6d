import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  additionalEmailsPage,
  additionalEmailsQuery,
  envelope,
  popupPaging,
  usersForPopupPage,
  usersForPopupQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { adminRead } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import * as popup from './popup-service.ts';

const paging = `The spec's call takes no parameters; ours are optional: page (default 1, at most ${popupPaging.maxPage}) and pageSize (default ${popupPaging.defaultPageSize}, at most ${popupPaging.maxPageSize}); never the whole table.`;

/** The user-details popup (spec 3 §2.15, §7 'User profiles'). */
export const userPopupRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get('/api/User/GetAllUsersforpopup', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'The user-details popup: a page of every profile, in name order, with its details',
      description: `${paging} search matches the beginning of the first name, last name, 'first last', primary or additional email (case-insensitive), or the exact UAP Id. Administrators read every profile, as in All User Profiles; isInScope says whether the caller may change the person (edit, merge): a super administrator anyone, an administrator only people below Administrator whose requests, assignments and approver or admin rows all lie in her regions and markets, the auditor nobody.`,
      querystring: usersForPopupQuery,
      response: { 200: envelope(usersForPopupPage) },
    },
    handler: async (req) => ok(await popup.findUsersForPopup(db, requireActor(req), req.query)),
  });

  app.get('/api/User/GetAllAdditionalEmails', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'The additional emails of the profiles ({email, isDeleted, userId}), in email order',
      description: `${paging} userId narrows to one profile's emails (an unknown one finds none); search matches the beginning of the email (case-insensitive). Active and deactivated emails (isDeleted true) both answer. Administrators read every profile's, as in All User Profiles.`,
      querystring: additionalEmailsQuery,
      response: { 200: envelope(additionalEmailsPage) },
    },
    handler: async (req) => ok(await popup.findAdditionalEmails(db, requireActor(req), req.query)),
  });
};
