import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { RequestStatus } from './requests.ts';
import { Role, type RoleId } from './roles.ts';

// A practical address pattern: one @, no spaces, no , < > characters, a dotted domain.
const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Email check of spec 1 §5: the value is lowercased first, as the original does. */
export function isValidEmail(value: string): boolean {
  const email = value.toLowerCase();
  if (email.length > limits.primaryEmail || email.includes('..')) {
    return false;
  }
  return EMAIL_PATTERN.test(email);
}

/** Search input with @ is searched as mail, otherwise as display name (spec 1 §5). */
export function searchFilterType(value: string): 'mail' | 'displayname' {
  return value.includes('@') ? 'mail' : 'displayname';
}

/** A search value of a single space (or only spaces) is ignored. */
export function isIgnorableSearch(value: string): boolean {
  return value.trim().length === 0;
}

/**
 * Comment rule: not empty, at least 4 non-space characters and at least 4 letters, at most
 * 500 characters.
 */
export function isValidComment(value: string | null | undefined): boolean {
  if (!value || value.length > limits.comment) {
    return false;
  }
  const nonSpace = value.replace(/\s/g, '').length;
  const letters = (value.match(/\p{L}/gu) ?? []).length;
  return nonSpace >= limits.commentMinNonSpace && letters >= limits.commentMinLetters;
}

/** True when the text is made of digits only (the six profile text fields refuse that). */
export function isDigitsOnly(value: string): boolean {
  return /^\s*\d+\s*$/.test(value);
}

/** Phone numbers may not contain letters; an empty value counts as failed (spec 3 §5). */
export function isValidPhone(value: string | null | undefined): boolean {
  if (!value || value.trim() === '') {
    return false;
  }
  return !/\p{L}/u.test(value);
}

/** Cut text at a limit with an ellipsis, as tables and tooltips do. */
export function truncate(value: string | null | undefined, max: number): string {
  if (!value) {
    return '';
  }
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** A person's full name as every screen shows it: first and last name, either may be missing. */
export function fullName(name: string | null | undefined, lastName: string | null | undefined): string {
  return `${name ?? ''} ${lastName ?? ''}`.trim();
}

/** Why a request line cannot be cancelled by the caller: not theirs, or no longer Submitted. */
export type CancelRefusal = 'notOwn' | 'notSubmitted';

/**
 * The cancel rule of spec 1 §4, for the server's check and the web's greyed rows alike: only a
 * Submitted line, and only one the caller created — a super admin any. Null when it may be cancelled.
 */
export function cancelRefusal(
  line: { statusId: number; isCreatedByCaller: boolean },
  callerRoleId: RoleId,
): CancelRefusal | null {
  if (!line.isCreatedByCaller && callerRoleId !== Role.SUPERADMIN) {
    return 'notOwn';
  }
  return line.statusId === RequestStatus.SUBMITTED ? null : 'notSubmitted';
}

/** Why the caller cannot cancel a request line (the greyed checkbox's reason), or null when they can. */
export function whyNotCancellable(
  line: { statusId: number; status: string; createdByEmail: string },
  caller: { email: string; roleId: RoleId },
): string | null {
  const isCreatedByCaller = line.createdByEmail.toLowerCase() === caller.email.toLowerCase();
  switch (cancelRefusal({ statusId: line.statusId, isCreatedByCaller }, caller.roleId)) {
    case 'notOwn':
      return messages.cancelOnlyOwn;
    case 'notSubmitted':
      return messages.cancelOnlySubmittedRow(line.status);
    case null:
      return null;
  }
}
