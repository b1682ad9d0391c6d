import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { StandardCommentType } from '../requests.ts';
import { taskRowHead } from './common.ts';
import { tablePage, tableQuery } from './table.ts';
import { searchTerm } from './text.ts';

const requestId = z.number().int().positive();
const isBlank = (value: string | null | undefined) => (value ?? '').trim() === '';

/**
 * PUT api/Request/RequestForProvisioners (ours): the table body of My Provisioning Tasks;
 * `Archive` true lists My Archive Provisionings instead.
 */
export const provisioningQuery = tableQuery.extend({ Archive: z.boolean().default(false) });
export type ProvisioningQuery = z.infer<typeof provisioningQuery>;
export type ProvisioningQueryInput = z.input<typeof provisioningQuery>;

/** GET api/Request/RequestForProvisioners: the spec's query string (`?Archive=true`) plus paging. */
export const provisioningListQueryString = z.object({
  Archive: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().optional(),
  orderBy: z.string().max(60).optional(),
  orderAsc: z.enum(['true', 'false']).optional(),
  searchCriteria: searchTerm(z.string().max(200)).optional(),
});

const person = z.object({ fullName: z.string(), email: z.string() });

/** One row of My Provisioning Tasks / My Archive Provisionings (spec 2 §2 columns). */
export const provisioningRow = z.object({
  ...taskRowHead,
  isUrgent: z.boolean(),
  regionName: z.string(),
  marketName: z.string(),
  agencyName: z.string(),
  practiceName: z.string(),
  platformName: z.string(),
  createdDate: z.string(),
  approvedDate: z.string().nullable(),
  requestUser: person,
  requestUserEmail: z.string(),
  /** The platform email. */
  email: z.string(),
  requestedPlatformEmail: z.string().nullable(),
  reassignedPrimaryEmail: z.string().nullable(),
  createdByUser: person,
  /** The requestor comment. */
  comments: z.string(),
  approverName: z.string(),
  approverComment: z.string(),
  clientName: z.string(),
  assetName: z.string(),
  clientAccountName: z.string(),
  clientAccount: z.object({ description: z.string(), assetReference: z.string() }),
  assetReference: z.string(),
  platformUserTypeName: z.string(),
  platformUserType: z.object({ description: z.string(), basicName: z.string() }),
  platformUserTypeBasicName: z.string(),
  /** 'Unlimited', one date, or 'start - end' (MM-DD-YYYY). */
  accessDate: z.string(),
  provisionerComment: z.string(),
  provissionerUser: person.nullable(),
  provissionedDate: z.string().nullable(),
  /** What a Change request changes ('User Role changed from … to …'); '' for other types. */
  changeDescription: z.string(),
});
export type ProvisioningRow = z.infer<typeof provisioningRow>;
export const provisioningPage = tablePage(provisioningRow);
export type ProvisioningPage = z.infer<typeof provisioningPage>;

/**
 * POST api/Request/ApproveRejectForProvisioner, both variants of the spec: requestIds, comments,
 * approvedRejectedBy, isApproved, isPlatformRequest, ChangeDescription; or Comments, RequestIds,
 * IsApproved. The acting user is always the caller (approvedRejectedBy is accepted and ignored).
 */
export const provisionerDecisionInput = z
  .object({
    requestIds: z.array(requestId).max(1000).optional(),
    RequestIds: z.array(requestId).max(1000).optional(),
    comments: z.string().max(limits.provisionerComment).nullish(),
    Comments: z.string().max(limits.provisionerComment).nullish(),
    isApproved: z.boolean().optional(),
    IsApproved: z.boolean().optional(),
    approvedRejectedBy: z.number().int().nullish(),
    ApprovedRejectedBy: z.number().int().nullish(),
    isPlatformRequest: z.boolean().nullish(),
    ChangeDescription: z.string().max(limits.provisionerComment).nullish(),
  })
  .superRefine((input, ctx) => {
    const ids = input.requestIds ?? input.RequestIds ?? [];
    if (ids.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Select at least one request.', path: ['requestIds'] });
    }
    if (input.isApproved === undefined && input.IsApproved === undefined) {
      ctx.addIssue({ code: 'custom', message: 'isApproved is required.', path: ['isApproved'] });
    }
    if (isBlank(input.comments ?? input.Comments)) {
      ctx.addIssue({ code: 'custom', message: messages.inputComment, path: ['comments'] });
    }
  })
  .transform((input) => ({
    requestIds: [...new Set(input.requestIds ?? input.RequestIds ?? [])],
    comments: (input.comments ?? input.Comments ?? '').trim(),
    isApproved: input.isApproved ?? input.IsApproved ?? false,
  }));
