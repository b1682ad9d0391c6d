import { z } from 'zod';
import { messages } from '../messages.ts';
import { isValidEmail } from '../rules.ts';

/**
 * The CSV import of directory users (organisations without SCIM). The first line names the
 * columns (any order, any case); `mail` is required, the others optional. A column left out of
 * the file keeps the stored value; an empty cell clears it.
 */
export const directoryImportColumns = [
  'mail',
  'userPrincipalName',
  'displayName',
  'givenName',
  'surname',
  'jobTitle',
  'companyName',
  'department',
  'officeLocation',
  'country',
  'mobilePhone',
  'businessPhone',
  'employeeId',
  'userType',
  'active',
  'managerMail',
] as const;
export type DirectoryImportColumn = (typeof directoryImportColumns)[number];

/** Longest cell kept. */
export const DIRECTORY_CELL_MAX = 256;

const cell = (column: string) =>
  z
    .string()
    .trim()
    .max(DIRECTORY_CELL_MAX, { error: messages.directoryRowTooLong(column, DIRECTORY_CELL_MAX) })
    .transform((v) => (v === '' ? null : v));

const email = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isValidEmail, { error: messages.directoryRowInvalidEmail });

const activeValues: Record<string, boolean> = {
  yes: true,
  no: false,
  true: true,
  false: false,
  '1': true,
  '0': false,
};

export const directoryImportRow = z.object({
  mail: email,
  userPrincipalName: cell('userPrincipalName').optional(),
  displayName: cell('displayName').optional(),
  givenName: cell('givenName').optional(),
  surname: cell('surname').optional(),
  jobTitle: cell('jobTitle').optional(),
  companyName: cell('companyName').optional(),
  department: cell('department').optional(),
  officeLocation: cell('officeLocation').optional(),
  country: cell('country').optional(),
  mobilePhone: cell('mobilePhone').optional(),
  businessPhone: cell('businessPhone').optional(),
  employeeId: cell('employeeId').optional(),
  userType: z
    .string()
    .trim()
    .transform((v, c) => {
      const type = v === '' ? 'Member' : { member: 'Member', guest: 'Guest' }[v.toLowerCase()];
      if (!type) {
        c.addIssue({ code: 'custom', message: messages.directoryRowBadUserType(v) });
        return z.NEVER;
      }
      return type as 'Member' | 'Guest';
    })
    .optional(),
  active: z
    .string()
    .trim()
    .transform((v, c) => {
      const value = v === '' ? true : activeValues[v.toLowerCase()];
      if (value === undefined) {
        c.addIssue({ code: 'custom', message: messages.directoryRowBadActive(v) });
        return z.NEVER;
      }
      return value;
    })
    .optional(),
  managerMail: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || isValidEmail(v), { error: messages.directoryRowInvalidEmail })
    .transform((v) => (v === '' ? null : v))
    .optional(),
});
export type DirectoryImportRow = z.infer<typeof directoryImportRow>;

export const directoryImportOutcomes = ['created', 'updated', 'unchanged', 'refused'] as const;

export const directoryImportRowResult = z.object({
  /** The row's line in the file (the header is line 1). */
  row: z.number().int(),
  mail: z.string().nullable(),
  outcome: z.enum(directoryImportOutcomes),
  /** Why a row was refused, or which fields an update changed. */
  reason: z.string().nullable(),
});
export type DirectoryImportRowResult = z.infer<typeof directoryImportRowResult>;

export const directoryImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  rows: z.array(directoryImportRowResult),
});
export type DirectoryImportResult = z.infer<typeof directoryImportResult>;
