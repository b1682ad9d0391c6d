import { flag, nowDefault, types, type Migration } from './helpers.ts';

/** Storage of the embedded identity provider: oidc-provider payloads and signing keys. */
export const m0006: Migration = {
  async up({ db, dialect }) {
    const ts = types(dialect).timestamp;

    await db.schema
      .createTable('oidc_payloads')
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', ts)
      .addColumn('consumed_at', ts)
      .addPrimaryKeyConstraint('pk_oidc_payloads', ['model', 'id'])
      .execute();
    for (const column of ['grant_id', 'uid', 'user_code', 'expires_at']) {
      await db.schema.createIndex(`idx_oidc_payloads_${column}`).on('oidc_payloads').column(column).execute();
    }

    await db.schema
      .createTable('auth_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('jwk', 'text', (c) => c.notNull())
      .addColumn('created_date', ts, (c) => c.notNull().defaultTo(nowDefault(dialect)))
      .$call((b) => flag(b, 'is_deleted'))
      .execute();
  },

  async down({ db }) {
    await db.schema.dropTable('auth_keys').execute();
    await db.schema.dropTable('oidc_payloads').execute();
  },
};
