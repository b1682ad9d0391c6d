import {
  Role,
  messages,
  type DeactivateAdditionalEmailInput,
  type ProfileEditInput,
  type ProfileFilterOptions,
  type ProfileFilterQuery,
  type ProfileRow,
} from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../db/connection.ts';
import { FILTER_OPTIONS_LIMIT, assertTableQuery } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf, reachesPerson } from '../../http/admin-scope.ts';
import { unbindProfile } from '../../http/actor-queries.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import * as a from './admin-queries.ts';
import { deactivateAddedEmail, insertAdditionalEmail, insertProfile, insertProfileLog } from './queries.ts';
import { assertMayChangeEmailsOf } from './service.ts';
import * as t from './table-queries.ts';

/** Every profile field a log row compares (profileLogFields), as text. */
type Snapshot = Record<string, string | null>;

async function snapshotOf(trx: Executor, p: a.AdminProfile): Promise<Snapshot> {
  const emails = await a.activeSecondaryEmails(trx, p.userId);
  return {
    name: p.name,
    lastName: p.lastName,
    email: p.email,
    roleName: p.roleName,
    isInternal: p.isInternal === 1 ? 'true' : 'false',
    title: p.title,
    organization: p.organization,
    locationCountry: p.locationCountry,
    officeNumber: p.officeNumber,
    employeeId: p.employeeId,
    department: p.department,
    parentGuid: p.parentGuid,
    childGuid: p.childGuid,
    secondaryEmail: emails.join(', '),
    managerEmail: p.managerEmail,
    managerName: p.managerName,
    isDeleted: p.isDeleted === 1 ? 'true' : 'false',
  };
}

/**
 * Runs a change of a profile in one transaction with its log row: the profile before, the
 * change, the profile after; nothing is logged when nothing changed. Answers whether it changed.
 */
export async function changeProfile(
  db: Db,
  actor: Actor,
  userId: number,
  change: (trx: Executor, profile: a.AdminProfile) => Promise<void>,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const profile = await a.getProfileForAdmin(trx, userId);
    if (!profile || profile.isDeleted === 1) {
      throw notFound(messages.userNotFound);
    }
    const before = await snapshotOf(trx, profile);
    await change(trx, profile);
    const after = await snapshotOf(trx, (await a.getProfileForAdmin(trx, userId)) ?? profile);
    const isChanged = Object.keys(after).some((k) => after[k] !== before[k]);
    if (isChanged) {
      await insertProfileLog(trx, { userId, changedBy: actor.userId, before, after });
    }
    return isChanged;
  });
}

/** Administrators and super administrators change profiles; the auditor reads, others neither. */
export function assertProfileWriter(actor: Actor): void {
  adminScopeOf(actor, 'write');
}

/** An All User Profiles row (also the rows of the User Details List). */
export function presentProfile(row: t.ProfileDbRow): ProfileRow {
  const isChild = row.isChild === 1 && row.mergedUserId !== null;
  const hasMergedChildren = Number(row.hasMergedChildren) === 1;
  const isMerged = isChild || row.mergedUserId !== null || hasMergedChildren;
  return {
    userId: row.userId,
    uapId: isChild ? `${row.userId} (${row.mergedUserId})` : String(row.userId),
    adEnabled: row.adEnabled,
    name: row.name,
    lastName: row.lastName,
    createdDate: row.createdDate,
    userType: row.isInternal === 1 ? 'Internal' : 'External',
    isInternal: row.isInternal === 1,
    roleId: row.roleId,
    roleName: row.roleName,
    email: row.email,
    secondaryEmail: row.secondaryEmail ?? '',
    title: row.title,
    organization: row.organization,
    locationCountry: row.locationCountry,
    officeNumber: row.officeNumber,
    employeeId: row.employeeId,
    department: row.department,
    parentGUID: row.parentGuid,
    childGUID: row.childGuid,
    isChild,
    mergedUserId: row.mergedUserId,
    hasMergedChildren,
    isDeleted: row.isDeleted === 1,
    isSyncButtonEnabled: row.directoryEntryId !== null && row.isDeleted === 0,
    canDelete: row.roleId === Role.STANDARD && !isMerged && row.isDeleted === 0,
  };
}

