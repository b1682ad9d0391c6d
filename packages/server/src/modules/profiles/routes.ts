import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  addedEmail,
  additionalEmailParams,
  additionalEmailsParams,
  envelope,
  profileEditInput,
  saveAdditionalEmailInput,
  saveExternalUserInput,
  savedUser,
  searchExternalQuery,
  searchInternalQuery,
  updateUserInput,
  userSearchItem,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Access } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import * as profileAdmin from './admin-service.ts';
import * as profiles from './service.ts';

/** Searching people for a request: every signed-in user, auditors included. */
const search: Access = { minRole: Role.STANDARD, auditor: true };
/** Saving users and emails for a request: every requestor, never the auditor. */
const write: Access = { minRole: Role.STANDARD, auditor: false };

const notFoundNote = "Nothing found answers 404 with succeeded false and the message 'No user found.'.";

/** Routes of user search, save and additional email endpoints (the wizard's step 0). */
export const profileRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get('/api/User/SearchInternal', {
    config: { access: search },
    schema: {
      tags,
      errors: [404, 422],
      summary:
        'Internal users from the corporate directory (mail: exact or prefix; displayname: contained in the name, or the beginning of the email)',
      description: `At most ${profiles.SEARCH_LIMIT} active members. A guest hit answers 422 with the spec message. ${notFoundNote}`,
      querystring: searchInternalQuery,
      response: { 200: envelope(z.array(userSearchItem)) },
    },
    handler: async (req) => ok(await profiles.searchInternal(db, req.query)),
  });

  for (const path of ['/api/User/SearchExternal', '/api/User/SearchExternalUser']) {
    app.get(path, {
      config: { access: search },
      schema: {
        tags,
        errors: [404, 422],
        summary: 'External (guest) users by email, with their additional emails',
        description: `An internal user answers 422 with the spec message. ${notFoundNote}`,
        querystring: searchExternalQuery,
        response: { 200: envelope(z.array(userSearchItem)) },
      },
      handler: async (req) => ok(await profiles.searchExternal(db, req.query.filtervalue)),
    });
  }

  app.post('/api/User/Save', {
    config: { access: write },
    schema: {
      tags,
      errors: [422],
      summary: 'Save an external user (isInternal false); data.userId is the new profile',
      body: saveExternalUserInput,
      response: { 200: envelope(savedUser) },
    },
    handler: async (req) => {
      const { message, ...saved } = await profiles.saveExternalUser(db, requireActor(req), req.body);
      return ok(saved, message);
    },
  });

  app.post('/api/User/SaveAdditionalEmail', {
    config: { access: write },
    schema: {
      tags,
      errors: [403, 404, 422],
      summary: "Link an additional (platform) email to a user's profile",
      description:
        "The caller's own profile, or the subject of a request being made (a profile below Administrator); an administrator's, auditor's or super administrator's profile only by its owner or a super administrator (else 403).",
      body: saveAdditionalEmailInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => ok(null, await profiles.saveAdditionalEmail(db, requireActor(req), req.body)),
  });

  app.get('/api/User/AdditionalEmails/:userId', {
    config: { access: search },
    schema: {
      tags,
      summary: "A profile's active additional emails with who added each (the owner, or an administrator)",
      description: "Another user's profile answers 404 unless the caller is an administrator or above.",
      params: additionalEmailsParams,
      response: { 200: envelope(z.array(addedEmail)) },
    },
    handler: async (req) => ok(await profiles.findAddedEmails(db, requireActor(req), req.params.userId)),
  });

  app.delete('/api/User/AdditionalEmail/:id', {
    config: { access: write },
    schema: {
      tags,
      errors: [403, 404],
      summary: 'Remove (deactivate) an additional email: the owner of the profile, or an administrator',
      description:
        "An unknown or already removed id, or another user's email for a non-administrator: 404. Auditors: 403. An administrator may remove only the emails of people below Administrator whose rows all lie in her region and market (else 403); the super administrator any.",
      params: additionalEmailParams,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => ok(null, await profiles.removeAddedEmail(db, requireActor(req), req.params.id)),
  });

  app.put('/api/User', {
    config: { access: write },
    schema: {
      tags,
      errors: [404, 422],
      summary:
        "The wizard's user record: updates the caller's own profile, creates a colleague's from the directory (userId 0)",
      description:
        "Another existing user's profile is not rewritten (a requestor may not edit a colleague); the answer still carries its userId and roleId. With isProfileEdit true it is the Edit User Profile modal of All User Profiles (administrators and super administrators only, 403 otherwise): spec 3 §5 'Edit profile' rules, 422 with the spec's message when a rule fails, one profile log row per change.",
      body: z.discriminatedUnion('isProfileEdit', [
        profileEditInput,
        updateUserInput.extend({ isProfileEdit: z.literal(false).optional() }),
      ]),
      response: { 200: envelope(savedUser) },
    },
    handler: async (req) => {
      const body = req.body;
      const { message, ...saved } =
        body.isProfileEdit === true
          ? await profileAdmin.editProfile(db, requireActor(req), body)
          : await profiles.updateUser(db, requireActor(req), body);
      return ok(saved, message);
    },
  });
};
