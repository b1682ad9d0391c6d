import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { isValidComment } from '../rules.ts';
import { approverStatusListQuery } from './approver-status.ts';
import { commentForRequests, provisionerCommentEntry } from './provisioning.ts';
import { listPage, tableQuery } from './table.ts';

const requestId = z.number().int().positive();

/** One active access record of a user whose directory account is disabled (spec 2 §3 Leaver record). */
export const leaverRecordRow = z.object({
  requestId: z.number().int(),
  /** The latest leaver comment ('' when none). */
  leaverUserComment: z.string(),
  isDeleted: z.boolean(),
  /** The subject's UAP role. */
  roleName: z.string(),
  userLocation: z.string(),
  requestUserId: z.number().int(),
  requestUserName: z.string(),
  requestUserLastName: z.string(),
  requestUserEmail: z.string(),
  /** The platform email of the record. */
  email: z.string(),
  regionDescription: z.string(),
  marketDescription: z.string(),
  practiceDescription: z.string(),
  platformDescription: z.string(),
  agencyDescription: z.string(),
  clientDescription: z.string(),
  assetName: z.string(),
  clientAccountDescription: z.string(),
  clientAccountAssetReference: z.string(),
  platformUserTypeDescription: z.string(),
  createdDate: z.string(),
  createdByUserName: z.string(),
  createdByUserLastName: z.string(),
  createdByUserEmail: z.string(),
  approverName: z.string(),
  approverLastName: z.string(),
  approverEmail: z.string(),
  approvedDate: z.string().nullable(),
  /** When the directory account was disabled. */
  leftDate: z.string(),
  /** A pending Change/Deactivate/Activate request of the record, if any. */
  pendingChangeRequestId: z.number().int().nullable(),
});
export type LeaverRecordRow = z.infer<typeof leaverRecordRow>;

export const leaverRecordList = listPage('records', leaverRecordRow);
export type LeaverRecordList = z.infer<typeof leaverRecordList>;

/** Sort and filter columns of the leavers table (row field names). */
export const leaverRecordColumns = [
  'requestId',
  'requestUserName',
  'requestUserLastName',
  'requestUserEmail',
  'email',
  'roleName',
  'userLocation',
  'regionDescription',
  'marketDescription',
  'agencyDescription',
  'practiceDescription',
  'platformDescription',
  'clientDescription',
  'assetName',
  'clientAccountDescription',
  'platformUserTypeDescription',
  'createdDate',
  'approvedDate',
  'leftDate',
] as const;

/** GET api/Request/UserRecordsOfADInactiveUsers: paged like the other GET lists. */
export const leaverRecordListQuery = approverStatusListQuery;

/** PUT api/Request/UserRecordsOfADInactiveUsers: the server-paged table body. */
export const leaverRecordTableQuery = tableQuery;

/** PUT api/Request/UserRecordsOfADInactiveUsers/Filters: one column's distinct values. */
export const leaverRecordFilterQuery = tableQuery.extend({ column: z.string().min(1).max(60) });
export type LeaverRecordFilterQuery = z.infer<typeof leaverRecordFilterQuery>;

/** POST api/Request/LeaverUserCommentRequest: Comments (max 2000) for RequestIds (or the one RequestId). */
export const leaverCommentInput = commentForRequests(limits.leaverComment, messages.selectRequestsFirst);
export type LeaverCommentInput = z.input<typeof leaverCommentInput>;

/** One entry of a record's leaver comment history, newest first: the shape of a provisioner comment. */
export const leaverCommentEntry = provisionerCommentEntry;
export type LeaverCommentEntry = z.infer<typeof leaverCommentEntry>;

/**
 * POST api/Request/DeactivateLeaversRecord: one Deactivation request per selected record, through
 * the normal approval path (isActive is false or absent; a comment as for any deactivation).
 */
export const deactivateLeaversInput = z
  .object({
    isActive: z.literal(false).default(false),
    requests: z.array(requestId).min(1).max(100),
    comment: z.string().max(limits.comment).nullish(),
    IsUrgent: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    if (!isValidComment(input.comment)) {
      ctx.addIssue({ code: 'custom', message: messages.invalidComment, path: ['comment'] });
    }
  });
export type DeactivateLeaversInput = z.input<typeof deactivateLeaversInput>;

export const deactivateLeaversResult = z.object({
  /** The Deactivate requests created, one per record, in the order asked. */
  requestIds: z.array(z.number().int()),
  replacedRequestIds: z.array(z.number().int()),
});
export type DeactivateLeaversResult = z.infer<typeof deactivateLeaversResult>;
