import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../db/connection.ts';
import type { UsersTable } from '../../db/schema.ts';

const profileColumns = [
  'userId',
  'roleId',
  'email',
  'showApprover',
  'name',
  'lastName',
  'title',
  'organization',
  'department',
  'officeNumber',
  'locationCountry',
  'isInternal',
  'userType',
] as const;

/** A live profile by its primary email, or by its id (the caller's bound profile). */
export async function findProfileByEmail(db: Db, key: string | { userId: number }) {
  return db.kysely
    .selectFrom('users')
    .innerJoin('roles', 'roles.roleId', 'users.roleId')
    .select(profileColumns.map((c) => `users.${c}` as const))
    .select('roles.description as roleDescription')
    .$call((b) =>
      typeof key === 'string' ? b.where('users.email', '=', key) : b.where('users.userId', '=', key.userId),
    )
    .where('users.isDeleted', '=', 0)
    .executeTakeFirst();
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileByEmail>>>;

export async function findAdditionalEmails(db: Db, userId: number) {
  return db.kysely
    .selectFrom('userAdditionalEmails')
    .select(['email', 'isDeleted', 'userId'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
}

export async function findDirectoryEntry(db: Db, email: string) {
  return db.kysely
    .selectFrom('directoryUsers')
    .select([
      'directoryId',
      'mail',
      'givenName',
      'surname',
      'displayName',
      'jobTitle',
      'companyName',
      'department',
      'officeLocation',
      'businessPhone',
      'employeeId',
      'userType',
      'managerMail',
      'managerDisplayName',
      'active',
      'isDeleted',
    ])
    .where('mail', '=', email)
    .executeTakeFirst();
}

/** A new profile's own fields, as the users table types them. */
export type NewProfile = Pick<
  Selectable<UsersTable>,
  | 'email'
  | 'name'
  | 'lastName'
  | 'title'
  | 'organization'
  | 'department'
  | 'officeNumber'
  | 'employeeId'
  | 'locationCountry'
  | 'isInternal'
  | 'userType'
  | 'roleId'
  | 'directoryId'
  | 'managerEmail'
  | 'managerName'
>;

/** The users row of a new profile: its own ParentGUID, merged with nobody, created and last changed by `createdBy`. */
export function newProfileRow(profile: NewProfile, createdBy: number | null) {
  const now = nowIso();
  return {
    ...profile,
    showApprover: 0,
    parentGuid: profile.directoryId,
    childGuid: null,
    mergedUserId: null,
    isChild: 0,
    isDeleted: 0,
    createdDate: now,
    createdBy,
    updatedDate: now,
    updatedBy: createdBy,
  };
}

/** Inserts a profile unless one with the email exists (two first sign-ins at once make one). */
export async function insertProfileIfAbsent(db: Db, profile: NewProfile): Promise<void> {
  await db.kysely
    .insertInto('users')
    .values(newProfileRow(profile, null))
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}
