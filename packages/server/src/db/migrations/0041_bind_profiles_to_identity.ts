import type { Migration } from './helpers.ts';

/**
 * A profile is bound to the identity that first signed in with it: the issuer and its stable
 * subject (`sub`). From then on the profile is found by that identity, not by its email, so
 * changing a profile's primary email never hands the profile to whoever holds the new address.
 * One identity holds at most one profile.
 */
const index = 'uq_users_identity';

export const m0041: Migration = {
  async up({ db }) {
    await db.schema.alterTable('users').addColumn('identity_issuer', 'text').execute();
    await db.schema.alterTable('users').addColumn('identity_subject', 'text').execute();
    await db.schema
      .createIndex(index)
      .on('users')
      .columns(['identity_subject', 'identity_issuer'])
      .unique()
      .execute();
  },

  async down({ db }) {
    await db.schema.dropIndex(index).ifExists().execute();
    await db.schema.alterTable('users').dropColumn('identity_subject').execute();
    await db.schema.alterTable('users').dropColumn('identity_issuer').execute();
  },
};
