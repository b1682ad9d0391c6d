import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { isDigitsOnly, isValidEmail, isValidPhone } from '../rules.ts';
import { flagParam } from './common.ts';
import { searchTerm } from './text.ts';
import { additionalEmail } from './user.ts';

/** An email field: trimmed, lowercased, checked with the spec's format message (spec 1 §5). */
export const emailField = z
  .string({ error: messages.invalidEmail })
  .trim()
  .toLowerCase()
  .refine(isValidEmail, { error: messages.invalidEmail });

/** One of the six profile text fields: required, at most 50, not digits only (spec 1 §5). */
export const profileText = z
  .string({ error: messages.completeRequiredFields })
  .trim()
  .min(1, { error: messages.completeRequiredFields })
  .max(limits.text)
  .refine((v) => !isDigitsOnly(v), { error: messages.digitsOnly });

/** Phone number: optional here (required for me/internal, which the form adds), no letters. */
export const phoneField = z
  .string()
  .trim()
  .max(limits.text)
  .refine((v) => v === '' || isValidPhone(v), { error: messages.phoneHasLetters });

/** GET api/User/SearchInternal. */
export const searchInternalQuery = z.object({
  filterType: z.enum(['mail', 'displayname']),
  value: searchTerm(z.string().max(limits.primaryEmail)),
  onAzure: flagParam.optional().describe('Accepted for compatibility; the directory table is always read'),
});

/** GET api/User/SearchExternal and SearchExternalUser. */
export const searchExternalQuery = z.object({ filtervalue: emailField });

/** A search hit: a directory entry (internal) or a profile (external), with its profile id if any. */
export const userSearchItem = z.object({
  userId: z.number().int().nullable(),
  displayName: z.string(),
  mail: z.string().nullable(),
  name: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  organization: z.string().nullable(),
  department: z.string().nullable(),
  locationCountry: z.string().nullable(),
  officeNumber: z.string().nullable(),
  userType: z.string(),
  isInternal: z.boolean(),
  manager: z.object({ displayName: z.string(), mail: z.string() }).nullable(),
  userAditionalEmail: z.array(additionalEmail),
});
export type UserSearchItem = z.infer<typeof userSearchItem>;

/** The user-details form of the wizard: the six text fields and the phone. */
export const userDetailsFields = z.object({
  Name: profileText,
  LastName: profileText,
  Title: profileText,
  Organization: profileText,
  Department: profileText,
  LocationCountry: profileText,
  OfficeNumber: phoneField.default(''),
});
export type UserDetailsFields = z.infer<typeof userDetailsFields>;

/** POST api/User/Save: an external user (isInternal false). */
export const saveExternalUserInput = userDetailsFields.extend({ Email: emailField });
export type SaveExternalUserInput = z.infer<typeof saveExternalUserInput>;

/** The subject's manager as the wizard sends it (optional; an internal user's comes from the directory). */
export const managerFields = {
  ManagerEmail: z.string().trim().toLowerCase().max(limits.primaryEmail).nullish(),
  ManagerName: z
    .string()
    .trim()
    .max(limits.text * 2)
    .nullish(),
};

/** PUT api/User: the wizard's user record; userId 0 = an internal directory user with no profile yet. */
export const updateUserInput = userDetailsFields.extend({
  userId: z.number().int().min(0),
  Email: emailField,
  isInternal: z.boolean(),
  ...managerFields,
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** POST api/User/SaveAdditionalEmail. */
export const saveAdditionalEmailInput = z.object({
  Email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v.includes('@'), { error: messages.notAnEmail })
    .refine(isValidEmail, { error: messages.invalidEmail }),
  UserId: z.number().int().positive(),
});
export type SaveAdditionalEmailInput = z.infer<typeof saveAdditionalEmailInput>;

/** Who added an additional email to a profile (possibly someone else than its owner). */
export const emailAddedBy = z.object({ userId: z.number().int(), fullName: z.string(), email: z.string() });
export type EmailAddedBy = z.infer<typeof emailAddedBy>;

/** GET api/User/AdditionalEmails/{userId}: the profile's active additional emails. */
export const addedEmail = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  addedDate: z.string(),
  /** Null for emails whose author is unknown (migrated data). */
  addedBy: emailAddedBy.nullable(),
});
export type AddedEmail = z.infer<typeof addedEmail>;
export const additionalEmailsParams = z.object({ userId: z.coerce.number().int().positive() });
export const additionalEmailParams = z.object({ id: z.coerce.number().int().positive() });

export const savedUser = z.object({ userId: z.number().int(), roleId: z.number().int() });
