import { z } from 'zod';
import { limits } from '../limits.ts';
import { searchTerm } from './text.ts';
import { additionalEmail } from './user.ts';

/** The user-details popup's paging (spec 3 §7 shows no parameters: these are ours, all optional). */
export const popupPaging = { defaultPageSize: 20, maxPageSize: 100, maxPage: 10_000 } as const;

const pagingQuery = {
  page: z.coerce.number().int().min(1).max(popupPaging.maxPage).default(1),
  pageSize: z.coerce.number().int().min(1).max(popupPaging.maxPageSize).default(popupPaging.defaultPageSize),
};

/**
 * GET api/User/GetAllUsersforpopup: `search` matches the beginning of the first name, last name,
 * 'first last', primary or additional email (case-insensitive), or the exact UAP Id.
 */
export const usersForPopupQuery = z.object({
  ...pagingQuery,
  search: searchTerm(z.string().trim().max(limits.primaryEmail)).default(''),
});
export type UsersForPopupQuery = z.infer<typeof usersForPopupQuery>;
export type UsersForPopupQueryInput = z.input<typeof usersForPopupQuery>;

/** One profile as the user-details popup shows it (spec 3 §3 user profile fields). */
export const popupUser = z.object({
  userId: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  isInternal: z.boolean(),
  /** 'Internal' or 'External'. */
  userType: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  title: z.string().nullable(),
  organization: z.string().nullable(),
  department: z.string().nullable(),
  locationCountry: z.string().nullable(),
  officeNumber: z.string().nullable(),
  employeeId: z.string().nullable(),
  parentGUID: z.string().nullable(),
  childGUID: z.string().nullable(),
  isChild: z.boolean(),
  mergedUserId: z.number().int().nullable(),
  isDeleted: z.boolean(),
  createdDate: z.string(),
  /**
   * The caller may change this person as a whole (edit, merge): a super administrator anyone; an
   * administrator a person below Administrator whose every row lies in her regions and markets;
   * the auditor nobody.
   */
  isInScope: z.boolean(),
});
export type PopupUser = z.infer<typeof popupUser>;

export const usersForPopupPage = z.object({
  users: z.array(popupUser),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type UsersForPopupPage = z.infer<typeof usersForPopupPage>;

/**
 * GET api/User/GetAllAdditionalEmails: the additional emails (spec 3 §3 userAditionalEmail),
 * optionally one profile's (`userId`) or those beginning with `search` (case-insensitive).
 */
export const additionalEmailsQuery = z.object({
  ...pagingQuery,
  userId: z.coerce.number().int().positive().optional(),
  search: searchTerm(z.string().trim().max(limits.primaryEmail)).default(''),
});
export type AdditionalEmailsQuery = z.infer<typeof additionalEmailsQuery>;

/** One additional email: the spec's {email, isDeleted, userId} and its id. */
export const additionalEmailRow = additionalEmail.extend({ id: z.number().int() });
export type AdditionalEmailRow = z.infer<typeof additionalEmailRow>;

export const additionalEmailsPage = z.object({
  emails: z.array(additionalEmailRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type AdditionalEmailsPage = z.infer<typeof additionalEmailsPage>;
