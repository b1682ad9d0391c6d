import { limits, messages, type SyncComparison, type SyncUserInput } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf } from '../../http/admin-scope.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import * as a from './admin-queries.ts';
import { assertProfileWriter, changeProfile } from './admin-service.ts';

/** GET api/User/SyncUserData/{userId} (ours): the Sync modal's two columns. */
export async function getSyncComparison(db: Db, actor: Actor, userId: number): Promise<SyncComparison> {
  adminScopeOf(actor, 'read');
  const profile = await a.getProfileForAdmin(db.kysely, userId);
  if (!profile || profile.isDeleted === 1) {
    throw notFound(messages.userNotFound);
  }
  const entry = profile.directoryId
    ? await a.getDirectoryEntryById(db.kysely, profile.directoryId)
    : undefined;
  if (!entry) {
    throw notFound(messages.profileNoDirectoryEntry);
  }
  return {
    userId,
    uap: {
      name: profile.name,
      lastName: profile.lastName,
      title: profile.title,
      organization: profile.organization,
      department: profile.department,
      locationCountry: profile.locationCountry,
    },
    azureADUserInfo: {
      givenName: entry.givenName,
      surName: entry.surname,
      jobTitle: entry.jobTitle,
      company: entry.companyName,
      department: entry.department,
      officeLocation: entry.officeLocation,
    },
  };
}

const cut = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

/** POST api/User/SyncUserData: the ticked fields take the directory entry's values. */
export async function syncUser(db: Db, actor: Actor, input: SyncUserInput): Promise<string> {
  assertProfileWriter(actor);
  const ticks = [
    input.isFirstName,
    input.isLastName,
    input.isTitle,
    input.isOrganization,
    input.isDepartment,
    input.isOfficeLocation,
  ];
  if (!ticks.some(Boolean)) {
    throw unprocessable(messages.syncTickAField);
  }
  await changeProfile(db, actor, input.userId, async (trx, profile) => {
    const entry = profile.directoryId ? await a.getDirectoryEntryById(trx, profile.directoryId) : undefined;
    if (!entry) {
      throw notFound(messages.profileNoDirectoryEntry);
    }
    const change: a.ProfileFieldsChange = {};
    if (input.isFirstName && entry.givenName) {
      change.name = cut(entry.givenName, limits.text) ?? profile.name;
    }
    if (input.isLastName && entry.surname) {
      change.lastName = cut(entry.surname, limits.text) ?? profile.lastName;
    }
    if (input.isTitle) {
      change.title = cut(entry.jobTitle, limits.text);
    }
    if (input.isOrganization) {
      change.organization = cut(entry.companyName, limits.text);
    }
    if (input.isDepartment) {
      change.department = cut(entry.department, limits.text);
    }
    if (input.isOfficeLocation) {
      change.locationCountry = cut(entry.officeLocation, limits.primaryEmail);
    }
    await a.setProfileFields(trx, profile.userId, change, actor.userId);
  });
  return messages.userDataSynced;
}