export type ProvisionerDecisionInput = z.input<typeof provisionerDecisionInput>;
export type ProvisionerDecision = z.output<typeof provisionerDecisionInput>;

export const provisionerDecisionResult = z.object({
  requestIds: z.array(z.number().int()),
  /** 3 Completed or 4 Rejected. */
  statusId: z.number().int(),
});
export type ProvisionerDecisionResult = z.infer<typeof provisionerDecisionResult>;

/** A standard comment (type 1 = Provisioning). */
export const standardComment = z.object({ id: z.number().int(), comment: z.string() });
export type StandardComment = z.infer<typeof standardComment>;

export const standardCommentTypeParam = z.object({
  type: z.coerce.number().int().min(1).max(99),
});

/** POST api/Request/AddStandardComment. */
export const addStandardCommentInput = z.object({
  Comment: z
    .string()
    .max(limits.comment)
    .nullish()
    .refine((v) => !isBlank(v), { message: messages.inputCommentToAdd })
    .transform((v) => (v ?? '').trim()),
  Type: z.number().int().min(1).max(99).default(StandardCommentType.PROVISIONING),
});
export type AddStandardCommentInput = z.input<typeof addStandardCommentInput>;

/** POST api/Request/RemoveStandardComment. */
export const removeStandardCommentInput = z.object({
  Id: z
    .number()
    .int()
    .nullish()
    .refine((v) => v !== null && v !== undefined && v > 0, { message: messages.selectComment })
    .transform((v) => v ?? 0),
});
export type RemoveStandardCommentInput = z.input<typeof removeStandardCommentInput>;

/**
 * A comment (at most `maxLength`, not blank) for RequestIds or the one RequestId, refused with
 * `noneSelected` when there are none: the comment and the distinct request ids.
 */
export const commentForRequests = (maxLength: number, noneSelected: string) =>
  z
    .object({
      Comments: z
        .string()
        .max(maxLength)
        .nullish()
        .refine((v) => !isBlank(v), { message: messages.inputComment })
        .transform((v) => (v ?? '').trim()),
      RequestIds: z.array(requestId).max(1000).nullish(),
      RequestId: requestId.nullish(),
    })
    .superRefine((input, ctx) => {
      if ((input.RequestIds?.length ?? 0) === 0 && !input.RequestId) {
        ctx.addIssue({ code: 'custom', message: noneSelected, path: ['RequestIds'] });
      }
    })
    .transform((input) => ({
      comment: input.Comments,
      requestIds: [...new Set([...(input.RequestIds ?? []), ...(input.RequestId ? [input.RequestId] : [])])],
    }));

/** POST api/Request/ProvisionerCommentRequest: Comments for RequestIds (or the one RequestId). */
export const provisionerCommentInput = commentForRequests(
  limits.provisionerComment,
  'Select at least one request.',
);
export type ProvisionerCommentInput = z.input<typeof provisionerCommentInput>;

/** One entry of a line's provisioner comment history, newest first. */
export const provisionerCommentEntry = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  comment: z.string(),
  createdDate: z.string(),
  createdBy: person,
});
export type ProvisionerCommentEntry = z.infer<typeof provisionerCommentEntry>;

/** POST /api/Request/ArchiveMultipleRequest/: the request ids to archive. */
export const archiveRequestsInput = z.array(requestId).min(1).max(1000);
