import type { AdapterPayload } from 'oidc-provider';
import { nowIso, type Db } from '../db/connection.ts';
import type { OidcPayloadsTable } from '../db/schema.ts';

// The embedded identity provider's storage: its keys (auth_keys) and oidc-provider's payloads
// (oidc_payloads: sessions, codes, refresh tokens), shared by every instance on one database.

/** The live keys, newest first. */
export function listAuthKeys(db: Db) {
  return db.kysely
    .selectFrom('authKeys')
    .select(['kid', 'jwk'])
    .where('isDeleted', '=', 0)
    .orderBy('createdDate', 'desc')
    .execute();
}

/** The oldest live key but the one named `exceptKid`: the one every instance agrees on. */
export function findFirstAuthKey(db: Db, exceptKid: string) {
  return db.kysely
    .selectFrom('authKeys')
    .select(['kid', 'jwk'])
    .where('isDeleted', '=', 0)
    .where('kid', '!=', exceptKid)
    .orderBy('createdDate', 'asc')
    .orderBy('kid', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** Stores a key unless one of that kid exists (another instance may have made it first). */
export async function insertAuthKey(db: Db, kid: string, jwk: string): Promise<void> {
  await db.kysely
    .insertInto('authKeys')
    .values({ kid, jwk, createdDate: nowIso(), isDeleted: 0 })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute();
}

/** A payload as oidc-provider saves it (consumedAt is set by consumeOidcPayload only). */
export type OidcPayloadRow = Omit<OidcPayloadsTable, 'consumedAt'>;

export async function upsertOidcPayload(db: Db, row: OidcPayloadRow): Promise<void> {
  await db.kysely
    .insertInto('oidcPayloads')
    .values({ ...row, consumedAt: null })
    .onConflict((oc) =>
      oc.columns(['model', 'id']).doUpdateSet({
        payload: row.payload,
        grantId: row.grantId,
        userCode: row.userCode,
        uid: row.uid,
        expiresAt: row.expiresAt,
      }),
    )
    .execute();
}

export function findOidcPayload(db: Db, model: string, column: 'id' | 'uid' | 'userCode', value: string) {
  return db.kysely
    .selectFrom('oidcPayloads')
    .select(['payload', 'expiresAt', 'consumedAt'])
    .where('model', '=', model)
    .where(column, '=', value)
    .executeTakeFirst();
}

export async function consumeOidcPayload(db: Db, model: string, id: string): Promise<void> {
  await db.kysely
    .updateTable('oidcPayloads')
    .set({ consumedAt: new Date().toISOString() })
    .where('model', '=', model)
    .where('id', '=', id)
    .execute();
}

export async function deleteOidcPayload(db: Db, model: string, id: string): Promise<void> {
  await db.kysely.deleteFrom('oidcPayloads').where('model', '=', model).where('id', '=', id).execute();
}

export async function deleteOidcGrant(db: Db, grantId: string): Promise<void> {
  await db.kysely.deleteFrom('oidcPayloads').where('grantId', '=', grantId).execute();
}

/** oidc-provider's payload as stored, or undefined when it has expired. */
export function storedPayload(
  row: { payload: string; expiresAt: string | null; consumedAt: string | null } | undefined,
): AdapterPayload | undefined {
  if (!row || (row.expiresAt && row.expiresAt < new Date().toISOString())) {
    return undefined;
  }
  const payload = JSON.parse(row.payload) as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(Date.parse(row.consumedAt) / 1000) } : payload;
}
