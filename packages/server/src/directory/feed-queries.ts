import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { directoryImportColumns } from '@uap/domain';
import { nowIso, type Executor } from '../db/connection.ts';
import type { DirectoryUsersTable } from '../db/schema.ts';

export type DirectoryRow = Selectable<DirectoryUsersTable>;

/**
 * The directory fields a feed (SCIM or the CSV import) writes, in the order a change names them:
 * the CSV import's columns, then what SCIM alone brings (the ids) and the manager as resolved.
 */
export const fieldNames = [
  ...directoryImportColumns.filter((column) => column !== 'managerMail'),
  'externalId',
  'managerDirectoryId',
  'managerMail',
  'managerDisplayName',
] as const satisfies readonly (keyof DirectoryRow)[];

/**
 * The fields as a feed gives them (mail and managerMail lowercased). Internal search, sign-in, the
 * profile's 'AD Account Enabled' and the leavers list all read these, so a write here is seen by
 * them at once.
 */
export type DirectoryFields = Omit<Pick<DirectoryRow, (typeof fieldNames)[number]>, 'userType' | 'active'> & {
  userType: 'Member' | 'Guest';
  active: boolean;
};

/** The feed's fields of a stored row. */
export function fieldsOf(row: DirectoryRow): DirectoryFields {
  return {
    mail: row.mail,
    userPrincipalName: row.userPrincipalName,
    displayName: row.displayName,
    givenName: row.givenName,
    surname: row.surname,
    jobTitle: row.jobTitle,
    companyName: row.companyName,
    department: row.department,
    officeLocation: row.officeLocation,
    country: row.country,
    mobilePhone: row.mobilePhone,
    businessPhone: row.businessPhone,
    employeeId: row.employeeId,
    userType: row.userType === 'Guest' ? 'Guest' : 'Member',
    active: Number(row.active) === 1,
    externalId: row.externalId,
    managerDirectoryId: row.managerDirectoryId,
    managerMail: row.managerMail,
    managerDisplayName: row.managerDisplayName,
  };
}

/** The fields whose values differ (what a write would change). */
export function changedFields(before: DirectoryFields, after: DirectoryFields): (keyof DirectoryFields)[] {
  return fieldNames.filter((name) => before[name] !== after[name]);
}

function columnsOf(fields: DirectoryFields) {
  return { ...fields, active: fields.active ? 1 : 0 };
}

export async function findDirectoryRow(q: Executor, directoryId: string): Promise<DirectoryRow | undefined> {
  return q.selectFrom('directoryUsers').selectAll().where('directoryId', '=', directoryId).executeTakeFirst();
}

export async function findDirectoryRowByMail(q: Executor, mail: string): Promise<DirectoryRow | undefined> {
  return q.selectFrom('directoryUsers').selectAll().where('mail', '=', mail.toLowerCase()).executeTakeFirst();
}

/** The live profiles a directory entry speaks for: linked by its directory id, or by its mail. */
export async function findProfilesOfEntry(q: Executor, directoryId: string | null, mail: string) {
  return q
    .selectFrom('users')
    .select(['userId', 'roleId'])
    .where('isDeleted', '=', 0)
    .where((eb) =>
      directoryId === null
        ? eb('email', '=', mail)
        : eb.or([eb('directoryId', '=', directoryId), eb('email', '=', mail)]),
    )
    .execute();
}

/**
 * Fills the manager's mail and name from their directory entry when the feed names the manager
 * by directory id (SCIM) or the manager's mail is known (CSV). An unknown manager id is kept:
 * the identity provider may send the manager after the report.
 */
export async function withManager(q: Executor, fields: DirectoryFields): Promise<DirectoryFields> {
  if (fields.managerDirectoryId) {
    const manager = await q
      .selectFrom('directoryUsers')
      .select(['directoryId', 'mail', 'displayName'])
      .where((eb) =>
        eb.or([
          eb('directoryId', '=', fields.managerDirectoryId),
          eb('externalId', '=', fields.managerDirectoryId),
        ]),
      )
      .executeTakeFirst();
    return manager
      ? {
          ...fields,
          managerDirectoryId: manager.directoryId,
          managerMail: manager.mail,
          managerDisplayName: manager.displayName,
        }
      : { ...fields, managerMail: null, managerDisplayName: null };
  }
  if (fields.managerMail) {
    const manager = await q
      .selectFrom('directoryUsers')
      .select(['directoryId', 'displayName'])
      .where('mail', '=', fields.managerMail)
      .executeTakeFirst();
    return manager
      ? { ...fields, managerDirectoryId: manager.directoryId, managerDisplayName: manager.displayName }
      : fields;
  }
  return { ...fields, managerMail: null, managerDisplayName: null };
}

/** Adds a directory entry; the directory id is a new GUID unless the feed brings one. */
export async function insertDirectoryUser(
  q: Executor,
  fields: DirectoryFields,
  directoryId: string = crypto.randomUUID(),
): Promise<DirectoryRow> {
  const now = nowIso();
  await q
    .insertInto('directoryUsers')
    .values({ directoryId, ...columnsOf(fields), isDeleted: 0, createdDate: now, updatedDate: now })
    .execute();
  return (await findDirectoryRow(q, directoryId))!;
}

/** Replaces an entry's fields (a deleted entry comes back: a rehire keeps its id). */
export async function updateDirectoryUser(
  q: Executor,
  directoryId: string,
  fields: DirectoryFields,
): Promise<DirectoryRow> {
  await q
    .updateTable('directoryUsers')
    .set({ ...columnsOf(fields), isDeleted: 0, updatedDate: nowIso() })
    .where('directoryId', '=', directoryId)
    .execute();
  return (await findDirectoryRow(q, directoryId))!;
}

/**
 * The identity provider deleted the person: the entry is disabled and marked deleted, never
 * removed, so their profile shows 'AD Account Enabled' Deleted and their active records appear
 * under Leavers User Records.
 */
export async function markDirectoryUserDeleted(q: Executor, directoryId: string): Promise<void> {
  await q
    .updateTable('directoryUsers')
    .set({ active: 0, isDeleted: 1, updatedDate: nowIso() })
    .where('directoryId', '=', directoryId)
    .execute();
}
