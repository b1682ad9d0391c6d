import {
  fullName,
  hasNul,
  Role,
  messages,
  type AddedEmail,
  type SaveAdditionalEmailInput,
  type SaveExternalUserInput,
  type UpdateUserInput,
  type UserSearchItem,
} from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { reachesPerson } from '../../http/admin-scope.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import * as q from './queries.ts';

/** Search answers at most this many users (spec: a modal of names to pick from). */
export const SEARCH_LIMIT = 50;

async function additionalEmailsByUser(db: Db, userIds: number[]) {
  const rows = await q.findAdditionalEmailsOf(db, userIds);
  return (userId: number | null) =>
    rows
      .filter((r) => r.userId === userId)
      .map((r) => ({ email: r.email, isDeleted: r.isDeleted === 1, userId: r.userId }));
}

/**
 * Internal search over the corporate directory (active entries). A mail search matches the
 * exact address or its beginning, a name search any part of the display name. A guest found
 * where a member was expected is refused with the spec's message; nothing found is a 404.
 */
export async function searchInternal(
  db: Db,
  o: { filterType: 'mail' | 'displayname'; value: string },
): Promise<UserSearchItem[]> {
  const value = o.value.trim().toLowerCase();
  // No directory entry holds U+0000 (and PostgreSQL cannot bind it): nothing found.
  if (value === '' || hasNul(value)) {
    throw notFound(messages.noUserFound);
  }
  const find = (userType: 'Member' | 'Guest', limit: number) =>
    q.findDirectoryUsers(db, { filterType: o.filterType, value, userType, limit });
  // A member whose profile was turned external is not offered as internal.
  const members = (await find('Member', SEARCH_LIMIT)).filter((h) => h.isInternal !== 0);
  if (members.length === 0) {
    const isGuest =
      (await find('Guest', 1)).length > 0 ||
      (o.filterType === 'mail' &&
        (await q.findProfilesByAnyEmail(db, value)).some((p) => p.isInternal === 0));
    if (isGuest) {
      throw unprocessable(messages.guestUseExternal);
    }
    throw notFound(messages.noUserFound);
  }
  const emailsOf = await additionalEmailsByUser(
    db,
    members.flatMap((m) => (m.userId === null ? [] : [m.userId])),
  );
  return members.map((m) => ({
    userId: m.userId,
    displayName: m.displayName,
    mail: m.mail,
    name: m.givenName ?? m.displayName.split(' ')[0] ?? '',
    lastName: m.surname ?? m.displayName.split(' ').slice(1).join(' '),
    title: m.jobTitle,
    organization: m.companyName,
    department: m.department,
    locationCountry: m.officeLocation,
    officeNumber: m.businessPhone,
    userType: m.userType,
    isInternal: true,
    manager:
      m.managerMail && m.managerDisplayName
        ? { displayName: m.managerDisplayName, mail: m.managerMail }
        : null,
    userAditionalEmail: emailsOf(m.userId),
  }));
}

/**
 * External search by email: external profiles whose primary or additional email it is, or a
 * directory guest with no profile yet. An internal user is refused with the spec's message.
 */
export async function searchExternal(db: Db, email: string): Promise<UserSearchItem[]> {
  const [profiles, entry] = await Promise.all([
    q.findProfilesByAnyEmail(db, email),
    q.getDirectoryEntry(db, email),
  ]);
  const isInternalHit =
    profiles.some((p) => p.isInternal === 1) || (entry !== undefined && entry.userType !== 'Guest');
  if (isInternalHit) {
    throw unprocessable(messages.internalUseInternal);
  }
  const emailsOf = await additionalEmailsByUser(
    db,
    profiles.map((p) => p.userId),
  );
  const items: UserSearchItem[] = profiles.map((p) => ({
    userId: p.userId,
    displayName: fullName(p.name, p.lastName),
    mail: p.email,
    name: p.name,
    lastName: p.lastName,
    title: p.title,
    organization: p.organization,
    department: p.department,
    locationCountry: p.locationCountry,
    officeNumber: p.officeNumber,
    userType: p.userType,
    isInternal: false,
    manager: null,
    userAditionalEmail: emailsOf(p.userId),
  }));
  if (items.length === 0 && entry && entry.active === 1) {
    items.push({
      userId: null,
      displayName: entry.displayName,
      mail: entry.mail,
      name: entry.givenName ?? '',
      lastName: entry.surname ?? '',
      title: entry.jobTitle,
      organization: entry.companyName,
      department: entry.department,
      locationCountry: entry.officeLocation,
      officeNumber: entry.businessPhone,
      userType: entry.userType,
      isInternal: false,
      manager: null,
      userAditionalEmail: [],
    });
  }
  if (items.length === 0) {
    throw notFound(messages.noUserFound);
  }
  return items;
}

