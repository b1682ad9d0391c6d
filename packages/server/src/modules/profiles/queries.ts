import { sql } from 'kysely';
import type { Db, Executor } from '../../db/connection.ts';
import { nowIso } from '../../db/connection.ts';
import { newProfileRow, type NewProfile } from './sign-in-queries.ts';
import { chainLater } from '../../db/chain/pending.ts';

const directoryColumns = [
  'd.directoryId',
  'd.mail',
  'd.displayName',
  'd.givenName',
  'd.surname',
  'd.jobTitle',
  'd.companyName',
  'd.department',
  'd.officeLocation',
  'd.businessPhone',
  'd.userType',
  'd.managerMail',
  'd.managerDisplayName',
] as const;

/** Escapes LIKE wildcards so a search value matches literally. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Above every character: `mail < prefix + TOP` closes the range of mails beginning with prefix. */
const TOP = '\u{10FFFF}';

/**
 * Active directory entries by mail (exact or prefix) or by a name (contained in the display
 * name, or the beginning of the email: a person types 'pat.provisioner'), with the id of their
 * profile when one exists; at most `limit`, in display-name order.
 */
export async function findDirectoryUsers(
  db: Db,
  o: { filterType: 'mail' | 'displayname'; value: string; userType: 'Member' | 'Guest'; limit: number },
) {
  const base = db.kysely
    .selectFrom('directoryUsers as d')
    .leftJoin('users as u', (j) => j.onRef('u.email', '=', 'd.mail').on('u.isDeleted', '=', 0))
    .select(directoryColumns)
    .select(['u.userId', 'u.isInternal'])
    .where('d.active', '=', 1)
    .where('d.userType', '=', o.userType)
    .orderBy('d.displayName')
    .limit(o.limit);
  // Mails are stored in lower case: a range of uq_directory_users_mail finds the prefix.
  const byMail = base.where('d.mail', '>=', o.value).where('d.mail', '<', `${o.value}${TOP}`).execute();
  if (o.filterType === 'mail') {
    return byMail;
  }
  // The name's contains-pattern walks the directory in name order (PostgreSQL: a trigram index,
  // migration 0043); the mail's prefix is a separate index range rather than an OR that would
  // turn both into one scan.
  const byName = await base
    .where((eb) =>
      eb(
        eb.fn('lower', [eb.ref('d.displayName')]),
        'like',
        sql<string>`${`%${likeLiteral(o.value)}%`} escape '\\'`,
      ),
    )
    .execute();
  const seen = new Set(byName.map((h) => h.directoryId));
  return [...byName, ...(await byMail).filter((h) => !seen.has(h.directoryId))]
    .sort((a, b) => (a.displayName ?? '').localeCompare(b.displayName ?? ''))
    .slice(0, o.limit);
}
export type DirectoryHit = Awaited<ReturnType<typeof findDirectoryUsers>>[number];

const profileColumns = [
  'u.userId',
  'u.email',
  'u.name',
  'u.lastName',
  'u.title',
  'u.organization',
  'u.department',
  'u.locationCountry',
  'u.officeNumber',
  'u.userType',
  'u.isInternal',
  'u.roleId',
  'u.managerEmail',
  'u.managerName',
] as const;

/** Active profiles whose primary or an active additional email is exactly `email`. */
export async function findProfilesByAnyEmail(db: Db, email: string) {
  return db.kysely
    .selectFrom('users as u')
    .select(profileColumns)
    .where('u.isDeleted', '=', 0)
    .where((eb) =>
      eb.or([
        eb('u.email', '=', email),
        eb.exists(
          eb
            .selectFrom('userAdditionalEmails as e')
            .select('e.id')
            .whereRef('e.userId', '=', 'u.userId')
            .where('e.email', '=', email)
            .where('e.isDeleted', '=', 0),
        ),
      ]),
    )
    .orderBy('u.userId')
    .limit(50)
    .execute();
}
export type ProfileHit = Awaited<ReturnType<typeof findProfilesByAnyEmail>>[number];

export async function getProfile(db: Db, userId: number) {
  return db.kysely
    .selectFrom('users as u')
    .select(profileColumns)
    .where('u.userId', '=', userId)
    .where('u.isDeleted', '=', 0)
    .executeTakeFirst();
}

/** The directory entry of one mail, guests included. */
export async function getDirectoryEntry(db: Db, mail: string) {
  return db.kysely
    .selectFrom('directoryUsers as d')
    .select(directoryColumns)
    .select(['d.active', 'd.employeeId'])
    .where('d.mail', '=', mail)
    .executeTakeFirst();
}

