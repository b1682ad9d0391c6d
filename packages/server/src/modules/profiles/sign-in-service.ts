import { messages, Role, type LoggedUser } from '@uap/domain';
import type { Actor } from '../../http/actor.ts';
import type { Db } from '../../db/connection.ts';
import type { Identity } from '../../auth/verify.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import {
  findAdditionalEmails,
  findDirectoryEntry,
  findProfileByEmail,
  insertProfileIfAbsent,
} from './sign-in-queries.ts';
import { toLoggedUser } from './present.ts';

/**
 * The route guard's first call: returns the caller's profile (the one bound to their identity,
 * which the auth hook found), creating it on first sign-in from the directory entry (or, for an
 * external issuer with no directory entry, from the token's claims) as a standard user.
 */
export async function validateNewUser(db: Db, identity: Identity, actor: Actor | null): Promise<LoggedUser> {
  let profile = await findProfileByEmail(db, actor ? { userId: actor.userId } : identity.email);
  if (!profile) {
    const entry = await findDirectoryEntry(db, identity.email);
    if (entry && entry.userType === 'Guest') {
      throw forbidden();
    }
    if (entry && (entry.active === 0 || entry.isDeleted === 1)) {
      // A leaver still holding a token gets no new profile either.
      throw unauthorized(messages.directoryAccountDisabled);
    }
    const [first = identity.email, ...rest] = (identity.name ?? '').split(' ').filter(Boolean);
    await insertProfileIfAbsent(db, {
      email: identity.email,
      name: entry?.givenName ?? first,
      lastName: entry?.surname ?? rest.join(' '),
      title: entry?.jobTitle ?? null,
      organization: entry?.companyName ?? null,
      department: entry?.department ?? null,
      officeNumber: entry?.businessPhone ?? null,
      employeeId: entry?.employeeId ?? null,
      locationCountry: entry?.officeLocation ?? null,
      isInternal: 1,
      userType: 'Member',
      roleId: Role.STANDARD,
      directoryId: entry?.directoryId ?? null,
      managerEmail: entry?.managerMail ?? null,
      managerName: entry?.managerDisplayName ?? null,
    });
    profile = await findProfileByEmail(db, identity.email);
    if (!profile) {
      // The profile exists but is deleted: a deleted user may not sign in.
      throw forbidden();
    }
  }
  return toLoggedUser(profile, await findAdditionalEmails(db, profile.userId));
}