/** PUT api/User/ProfileFilters: each filterable column's values (or the one asked for). */
export async function findProfileFilters(
  db: Db,
  actor: Actor,
  query: ProfileFilterQuery,
): Promise<ProfileFilterOptions> {
  adminScopeOf(actor, 'read');
  assertTableQuery(t.profileSpec, query, query.column);
  const columns = query.column === undefined ? t.profileFilterColumns : [query.column];
  const lists = await Promise.all(columns.map((c) => t.findProfileValues(db, query, c)));
  return {
    data: Object.fromEntries(columns.map((c, i) => [c, (lists[i] ?? []).slice(0, FILTER_OPTIONS_LIMIT)])),
    isTruncated: lists.some((l) => l.length > FILTER_OPTIONS_LIMIT),
  };
}

const orNull = (v: string) => (v === '' ? null : v);

/**
 * PUT api/User from the Edit User Profile modal (spec 3 §5 'Edit profile'): administrators only.
 * The new secondary email may be nobody's primary or secondary email; an internal user's new
 * primary email must be exactly one active directory member (the profile then follows it).
 */
export async function editProfile(db: Db, actor: Actor, input: ProfileEditInput) {
  if (actor.roleId === Role.AUDITOR) {
    adminScopeOf(actor, 'write');
  }
  if (actor.roleId !== Role.ADMIN && actor.roleId !== Role.SUPERADMIN) {
    throw forbidden(messages.profileEditAdminsOnly);
  }
  if (input.userId === 0) {
    return addProfile(db, actor, input);
  }
  const secondary = input.newlyCreatedSecondaryEmail;
  let roleId: number = Role.STANDARD;
  await changeProfile(db, actor, input.userId, async (trx, profile) => {
    roleId = profile.roleId;
    await assertMayEditProfile(trx, actor, profile);
    if (profile.isChild === 1) {
      throw unprocessable(messages.profileNotEditable);
    }
    let directoryId = profile.directoryId;
    if (input.Email !== profile.email) {
      if (actor.roleId === Role.SUPERADMIN) {
        // The spec's rule, kept for super administrators only: the profile follows the new
        // address, so the next sign-in with it is bound to the profile.
        await unbindProfile(trx, profile.userId);
      }
      if (await a.isPrimaryEmailOfOther(trx, input.Email, profile.userId)) {
        throw unprocessable(messages.primaryEmailTaken(input.Email));
      }
      if (profile.isInternal === 1) {
        directoryId = await directoryMemberOf(trx, input.Email);
      }
    }
    await assertSecondaryEmailFree(trx, secondary, input.Email);
    await a.setProfileFields(trx, profile.userId, { ...profileFieldsOf(input), directoryId }, actor.userId);
    if (secondary !== '') {
      await insertAdditionalEmail(trx, profile.userId, secondary, actor.userId);
    }
  });
  return { userId: input.userId, roleId, message: messages.userDataUpdated };
}

/**
 * Narrower than the spec for administrators: a super administrator edits any profile; an
 * administrator only the profile of someone below ADMIN whose rows all lie inside her region
 * and market, so a profile edit can neither move a privileged account to another address nor
 * reach people of other regions. Refusals are logged (the error handler logs every 403).
 */
async function assertMayEditProfile(trx: Executor, actor: Actor, profile: a.AdminProfile): Promise<void> {
  if (actor.roleId === Role.SUPERADMIN) {
    return;
  }
  if (profile.roleId >= Role.ADMIN) {
    throw forbidden(messages.profileEditSuperAdminOnly);
  }
  if (!(await reachesPerson(trx, actor, profile.userId))) {
    throw forbidden(messages.profileOutsideAdminScope);
  }
}

/** The form's profile fields, an empty optional field stored as null. */
function profileFieldsOf(input: ProfileEditInput) {
  return {
    name: input.Name,
    lastName: input.LastName,
    email: input.Email,
    title: orNull(input.Title),
    organization: orNull(input.Organization),
    department: orNull(input.Department),
    locationCountry: orNull(input.LocationCountry),
    officeNumber: orNull(input.OfficeNumber),
    employeeId: orNull(input.EmployeeId),
  };
}

