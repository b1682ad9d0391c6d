import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  envelope,
  markedRead,
  messages,
  notificationIdParams,
  notificationListQuery,
  notificationPage,
  notificationSetting,
  notificationSettingsBody,
  sentMailPage,
  sentMailQuery,
  unreadCount,
} from '@uap/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './service.ts';

/**
 * The notification centre: every user reads and marks their own notifications and
 * chooses their emails (auditors too: it is their own inbox, not portal data); the super admin
 * reads the outbox on the 'Sent mail' page.
 */
export const notificationRoutes: FastifyPluginAsync<{ db: Db; config: Config }> = async (
  base,
  { db, config },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const everyone = { minRole: Role.STANDARD, auditor: true };
  /** The answer of a marking read: how many notifications it changed. */
  const markedReadAnswer = (updated: number) => ok({ updated }, messages.notificationsMarkedRead);

  app.get('/api/Notifications', {
    config: { access: everyone },
    schema: {
      tags,
      summary: "The caller's notifications, newest first, paged, with the unread count",
      querystring: notificationListQuery,
      response: { 200: envelope(notificationPage) },
    },
    handler: async (request) =>
      ok(await service.findMyNotifications(db, requireActor(request), request.query)),
  });

  app.get('/api/Notifications/UnreadCount', {
    config: { access: everyone },
    schema: {
      tags,
      summary: "How many of the caller's notifications are unread (the bell)",
      response: { 200: envelope(unreadCount) },
    },
    handler: async (request) => ok({ unreadCount: await service.countMyUnread(db, requireActor(request)) }),
  });

  app.patch('/api/Notifications/:notificationId/Read', {
    config: { access: everyone },
    schema: {
      tags,
      errors: [404],
      summary: "Marks one of the caller's notifications read (404: not theirs)",
      params: notificationIdParams,
      response: { 200: envelope(markedRead) },
    },
    handler: async (request) =>
      markedReadAnswer(await service.markOneRead(db, requireActor(request), request.params.notificationId)),
  });

  app.patch('/api/Notifications/ReadAll', {
    config: { access: everyone },
    schema: {
      tags,
      summary: 'Marks every unread notification of the caller read',
      response: { 200: envelope(markedRead) },
    },
    handler: async (request) => markedReadAnswer(await service.markAllRead(db, requireActor(request))),
  });

  app.get('/api/Notifications/Settings', {
    config: { access: everyone },
    schema: {
      tags,
      summary: "The caller's email choice per event (in-app notifications are always on)",
      response: { 200: envelope(z.array(notificationSetting)) },
    },
    handler: async (request) => ok(await service.getSettings(db, requireActor(request))),
  });

  app.put('/api/Notifications/Settings', {
    config: { access: everyone },
    schema: {
      tags,
      summary: "Saves the caller's email choice for the events named",
      body: notificationSettingsBody,
      response: { 200: envelope(z.array(notificationSetting)) },
    },
    handler: async (request) =>
      ok(
        await service.saveSettings(db, requireActor(request), request.body.settings),
        messages.notificationSettingsSaved,
      ),
  });

  app.get('/api/SentMail', {
    config: { access: { minRole: Role.SUPERADMIN, auditor: false } },
    schema: {
      tags,
      summary: 'The mail outbox, newest first: what was sent, and what waits (no SMTP_URL, or retrying)',
      querystring: sentMailQuery,
      response: { 200: envelope(sentMailPage) },
    },
    handler: async (request) => ok(await service.findSentMail(db, config.publicUrl, request.query)),
  });
};
