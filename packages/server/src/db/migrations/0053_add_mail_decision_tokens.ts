import { sql } from 'kysely';
import { types, withId, type Migration } from './helpers.ts';

/**
 * The links of a mail that decide (`modules/mail-decisions/`): one row per person, line and
 * action. The link carries the row's id and an HMAC over the row's fields, so the outbox and the
 * database hold no usable link; `used_date` makes it single-use (set in the decision's own
 * transaction), and the person's role when the mail was queued is kept to see a change of it.
 * Rows a week past their expiry are deleted by the hourly task reminders job (`expires_at`).
 * `app_secrets` holds the HMAC key of the links (made at first use; every instance reads the one
 * stored first).
 */
export const m0053: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;
    await withId(db.schema.createTable('mail_decision_tokens'), 'token_id', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('request_id', 'integer', (c) => c.notNull().references('requests.request_id'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('role_id', 'integer', (c) => c.notNull())
      .addColumn('created_date', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_date', ts)
      .addCheckConstraint('ck_mail_decision_tokens_action', sql`action in ('approve', 'reject', 'provision')`)
      .execute();
    await db.schema
      .createIndex('idx_mail_decision_tokens_request_id')
      .on('mail_decision_tokens')
      .column('request_id')
      .execute();
    await db.schema
      .createIndex('idx_mail_decision_tokens_expires_at')
      .on('mail_decision_tokens')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_date', ts, (c) => c.notNull())
      .execute();
  },

  async down({ db }) {
    await db.schema.dropTable('app_secrets').ifExists().execute();
    await db.schema.dropTable('mail_decision_tokens').ifExists().execute();
  },
};
