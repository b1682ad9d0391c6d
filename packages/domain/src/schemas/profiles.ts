import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { isDigitsOnly, isValidEmail, isValidPhone } from '../rules.ts';
import { listPage, tableQuery } from './table.ts';

/** 'AD Account Enabled' of an internal profile (spec 3 §2.4); '' for an external one. */
export const AdEnabled = { YES: 'Yes', NO: 'No', DELETED: 'Deleted' } as const;

/** One row of All User Profiles (spec 3 §2.4 columns, §3 user profile fields). */
export const profileRow = z.object({
  userId: z.number().int(),
  /** The UAP Id as shown: a merged child shows the id it was merged into in brackets. */
  uapId: z.string(),
  adEnabled: z.string(),
  name: z.string(),
  lastName: z.string(),
  createdDate: z.string(),
  /** 'Internal' or 'External'. */
  userType: z.string(),
  isInternal: z.boolean(),
  roleId: z.number().int(),
  roleName: z.string(),
  email: z.string(),
  /** The active secondary (additional) emails, joined with ', '. */
  secondaryEmail: z.string(),
  title: z.string().nullable(),
  organization: z.string().nullable(),
  locationCountry: z.string().nullable(),
  officeNumber: z.string().nullable(),
  employeeId: z.string().nullable(),
  department: z.string().nullable(),
  parentGUID: z.string().nullable(),
  childGUID: z.string().nullable(),
  isChild: z.boolean(),
  mergedUserId: z.number().int().nullable(),
  /** A merge parent: other profiles were merged into this one (its User Details List lists them). */
  hasMergedChildren: z.boolean(),
  isDeleted: z.boolean(),
  /** A directory entry exists for the profile (the Sync action is offered). */
  isSyncButtonEnabled: z.boolean(),
  /** Role 'Standard User', neither merged nor a merge parent, not deleted (the Delete action is offered). */
  canDelete: z.boolean(),
});
export type ProfileRow = z.infer<typeof profileRow>;

/** PUT api/User/GetAllUsers. */
export const profilePage = listPage('users', profileRow);
export type ProfilePage = z.infer<typeof profilePage>;

/** PUT api/User/ProfileFilters: the table body; `column` asks for that column's options only. */
export const profileFilterQuery = tableQuery.extend({ column: z.string().min(1).max(60).optional() });
export type ProfileFilterQuery = z.infer<typeof profileFilterQuery>;
export const profileFilterOptions = z.object({
  /** Per filterable column, its distinct values under the other filters. */
  data: z.record(z.string(), z.array(z.string())),
  isTruncated: z.boolean(),
});
export type ProfileFilterOptions = z.infer<typeof profileFilterOptions>;

const requiredText = (max: number) =>
  z
    .string({ error: messages.enterRequiredData })
    .trim()
    .min(1, { error: messages.enterRequiredData })
    .max(max, { error: messages.textTooLong(max) })
    .refine((v) => !isDigitsOnly(v), { error: messages.digitsOnly });
const optionalText = z
  .string()
  .trim()
  .max(limits.text, { error: messages.textTooLong(limits.text) })
  .refine((v) => v === '' || !isDigitsOnly(v), { error: messages.digitsOnly })
  .default('');

/**
 * PUT api/User from the Edit/Add User Profile modal (spec 3 §5 'Edit profile'): `isProfileEdit`
 * tells it from the wizard's body. Only administrators may send it (the server refuses others).
 * userId 0 adds a profile: internal (its primary email must be one active directory member's)
 * or external, as `isInternal` says; an existing profile keeps its user type.
 */
export const profileEditInput = z.object({
  isProfileEdit: z.literal(true),
  userId: z.number({ error: messages.enterRequiredData }).int().nonnegative(),
  isInternal: z.boolean().default(false),
  Name: requiredText(limits.text),
  LastName: requiredText(limits.text),
  Email: z
    .string({ error: messages.enterRequiredData })
    .trim()
    .toLowerCase()
    .min(1, { error: messages.enterRequiredData })
    .max(limits.primaryEmail, { error: messages.textTooLong(limits.primaryEmail) })
    .refine(isValidEmail, { error: messages.invalidPrimaryEmail }),
  Title: optionalText,
  Organization: optionalText,
  Department: optionalText,
  LocationCountry: optionalText,
  OfficeNumber: z
    .string({ error: messages.phoneHasLetters })
    .trim()
    .max(limits.text, { error: messages.textTooLong(limits.text) })
    // Spec 3 §5: an empty phone number fails the check too.
    .refine((v) => v !== '' && isValidPhone(v), { error: messages.phoneHasLetters }),
  EmployeeId: z
    .string()
    .trim()
    .max(limits.text, { error: messages.textTooLong(limits.text) })
    .default(''),
  /** A secondary email to add ('' or absent: none). */
  newlyCreatedSecondaryEmail: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || isValidEmail(v), { error: messages.invalidSecondaryEmail })
    .default(''),
});
export type ProfileEditInput = z.infer<typeof profileEditInput>;
export type ProfileEditFormInput = z.input<typeof profileEditInput>;