/** POST api/User/Save: creates an external user's profile (isInternal false). */
export async function saveExternalUser(db: Db, actor: Actor, input: SaveExternalUserInput) {
  const entry = await q.getDirectoryEntry(db, input.Email);
  const profiles = await q.findProfilesByAnyEmail(db, input.Email);
  if (profiles.some((p) => p.isInternal === 1) || (entry && entry.userType !== 'Guest')) {
    throw unprocessable(messages.internalUseInternal);
  }
  const existing = profiles.find((p) => p.email === input.Email);
  if (existing) {
    // Someone saved this user first: answer its id; a requestor does not rewrite another profile.
    return { userId: existing.userId, roleId: existing.roleId, message: messages.userAlreadyExists };
  }
  if (profiles.length > 0) {
    throw unprocessable(messages.duplicateSecondaryEmail(input.Email));
  }
  const profile = {
    email: input.Email,
    name: input.Name,
    lastName: input.LastName,
    title: input.Title,
    organization: input.Organization,
    department: input.Department,
    officeNumber: input.OfficeNumber === '' ? null : input.OfficeNumber,
    employeeId: null,
    locationCountry: input.LocationCountry,
    isInternal: 0,
    userType: 'Guest',
    roleId: Role.STANDARD,
    directoryId: entry?.directoryId ?? null,
    managerEmail: null,
    managerName: null,
  };
  const userId = await inTransaction(db, async (trx) => {
    const id = await q.insertProfile(trx, profile, actor.userId);
    await q.insertProfileLog(trx, { userId: id, changedBy: actor.userId, before: null, after: profile });
    return id;
  });
  return { userId, roleId: Role.STANDARD, message: messages.userSaved };
}

/**
 * PUT api/User. The caller's own profile takes the form's values. An internal directory user
 * with no profile yet (userId 0) gets one made from the directory. Anyone else's profile is
 * left as it is: a requestor may not rewrite a colleague's profile, so only the manager data
 * travels on the request itself.
 */
export async function updateUser(db: Db, actor: Actor, input: UpdateUserInput) {
  if (input.userId === 0) {
    const [existing] = (await q.findProfilesByAnyEmail(db, input.Email)).filter(
      (p) => p.email === input.Email,
    );
    if (existing) {
      return { userId: existing.userId, roleId: existing.roleId, message: messages.userUpdated };
    }
    const entry = await q.getDirectoryEntry(db, input.Email);
    if (!entry || entry.active !== 1) {
      throw notFound(messages.noUserFound);
    }
    if (entry.userType === 'Guest') {
      throw unprocessable(messages.guestUseExternal);
    }
    const profile = {
      email: input.Email,
      name: entry.givenName ?? input.Name,
      lastName: entry.surname ?? input.LastName,
      title: entry.jobTitle,
      organization: entry.companyName,
      department: entry.department,
      officeNumber: entry.businessPhone,
      employeeId: entry.employeeId,
      locationCountry: entry.officeLocation,
      isInternal: 1,
      userType: 'Member',
      roleId: Role.STANDARD,
      directoryId: entry.directoryId,
      managerEmail: entry.managerMail,
      managerName: entry.managerDisplayName,
    };
    const userId = await inTransaction(db, async (trx) => {
      const id = await q.insertProfile(trx, profile, actor.userId);
      await q.insertProfileLog(trx, { userId: id, changedBy: actor.userId, before: null, after: profile });
      return id;
    });
    return { userId, roleId: Role.STANDARD, message: messages.userSaved };
  }
  const current = await q.getProfile(db, input.userId);
  if (!current) {
    throw notFound(messages.userNotFound);
  }
  if (current.userId !== actor.userId) {
    return { userId: current.userId, roleId: current.roleId, message: messages.userUpdated };
  }
  const before = {
    name: current.name,
    lastName: current.lastName,
    title: current.title,
    organization: current.organization,
    department: current.department,
    locationCountry: current.locationCountry,
    officeNumber: current.officeNumber,
    managerEmail: current.managerEmail,
    managerName: current.managerName,
  };
  const after = {
    name: input.Name,
    lastName: input.LastName,
    title: input.Title,
    organization: input.Organization,
    department: input.Department,
    locationCountry: input.LocationCountry,
    officeNumber: input.OfficeNumber === '' ? null : input.OfficeNumber,
    managerEmail: input.ManagerEmail ?? current.managerEmail,
    managerName: input.ManagerName ?? current.managerName,
  };
  await inTransaction(db, async (trx) => {
    await q.updateProfile(trx, current.userId, after, actor.userId);
    await q.insertProfileLog(trx, { userId: current.userId, changedBy: actor.userId, before, after });
  });
  return { userId: current.userId, roleId: current.roleId, message: messages.userUpdated };
}

