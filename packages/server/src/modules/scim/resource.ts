import { z } from 'zod';
import { messages, scimSchemas, type ScimUserInput } from '@uap/domain';
import type { DirectoryFields, DirectoryRow } from '../../directory/feed-queries.ts';

/** A SCIM error answer (RFC 7644 §3.12): the status, the scimType where one applies, the detail. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?:
      'invalidFilter' | 'uniqueness' | 'invalidPath' | 'invalidValue' | 'invalidSyntax' | 'noTarget',
  ) {
    super(detail);
  }
}

export function scimErrorBody(status: number, detail: string, scimType?: string) {
  return { schemas: [scimSchemas.error], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** Drops unassigned attributes: SCIM omits them rather than sending null. */
function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0),
    ),
  ) as Partial<T>;
}

/** A directory entry as a SCIM User resource (without `meta` when `location` is not given). */
export function toScim(row: DirectoryRow, location?: string): Record<string, unknown> {
  const enterprise = compact({
    employeeNumber: row.employeeId,
    department: row.department,
    organization: row.companyName,
    manager: row.managerDirectoryId
      ? compact({ value: row.managerDirectoryId, displayName: row.managerDisplayName })
      : null,
  });
  const address = compact({ type: 'work', formatted: row.officeLocation, country: row.country });
  return compact({
    schemas: [scimSchemas.user, scimSchemas.enterprise],
    id: row.directoryId,
    externalId: row.externalId,
    userName: row.userPrincipalName ?? row.mail ?? row.directoryId,
    name: compact({ givenName: row.givenName, familyName: row.surname, formatted: row.displayName }),
    displayName: row.displayName,
    title: row.jobTitle,
    userType: row.userType,
    active: Number(row.active) === 1,
    emails: row.mail ? [{ value: row.mail, type: 'work', primary: true }] : [],
    phoneNumbers: [
      ...(row.businessPhone ? [{ value: row.businessPhone, type: 'work' }] : []),
      ...(row.mobilePhone ? [{ value: row.mobilePhone, type: 'mobile' }] : []),
    ],
    addresses: Object.keys(address).length > 1 ? [address] : [],
    [scimSchemas.enterprise]: Object.keys(enterprise).length > 0 ? enterprise : null,
    meta: location
      ? {
          resourceType: 'User',
          created: row.createdDate,
          lastModified: row.updatedDate,
          location,
        }
      : null,
  });
}

type Valued = { value?: string | null; type?: string | null; primary?: boolean | null };

/** The primary entry of a multi-valued attribute, else the one of `type`, else the first. */
function pick<T extends Valued>(list: readonly T[] | null | undefined, type: string): T | undefined {
  const entries = (list ?? []).filter((e) => e.value);
  return (
    entries.find((e) => e.primary === true) ??
    entries.find((e) => e.type?.toLowerCase() === type) ??
    entries[0]
  );
}

function ofType<T extends { type?: string | null }>(list: readonly T[] | null | undefined, type: string) {
  return (list ?? []).find((e) => e.type?.toLowerCase() === type);
}

const email = z.email();
const orNull = (value: string | null | undefined) => (value ? value : null);

/**
 * The directory fields a SCIM User carries. `active` left out keeps `currentActive` (Okta's PUT
 * may omit it; a missing flag must not disable anyone). The manager is named by id only.
 */
export function fromScim(user: ScimUserInput, currentActive = true): DirectoryFields {
  const primaryEmail =
    pick(user.emails, 'work')?.value ?? (user.userName.includes('@') ? user.userName : null);
  const mail = primaryEmail ? primaryEmail.toLowerCase() : null;
  if (mail && !email.safeParse(mail).success) {
    throw new ScimError(400, messages.scimInvalidEmail(mail), 'invalidValue');
  }
  const givenName = orNull(user.name?.givenName);
  const surname = orNull(user.name?.familyName);
  const joinedName = [givenName, surname].filter(Boolean).join(' ');
  const enterprise = user[scimSchemas.enterprise];
  const workAddress = ofType(user.addresses, 'work') ?? user.addresses?.[0];
  return {
    mail,
    userPrincipalName: user.userName,
    displayName: user.displayName || user.name?.formatted || joinedName || user.userName,
    givenName,
    surname,
    jobTitle: orNull(user.title),
    companyName: orNull(enterprise?.organization),
    department: orNull(enterprise?.department),
    officeLocation: orNull(workAddress?.formatted),
    country: orNull(workAddress?.country),
    mobilePhone: orNull(ofType(user.phoneNumbers, 'mobile')?.value),
    businessPhone: orNull(ofType(user.phoneNumbers, 'work')?.value),
    employeeId: orNull(enterprise?.employeeNumber),
    userType: user.userType?.toLowerCase() === 'guest' ? 'Guest' : 'Member',
    active: user.active ?? currentActive,
    externalId: orNull(user.externalId),
    managerDirectoryId: enterprise?.manager ?? null,
    managerMail: null,
    managerDisplayName: null,
  };
}
