import type { ExpressionBuilder } from 'kysely';
import { nowIso, type Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import type { Identity } from '../auth/verify.ts';

/** A profile a verified identity may speak for, with the state of its directory entry. */
export interface ProfileOfIdentity {
  userId: number;
  roleId: number;
  email: string;
  identityIssuer: string | null;
  identitySubject: string | null;
  /** The directory entry (the profile's own, else the one with the token's mail), if any. */
  directoryActive: number | null;
  directoryDeleted: number | null;
  /** Someone away names the profile delegate now (a running absence): `Actor.standsIn`. */
  standsIn: boolean;
}

/** Whether someone away names the profile `u` delegate at `now` (a running absence). */
export function standsInAt(eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>, now: string) {
  return eb.exists(
    eb
      .selectFrom('absences as ab')
      .select('ab.absenceId')
      .whereRef('ab.delegateId', '=', 'u.userId')
      .where('ab.isDeleted', '=', 0)
      .where('ab.toDate', '>', now)
      .where('ab.fromDate', '<=', now),
  );
}

/**
 * The live profiles bound to the identity or carrying its email (at most one of each: both are
 * unique), with their directory entry: the profile's own (by directory id), else the entry of
 * the token's mail; and whether someone away names it delegate now.
 */
export async function findProfilesOfIdentity(db: Db, identity: Identity): Promise<ProfileOfIdentity[]> {
  const now = nowIso();
  const rows = await db.kysely
    .selectFrom('users as u')
    .leftJoin('directoryUsers as d', (j) =>
      j.on((eb) =>
        eb.or([
          eb('d.directoryId', '=', eb.ref('u.directoryId')),
          eb.and([eb('u.directoryId', 'is', null), eb('d.mail', '=', identity.email)]),
        ]),
      ),
    )
    .select([
      'u.userId',
      'u.roleId',
      'u.email',
      'u.identityIssuer',
      'u.identitySubject',
      'd.active as directoryActive',
      'd.isDeleted as directoryDeleted',
      (eb) => standsInAt(eb, now).as('standsIn'),
    ])
    .where('u.isDeleted', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('u.identitySubject', '=', identity.subject),
          eb('u.identityIssuer', '=', identity.issuer),
        ]),
        eb('u.email', '=', identity.email),
      ]),
    )
    .execute();
  // PostgreSQL answers a boolean, SQLite 0 or 1.
  return rows.map((row) => Object.assign(row, { standsIn: Number(row.standsIn) === 1 }));
}

/**
 * Binds the profile to the identity, unless it is bound to another identity of the same issuer
 * meanwhile (a profile bound under another issuer is bound anew: the issuer was changed).
 * Answers whether the profile is now bound to it.
 */
export async function bindProfileToIdentity(db: Db, userId: number, identity: Identity): Promise<boolean> {
  const result = await db.kysely
    .updateTable('users')
    .set({ identityIssuer: identity.issuer, identitySubject: identity.subject })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('identitySubject', 'is', null), eb('identityIssuer', '<>', identity.issuer)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets a profile's identity: the next sign-in with its (new) email binds it again. */
export async function unbindProfile(db: Db['kysely'], userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ identityIssuer: null, identitySubject: null })
    .where('userId', '=', userId)
    .execute();
}
