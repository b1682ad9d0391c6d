import type { Executor } from '../../db/connection.ts';
import { nowIso } from '../../db/connection.ts';

/** A profile's fields as the administration screens show them, from `users as u` joined to `roles as r`. */
export const profileColumns = [
  'u.userId',
  'u.name',
  'u.lastName',
  'u.email',
  'u.title',
  'u.organization',
  'u.department',
  'u.officeNumber',
  'u.employeeId',
  'u.locationCountry',
  'u.isInternal',
  'u.roleId',
  'r.description as roleName',
  'u.parentGuid',
  'u.childGuid',
  'u.isChild',
  'u.mergedUserId',
] as const;

/** One profile as the administration screens change it (deleted ones included). */
export function getProfileForAdmin(trx: Executor, userId: number) {
  return trx
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.roleId', 'u.roleId')
    .select([...profileColumns, 'u.managerEmail', 'u.managerName', 'u.isDeleted', 'u.directoryId'])
    .where('u.userId', '=', userId)
    .executeTakeFirst();
}
export type AdminProfile = NonNullable<Awaited<ReturnType<typeof getProfileForAdmin>>>;

/** The active secondary emails of a profile, oldest first. */
export async function activeSecondaryEmails(trx: Executor, userId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('userAdditionalEmails')
    .select('email')
    .where('userId', '=', userId)
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.email);
}

/** The active additional email row of a profile with this address, if any. */
export function findActiveSecondaryEmail(trx: Executor, userId: number, email: string) {
  return trx
    .selectFrom('userAdditionalEmails')
    .select(['id', 'userId', 'email'])
    .where('userId', '=', userId)
    .where('email', '=', email)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

/** Whether another profile has this primary email (deleted ones included: the address is unique). */
export async function isPrimaryEmailOfOther(trx: Executor, email: string, userId: number) {
  const row = await trx
    .selectFrom('users')
    .select('userId')
    .where('email', '=', email)
    .where('userId', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when the email is someone's active secondary (additional) email. */
export async function isActiveSecondaryEmail(trx: Executor, email: string) {
  const row = await trx
    .selectFrom('userAdditionalEmails')
    .select('id')
    .where('email', '=', email)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** The active, not deleted directory members with this mail (the edit rule wants exactly one). */
export function findActiveDirectoryMembers(trx: Executor, mail: string) {
  return trx
    .selectFrom('directoryUsers')
    .select('directoryId')
    .where('mail', '=', mail)
    .where('userType', '=', 'Member')
    .where('active', '=', 1)
    .where('isDeleted', '=', 0)
    .execute();
}

/** The directory entry a profile refers to. */
export function getDirectoryEntryById(trx: Executor, directoryId: string) {
  return trx
    .selectFrom('directoryUsers')
    .select([
      'directoryId',
      'givenName',
      'surname',
      'jobTitle',
      'companyName',
      'department',
      'officeLocation',
    ])
    .where('directoryId', '=', directoryId)
    .executeTakeFirst();
}

export interface ProfileFieldsChange {
  name?: string;
  lastName?: string;
  email?: string;
  title?: string | null;
  organization?: string | null;
  department?: string | null;
  officeNumber?: string | null;
  employeeId?: string | null;
  locationCountry?: string | null;
  directoryId?: string | null;
  isDeleted?: number;
}

export async function setProfileFields(
  trx: Executor,
  userId: number,
  change: ProfileFieldsChange,
  changedBy: number,
) {
  await trx
    .updateTable('users')
    .set({ ...change, updatedDate: nowIso(), updatedBy: changedBy })
    .where('userId', '=', userId)
    .execute();
}

/** Whether any profile is merged into this one. */
export async function hasMergedChildren(trx: Executor, userId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('userId')
    .where('mergedUserId', '=', userId)
    .where('isChild', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}
