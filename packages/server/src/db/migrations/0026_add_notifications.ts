import { sql } from 'kysely';
import { nowDefault, types, withId, type Migration } from './helpers.ts';

/**
 * Notifications.
 * - `notifications`: the in-app notification centre, one row per recipient per request line and
 *   event (`event` is a name such as 'submitted', 'approved'; later events — reminders, expiry —
 *   add names, not columns). `params` is JSON text (who acted…); `read_at` null while unread.
 * - `mail_outbox`: what leaves the portal, written in the transition's own transaction and sent
 *   after it commits (retried with back-off: `attempts`, `next_attempt_at`). `channel` 'email'
 *   has a recipient address; 'webhook' goes to the configured Teams / Slack incoming webhooks.
 * - `notification_settings`: a user's choice of email per event (no row: email on).
 */
export const m0026: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    const now = nowDefault(dialect);

    await withId(db.schema.createTable('notifications'), 'notification_id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('request_id', 'integer', (c) => c.references('requests.request_id'))
      .addColumn('params', 'text')
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('read_at', ts)
      .execute();
    // The bell's list (newest first) and its unread count, per user.
    await db.schema
      .createIndex('idx_notifications_user_created')
      .on('notifications')
      .columns(['user_id', 'created_date', 'notification_id'])
      .execute();
    await db.schema
      .createIndex('idx_notifications_unread')
      .on('notifications')
      .column('user_id')
      .where(sql<boolean>`read_at is null`)
      .execute();

    await withId(db.schema.createTable('mail_outbox'), 'mail_id', dialect)
      .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email'))
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('recipient_user_id', 'integer', (c) => c.references('users.user_id'))
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(now))
      .addColumn('sent_at', ts)
      .addColumn('last_error', 'text')
      .addCheckConstraint('ck_mail_outbox_channel', sql`channel in ('email', 'webhook')`)
      .addCheckConstraint('ck_mail_outbox_status', sql`status in ('PENDING', 'SENT')`)
      .execute();
    // The sender's queue: only what is still to send.
    await db.schema
      .createIndex('idx_mail_outbox_pending')
      .on('mail_outbox')
      .column('next_attempt_at')
      .where(sql<boolean>`status = 'PENDING'`)
      .execute();
    await db.schema
      .createIndex('idx_mail_outbox_created')
      .on('mail_outbox')
      .columns(['created_date', 'mail_id'])
      .execute();

    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('is_email', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_date', ts, (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('pk_notification_settings', ['user_id', 'event'])
      .execute();
  },
  async down({ db }) {
    await db.schema.dropTable('notification_settings').execute();
    await db.schema.dropTable('mail_outbox').execute();
    await db.schema.dropTable('notifications').execute();
  },
};
