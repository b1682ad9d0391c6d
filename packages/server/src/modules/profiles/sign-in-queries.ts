import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../db/connection.ts';

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

export interface NewProfile {
  email: string;
  name: string;
  lastName: string;
  title: string | null;
  organization: string | null;
  department: string | null;
  officeNumber: string | null;
  employeeId: string | null;
  locationCountry: string | null;
  isInternal: number;
  userType: string;
  roleId: number;
  directoryId: string | null;
  managerEmail: string | null;
  managerName: string | null;
}

/** Inserts a profile unless one with the email exists (two first sign-ins at once make one). */
export async function insertProfileIfAbsent(db: Db, profile: NewProfile): Promise<void> {
  const now = nowIso();
  await db.kysely
    .insertInto('users')
    .values({
      ...profile,
      showApprover: 0,
      parentGuid: profile.directoryId,
      childGuid: null,
      mergedUserId: null,
      isChild: 0,
      isDeleted: 0,
      createdDate: now,
      createdBy: null,
      updatedDate: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}