/** Additional emails of several users at once. */
export async function findAdditionalEmailsOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) {
    return [];
  }
  return db.kysely
    .selectFrom('userAdditionalEmails')
    .select(['userId', 'email', 'isDeleted'])
    .where('userId', 'in', userIds)
    .orderBy('id')
    .execute();
}

/** The user whose primary or (active) additional email this is, else null. */
export async function findUserIdByEmail(db: Db, email: string): Promise<number | null> {
  const primary = await db.kysely
    .selectFrom('users')
    .select('userId')
    .where('email', '=', email)
    .executeTakeFirst();
  if (primary) {
    return primary.userId;
  }
  const additional = await db.kysely
    .selectFrom('userAdditionalEmails')
    .select('userId')
    .where('email', '=', email)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return additional?.userId ?? null;
}

/** True when the email is some profile's primary email or someone's additional email. */
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  return (await findUserIdByEmail(db, email)) !== null;
}

/** Inserts a profile; returns the new id. Run inside the service's transaction. */
export async function insertProfile(trx: Executor, profile: NewProfile, createdBy: number): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values(newProfileRow(profile, createdBy))
    .returning('userId')
    .executeTakeFirstOrThrow();
  return row.userId;
}

export interface ProfileChange {
  name: string;
  lastName: string;
  title: string | null;
  organization: string | null;
  department: string | null;
  locationCountry: string | null;
  officeNumber: string | null;
  managerEmail: string | null;
  managerName: string | null;
}

export async function updateProfile(trx: Executor, userId: number, change: ProfileChange, changedBy: number) {
  await trx
    .updateTable('users')
    .set({ ...change, updatedDate: nowIso(), updatedBy: changedBy })
    .where('userId', '=', userId)
    .execute();
}

/** The before/after row of the profile log (user logs screen). */
export async function insertProfileLog(
  trx: Executor,
  o: { userId: number; changedBy: number; before: object | null; after: object },
) {
  const row = await trx
    .insertInto('userProfileLogs')
    .values({
      userId: o.userId,
      changedBy: o.changedBy,
      changedDate: nowIso(),
      before: o.before === null ? null : JSON.stringify(o.before),
      after: JSON.stringify(o.after),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  chainLater(trx, 'user_profile_logs', [row.id]);
}

/** Links an additional email to a user and logs it; run inside the service's transaction. */
export async function insertAdditionalEmail(trx: Executor, userId: number, email: string, createdBy: number) {
  const now = nowIso();
  await trx
    .insertInto('userAdditionalEmails')
    .values({ userId, email, isDeleted: 0, createdDate: now, createdBy })
    .execute();
  const row = await trx
    .insertInto('userAdditionalEmailLogs')
    .values({
      userId,
      operation: 'Added',
      oldEmail: null,
      newEmail: email,
      changedBy: createdBy,
      changedDate: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  chainLater(trx, 'user_additional_email_logs', [row.id]);
}

/** A profile's active additional emails, oldest first, with who added each. */
export function findAddedEmails(db: Db, userId: number) {
  return db.kysely
    .selectFrom('userAdditionalEmails as e')
    .leftJoin('users as a', 'a.userId', 'e.createdBy')
    .select([
      'e.id',
      'e.userId',
      'e.email',
      'e.createdDate',
      'e.createdBy',
      'a.name as adderName',
      'a.lastName as adderLastName',
      'a.email as adderEmail',
    ])
    .where('e.userId', '=', userId)
    .where('e.isDeleted', '=', 0)
    .orderBy('e.id')
    .execute();
}
export type AddedEmailRow = Awaited<ReturnType<typeof findAddedEmails>>[number];

/** One active additional email. */
export function getAddedEmail(trx: Executor, id: number) {
  return trx
    .selectFrom('userAdditionalEmails as e')
    .innerJoin('users as u', 'u.userId', 'e.userId')
    .select(['e.id', 'e.userId', 'e.email', 'u.roleId'])
    .where('e.id', '=', id)
    .where('e.isDeleted', '=', 0)
    .executeTakeFirst();
}

/** Deactivates an additional email (and logs it) while it is still active; false when it was not. */
export async function deactivateAddedEmail(
  trx: Executor,
  row: { id: number; userId: number; email: string },
  changedBy: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('userAdditionalEmails')
    .set({ isDeleted: 1 })
    .where('id', '=', row.id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    return false;
  }
  const log = await trx
    .insertInto('userAdditionalEmailLogs')
    .values({
      userId: row.userId,
      operation: 'Deactivated',
      oldEmail: row.email,
      newEmail: null,
      changedBy,
      changedDate: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  chainLater(trx, 'user_additional_email_logs', [log.id]);
  return true;
}
