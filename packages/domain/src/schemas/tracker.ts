import { z } from 'zod';
import { RequestStatus } from '../requests.ts';
import { userRecordRow } from './records.ts';
import { flagParam, placeNames, requestUserNames } from './common.ts';
import { isPageSize, listPage, pageSizeMessage, tablePage, tableQuery } from './table.ts';
import { searchTerm } from './text.ts';

const person = z.object({ fullName: z.string(), email: z.string() });

/**
 * PUT api/Request/AllRequests (and /Filters, /Export): the Request Tracker's table body.
 * Filters/Export add the column (Filters only); the tracker has no subject.
 */
export const trackerQuery = tableQuery.extend({
  /**
   * The line next to the page asked for, from the page shown before it: the page is the lines
   * after it in the order (isBefore: the lines before it). A step to the next or previous page
   * then reads from this line on, however deep the page, instead of skipping every line before
   * it. Ignored (the page is found by its number) when the line is no longer among the lines.
   */
  anchor: z
    .object({ requestId: z.number().int().positive(), isBefore: z.boolean().default(false) })
    .optional(),
});
export type TrackerQuery = z.infer<typeof trackerQuery>;
export const trackerFilterOptionsQuery = tableQuery.extend({ column: z.string().min(1).max(60) });
export type TrackerFilterOptionsQuery = z.infer<typeof trackerFilterOptionsQuery>;

/**
 * One Request Tracker row: any request line (every type and status). `recordId` is the record
 * the line concerns (the line itself for an Add line); `noApprovalPath` flags a line that no
 * active assignment and no master approver covers (shown as messages.noApprovalPath).
 */
export const trackerRow = userRecordRow.extend({
  submissionId: z.string(),
  comments: z.string(),
  isUrgent: z.boolean(),
  createdBy: person,
  noApprovalPath: z.boolean(),
  /** A Submitted line waits since it was created, an Approved one since its approval; else null. */
  waitingSince: z.string().nullable(),
  /** Whole hours waited in the current status when the page was read (null: not waiting). */
  waitingHours: z.number().int().nullable(),
  /** Past its service level (the server's rule, the one the reminders job applies). */
  isOverdue: z.boolean(),
});
export type TrackerRow = z.infer<typeof trackerRow>;
export const trackerPage = tablePage(trackerRow);
export type TrackerPage = z.infer<typeof trackerPage>;

const nullableText = z.string().nullable();

/**
 * A master data change shown in a request's activity log (spec 2 §3 genericMasterDataLogItems):
 * a change to an item the request uses, made while the request was at that history step.
 */
export const genericMasterDataLogItem = z.object({
  operationDate: z.string(),
  description: z.string(),
  masterDataType: z.string(),
  operation: z.string().nullable(),
});
export type GenericMasterDataLogItem = z.infer<typeof genericMasterDataLogItem>;

/** One step of a request's life (spec 2 §3 "Activity log": requestHistory). */
export const requestHistoryEntry = z.object({
  id: z.number().int(),
  stepDescription: z.string(),
  requestTypeId: z.number().int(),
  requestTypeName: z.string(),
  changeDesc: nullableText,
  statusId: z.number().int(),
  status: z.string(),
  comments: nullableText,
  approverComment: nullableText,
  provisionerComment: nullableText,
  /** The comment the log shows for this step, chosen by status (see historyComment). */
  comment: z.string(),
  createdByUser: person,
  /** The absent person the step's author acted for as delegate (out of office), if any. */
  onBehalfOf: person.nullable().optional(),
  createdDate: z.string(),
  approverName: z.string(),
  approverEmail: z.string(),
  approvedDate: nullableText,
  provisionerName: z.string(),
  provisionerEmail: z.string(),
  provisionedDate: nullableText,
  before: nullableText,
  after: nullableText,
});
export type RequestHistoryEntry = z.infer<typeof requestHistoryEntry>;

/** Sort columns of the activity log's history table (search covers them and the comments). */
export const historyColumns = [
  'createdDate',
  'stepDescription',
  'requestTypeName',
  'status',
  'changeDesc',
  'createdByName',
] as const;

/**
 * GET /api/Request/Logs/{logId}/History query: the table's paging, sort and search (a request's
 * history is not filtered); pageSize may also be ALL_ROWS.
 */
export const historyQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().refine(isPageSize, { message: pageSizeMessage }).default(10),
  orderBy: z.string().max(60).optional(),
  orderAsc: flagParam.default(false),
  searchCriteria: searchTerm(z.string().max(200)).default(''),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** GET /api/Request/Logs/{logId}/History: one page of a request's history steps. */
export const historyPage = listPage('history', requestHistoryEntry);
export type HistoryPage = z.infer<typeof historyPage>;

/** GET /api/Request/Logs/{logId}: the request (header, creator, user, platform access) and its history. */
export const activityLog = z.object({
  requestId: z.number().int(),
  submissionId: z.string(),
  recordId: z.number().int().nullable(),
  statusId: z.number().int(),
  status: z.object({ description: z.string() }),
  requestTypeId: z.number().int(),
  requestTypeName: z.string(),
  createdDate: z.string(),
  isUrgent: z.boolean(),
  comments: z.string(),
  createdByUser: person,
  requestUser: z.object({
    ...requestUserNames,
    title: z.string(),
    organization: z.string(),
    department: z.string(),
    officeNumber: z.string(),
    locationCountry: z.string(),
  }),
  isInternal: z.boolean(),
  /** Platform access information. */
  email: z.string(),
  requestedPlatformEmail: z.string(),
  reassignedPrimaryEmail: z.string(),
  ...placeNames,
  clientCodeName: z.string(),
  assetName: z.string(),
  clientAccountName: z.string(),
  assetReference: z.string(),
  platformUserTypeName: z.string(),
  platformUserTypeBasicName: z.string(),
  accessDate: z.string(),
  beginningDate: nullableText,
  expirationDate: nullableText,
  isUnlimited: z.boolean(),
  isDeleted: z.boolean(),
  approverComment: z.string(),
  provisionerComment: z.string(),
  requestHistoryLogsDTOs: z.array(
    z.object({
      requestHistory: requestHistoryEntry,
      genericMasterDataLogItems: z.array(genericMasterDataLogItem),
    }),
  ),
  /**
   * When the audit chain was last verified whole with every step of this history in it (the
   * "verified" mark); null: not verified since the last step, or the latest verification broke.
   */
  historyVerifiedAt: z.string().nullable(),
});
export type ActivityLog = z.infer<typeof activityLog>;

/**
 * The comment a history step shows (spec 2 "Activity log"): the requestor comment for the
 * submitted (and cancelled) state; the approver's or the provisioner's for approved, rejected,
 * provisioned and archived.
 */
export function historyComment(entry: {
  statusId: number;
  comments: string | null;
  approverComment: string | null;
  provisionerComment: string | null;
}): string {
  switch (entry.statusId) {
    case RequestStatus.SUBMITTED:
    case RequestStatus.CANCELLED:
      return entry.comments ?? '';
    case RequestStatus.APPROVED:
      return entry.approverComment ?? '';
    default:
      return entry.provisionerComment ?? entry.approverComment ?? entry.comments ?? '';
  }
}
