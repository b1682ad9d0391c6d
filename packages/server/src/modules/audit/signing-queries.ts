import { nowIso, type Db } from '../../db/connection.ts';

/** The export signing key every instance uses: the oldest stored. */
export function findSigningKey(db: Db) {
  return db.kysely
    .selectFrom('auditSigningKeys')
    .select(['kid', 'privateJwk'])
    .orderBy('createdDate')
    .orderBy('kid')
    .limit(1)
    .executeTakeFirst();
}

export async function insertSigningKey(db: Db, kid: string, privateJwk: string): Promise<void> {
  await db.kysely
    .insertInto('auditSigningKeys')
    .values({ kid, privateJwk, createdDate: nowIso() })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute();
}