/** POST api/User/SyncUserData: the profile and a tick per field to take from the directory. */
export const syncUserInput = z.object({
  userId: z.number().int().positive(),
  isFirstName: z.boolean().default(false),
  isLastName: z.boolean().default(false),
  isTitle: z.boolean().default(false),
  isDepartment: z.boolean().default(false),
  isOrganization: z.boolean().default(false),
  isOfficeLocation: z.boolean().default(false),
});
export type SyncUserInput = z.infer<typeof syncUserInput>;

/** GET api/User/SyncUserData/{userId} (ours): the profile's values beside its directory entry. */
export const syncComparison = z.object({
  userId: z.number().int(),
  uap: z.object({
    name: z.string(),
    lastName: z.string(),
    title: z.string().nullable(),
    organization: z.string().nullable(),
    department: z.string().nullable(),
    locationCountry: z.string().nullable(),
  }),
  azureADUserInfo: z.object({
    givenName: z.string().nullable(),
    surName: z.string().nullable(),
    jobTitle: z.string().nullable(),
    company: z.string().nullable(),
    department: z.string().nullable(),
    officeLocation: z.string().nullable(),
  }),
});
export type SyncComparison = z.infer<typeof syncComparison>;

/** PUT api/User/DeactivateAdditionalEmail: the email record to deactivate. */
export const deactivateAdditionalEmailInput = z.object({
  userId: z.number().int().positive(),
  email: z
    .string({ error: messages.invalidEmailToDeactivate })
    .trim()
    .toLowerCase()
    .refine(isValidEmail, { error: messages.invalidEmailToDeactivate }),
});
export type DeactivateAdditionalEmailInput = z.infer<typeof deactivateAdditionalEmailInput>;

export const profileUserIdParams = z.object({ userId: z.coerce.number().int().positive() });

/** GET api/User/ParentGUIDLogs/{parentGuid}: a ParentGUID as the All User Profiles rows show it. */
export const parentGuidParams = z.object({
  parentGuid: z.string().trim().min(1, messages.parentGuidMissing).max(100, messages.parentGuidMissing),
});

/** One field's change in a profile log row. */
export const profileFieldChange = z.object({ field: z.string(), oldValue: z.string(), newValue: z.string() });

/** GET api/User/UserLogs/{userId}: one change of a profile, old/new per changed field. */
export const profileLogRow = z.object({
  serialNo: z.number().int(),
  userId: z.number().int(),
  changes: z.array(profileFieldChange),
  newLastUpdated: z.string(),
  lastModifiedByName: z.string(),
});
export type ProfileLogRow = z.infer<typeof profileLogRow>;

/** GET api/User/LogUserAditionalEmail/{userId}: one secondary email change. */
export const secondaryEmailLogRow = z.object({
  serialNo: z.number().int(),
  operation: z.string(),
  newEmail: z.string().nullable(),
  oldEmail: z.string().nullable(),
  newLastUpdated: z.string(),
  lastModifiedBy: z.string(),
});
export type SecondaryEmailLogRow = z.infer<typeof secondaryEmailLogRow>;

/** PUT api/User/UserLogs/{userId}: one page of a profile's log (newest first by default). */
export const profileLogPage = listPage('logs', profileLogRow);
export type ProfileLogPage = z.infer<typeof profileLogPage>;

/** PUT api/User/LogUserAditionalEmail/{userId}: one page of a profile's secondary email log. */
export const secondaryEmailLogPage = listPage('logs', secondaryEmailLogRow);
export type SecondaryEmailLogPage = z.infer<typeof secondaryEmailLogPage>;

/** The profile fields a log row compares, with the names the log shows. */
export const profileLogFields = [
  ['name', 'Name'],
  ['lastName', 'LastName'],
  ['email', 'Email'],
  ['roleName', 'RoleName'],
  ['isInternal', 'IsInternal'],
  ['title', 'Title'],
  ['organization', 'Organization'],
  ['locationCountry', 'LocationCountry'],
  ['officeNumber', 'OfficeNumber'],
  ['employeeId', 'EmployeeId'],
  ['department', 'Department'],
  ['parentGuid', 'ParentGUID'],
  ['childGuid', 'ChildGUID'],
  ['secondaryEmail', 'SecondaryEmail'],
  ['managerEmail', 'ManagerEmail'],
  ['managerName', 'ManagerName'],
  ['isDeleted', 'IsDeleted'],
] as const;