/**
 * Who may change a profile's additional emails (narrower than the spec, issue 43): its owner and
 * the super admin; nobody else on a profile of ADMIN or above (an email there is a way into a
 * privileged account: requests with that address, Profile Matcher merges). Below ADMIN, adding
 * is the wizard's 'Add new email' for the subject of the request being made, which any requestor
 * may do (the request still goes through its approvers); removing needs an admin whose scope
 * holds every row of the person (reachesPerson).
 */
export async function assertMayChangeEmailsOf(
  q: Executor,
  actor: Actor,
  subject: { userId: number; roleId: number },
  change: 'add' | 'remove',
): Promise<void> {
  if (actor.userId === subject.userId || actor.roleId === Role.SUPERADMIN) {
    return;
  }
  if (subject.roleId >= Role.ADMIN) {
    throw forbidden(messages.additionalEmailPrivileged);
  }
  if (change === 'remove' && !(await reachesPerson(q, actor, subject.userId))) {
    throw forbidden(messages.additionalEmailOutsideScope);
  }
}

/**
 * POST api/User/SaveAdditionalEmail: links a platform email to the request's subject (who may:
 * assertMayChangeEmailsOf). An email that is already anyone's primary or additional email is
 * refused with the spec's message.
 */
export async function saveAdditionalEmail(db: Db, actor: Actor, input: SaveAdditionalEmailInput) {
  const user = await q.getProfile(db, input.UserId);
  if (!user) {
    throw notFound(messages.userNotFound);
  }
  await assertMayChangeEmailsOf(db.kysely, actor, user, 'add');
  if (await q.isEmailTaken(db, input.Email)) {
    throw unprocessable(messages.duplicateSecondaryEmail(input.Email));
  }
  await inTransaction(db, (trx) => q.insertAdditionalEmail(trx, user.userId, input.Email, actor.userId));
  return messages.emailLinked;
}

/** The profile's owner, or an administrator (ADMIN and above, auditors only read), may see and remove its emails. */
function canManageEmailsOf(actor: Actor, userId: number): boolean {
  return actor.userId === userId || actor.roleId >= Role.ADMIN;
}

export function presentAddedEmail(row: q.AddedEmailRow): AddedEmail {
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    addedDate: row.createdDate,
    addedBy:
      row.createdBy !== null && row.adderName !== null
        ? {
            userId: row.createdBy,
            fullName: `${row.adderName} ${row.adderLastName ?? ''}`.trim(),
            email: row.adderEmail ?? '',
          }
        : null,
  };
}

/**
 * GET api/User/AdditionalEmails/{userId}: the active additional emails of a profile and who
 * added each. Someone else's profile answers 404 unless the caller is an administrator.
 */
export async function findAddedEmails(db: Db, actor: Actor, userId: number): Promise<AddedEmail[]> {
  if (!canManageEmailsOf(actor, userId)) {
    throw notFound();
  }
  return (await q.findAddedEmails(db, userId)).map(presentAddedEmail);
}

/**
 * DELETE api/User/AdditionalEmail/{id}: the owner of the profile or an administrator removes
 * (deactivates, logged) an additional email; anyone else, or an unknown id, gets 404. An admin
 * who may not change this person's emails (assertMayChangeEmailsOf) gets 403.
 */
export async function removeAddedEmail(db: Db, actor: Actor, id: number): Promise<string> {
  const removed = await inTransaction(db, async (trx) => {
    const row = await q.getAddedEmail(trx, id);
    if (!row || !canManageEmailsOf(actor, row.userId)) {
      return false;
    }
    await assertMayChangeEmailsOf(trx, actor, { userId: row.userId, roleId: row.roleId }, 'remove');
    return q.deactivateAddedEmail(trx, row, actor.userId);
  });
  if (!removed) {
    throw notFound();
  }
  return messages.additionalEmailRemoved;
}

/** The id of the active profile with this email, or null. */
export function getUserIdByEmail(db: Db, email: string): Promise<number | null> {
  return q.findUserIdByEmail(db, email);
}