/** The one active directory member with this mail (spec 3 §5), else the spec's refusal. */
async function directoryMemberOf(trx: Executor, email: string): Promise<string> {
  const entries = await a.findActiveDirectoryMembers(trx, email);
  if (entries.length !== 1 || !entries[0]) {
    throw unprocessable(messages.primaryEmailNotInDirectory);
  }
  return entries[0].directoryId;
}

/** A new secondary email may be nobody's primary or active secondary email, nor the primary one. */
async function assertSecondaryEmailFree(trx: Executor, secondary: string, primary: string) {
  if (secondary === '') {
    return;
  }
  const isTaken =
    secondary === primary ||
    (await a.isPrimaryEmailOfOther(trx, secondary, -1)) ||
    (await a.isActiveSecondaryEmail(trx, secondary));
  if (isTaken) {
    throw unprocessable(messages.duplicateSecondaryEmail(secondary));
  }
}

/**
 * The modal's Add mode (userId 0): a new Standard User profile. Its primary email may be nobody's
 * primary or secondary email; an internal profile is tied to the one active directory member
 * with that mail, and an external one may not use a directory member's mail. The profile, its
 * secondary email and the profile log row are written in one transaction.
 */
async function addProfile(db: Db, actor: Actor, input: ProfileEditInput) {
  const userId = await inTransaction(db, async (trx) => {
    if (await a.isPrimaryEmailOfOther(trx, input.Email, -1)) {
      throw unprocessable(messages.primaryEmailTaken(input.Email));
    }
    if (await a.isActiveSecondaryEmail(trx, input.Email)) {
      throw unprocessable(messages.duplicateSecondaryEmail(input.Email));
    }
    let directoryId: string | null = null;
    if (input.isInternal) {
      directoryId = await directoryMemberOf(trx, input.Email);
    } else if ((await a.findActiveDirectoryMembers(trx, input.Email)).length > 0) {
      throw unprocessable(messages.internalUseInternal);
    }
    await assertSecondaryEmailFree(trx, input.newlyCreatedSecondaryEmail, input.Email);
    const profile = {
      ...profileFieldsOf(input),
      isInternal: input.isInternal ? 1 : 0,
      userType: input.isInternal ? 'Member' : 'Guest',
      roleId: Role.STANDARD,
      directoryId,
      managerEmail: null,
      managerName: null,
    };
    const id = await insertProfile(trx, profile, actor.userId);
    await insertProfileLog(trx, { userId: id, changedBy: actor.userId, before: null, after: profile });
    if (input.newlyCreatedSecondaryEmail !== '') {
      await insertAdditionalEmail(trx, id, input.newlyCreatedSecondaryEmail, actor.userId);
    }
    return id;
  });
  return { userId, roleId: Role.STANDARD, message: messages.userSaved };
}

/** PUT api/User/DeactivateAdditionalEmail: one of the profile's secondary emails is deactivated. */
export async function deactivateSecondaryEmail(
  db: Db,
  actor: Actor,
  input: DeactivateAdditionalEmailInput,
): Promise<string> {
  assertProfileWriter(actor);
  await changeProfile(db, actor, input.userId, async (trx, profile) => {
    await assertMayChangeEmailsOf(trx, actor, profile, 'remove');
    const row = await a.findActiveSecondaryEmail(trx, profile.userId, input.email);
    if (!row) {
      throw unprocessable(messages.emailNotInList);
    }
    await deactivateAddedEmail(trx, row, actor.userId);
  });
  return messages.emailDeactivated;
}

/**
 * GET api/User/deleteUser/{userId}: a Standard User that is not merged is deleted softly (shown
 * as 'Deleted'; requests, records and logs stay).
 */
export async function deleteProfile(db: Db, actor: Actor, userId: number): Promise<string> {
  assertProfileWriter(actor);
  await changeProfile(db, actor, userId, async (trx, profile) => {
    await assertMayEditProfile(trx, actor, profile);
    const isMerged =
      profile.isChild === 1 || profile.mergedUserId !== null || (await a.hasMergedChildren(trx, userId));
    if (profile.roleId !== Role.STANDARD || isMerged) {
      throw unprocessable(messages.profileDeleteNotAllowed);
    }
    await a.setProfileFields(trx, userId, { isDeleted: 1 }, actor.userId);
  });
  return messages.profileDeleted;
}
