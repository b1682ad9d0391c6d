import { z } from 'zod';
import { limits } from '../limits.ts';
import { tablePage, tableQuery } from './table.ts';

/** The subject of a records query: a user id or one of the user's emails (none: the caller). */
const subject = {
  userId: z.number().int().positive().optional(),
  email: z.string().trim().toLowerCase().max(limits.primaryEmail).optional(),
};

/** PUT api/Request/UserRecords (and its Export): the table body plus the subject user. */
export const userRecordsQuery = tableQuery.extend(subject);
export type UserRecordsQuery = z.infer<typeof userRecordsQuery>;
export type UserRecordsQueryInput = z.input<typeof userRecordsQuery>;

/** The tables whose distinct column values PUT api/Catalogs/Filters/ serves. */
export const filterSources = ['UserRecords', 'MyRequests'] as const;
export type FilterSource = (typeof filterSources)[number];

/** PUT api/Catalogs/Filters/: the table body, the table it belongs to and the column. */
export const filterOptionsQuery = tableQuery.extend({
  ...subject,
  source: z.enum(filterSources),
  column: z.string().min(1).max(60),
});
export type FilterOptionsQuery = z.infer<typeof filterOptionsQuery>;
export type FilterOptionsQueryInput = z.input<typeof filterOptionsQuery>;

/** Distinct values of one column, sorted; `isTruncated` when the cap cut the list. */
export const filterOptions = z.object({ values: z.array(z.string()), isTruncated: z.boolean() });
export type FilterOptions = z.infer<typeof filterOptions>;

const person = z.object({ fullName: z.string(), email: z.string() });

/** The fields both request tables share (spec 1 §3 "Request list item"). */
const requestListItem = z.object({
  requestId: z.number().int(),
  statusId: z.number().int(),
  status: z.object({ description: z.string() }),
  requestTypeId: z.number().int(),
  requestTypeName: z.string(),
  expirationDate: z.string().nullable(),
  beginningDate: z.string().nullable(),
  /** 'Unlimited', one date, or 'start - end' (MM-DD-YYYY). */
  accessDate: z.string(),
  /** true when the access has dates (not unlimited). */
  isAccessDate: z.boolean(),
  isUnlimited: z.boolean(),
  requestUser: person,
  /** The platform email of the line. */
  email: z.string(),
  regionName: z.string(),
  marketName: z.string(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  practiceName: z.string(),
  platformId: z.number().int(),
  platformName: z.string(),
  clientName: z.string(),
  clientCodeName: z.string(),
  /** The asset type. */
  assetName: z.string(),
  /** The asset (client account) name. */
  clientAccountName: z.string(),
  platformUserTypeId: z.number().int().nullable(),
  platformUserTypeName: z.string(),
  createdDate: z.string(),
});

/** One row of the User Access Overview / Modify an Existing Access (an Add line or a record). */
export const userRecordRow = requestListItem.extend({
  /** The subject user's id (the merged-profile check before deactivating uses the selected rows'). */
  userId: z.number().int(),
  /**
   * An agency-level access (an asset type that is a system record) with no client account:
   * activating it warns that the client assets need their own records (spec 2 §5).
   */
  isAgencyAccessWithoutAssets: z.boolean(),
  /** Record status: Active, Inactive or Expired. */
  statusDescription: z.string(),
  recordId: z.number().int(),
  isDeleted: z.boolean(),
  hasPendingChange: z.boolean(),
  pendingChangeRequestId: z.number().int().nullable(),
});
export type UserRecordRow = z.infer<typeof userRecordRow>;
export const userRecordsPage = tablePage(userRecordRow);
export type UserRecordsPage = z.infer<typeof userRecordsPage>;

/** One row of My Requests: every type and status the caller created or is the subject of. */
export const myRequestRow = requestListItem.extend({
  recordId: z.number().int().nullable(),
  submissionId: z.string(),
  /** The requestor comment. */
  comments: z.string(),
  /** A Rejected line: the comment of the approver or provisioner who rejected it; otherwise ''. */
  decisionComment: z.string(),
  /** The platform email when it is not the subject's primary email. */
  secondaryEmail: z.string(),
  isUrgent: z.boolean(),
  createdBy: person,
});
export type MyRequestRow = z.infer<typeof myRequestRow>;
export const myRequestsPage = tablePage(myRequestRow);
export type MyRequestsPage = z.infer<typeof myRequestsPage>;

/** POST api/Request/CancelMultipleRequest/: the request ids to cancel. */
export const cancelRequestsInput = z.array(z.number().int().positive()).min(1).max(500);
export type CancelRequestsInput = z.infer<typeof cancelRequestsInput>;
