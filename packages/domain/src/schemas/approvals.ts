import { z } from 'zod';
import { isExpired } from '../dates.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { RequestType } from '../requests.ts';
import { requestUserNames, taskRowHead } from './common.ts';
import { tablePage, tableQuery } from './table.ts';
import { emailAddedBy } from './user-search.ts';

/**
 * PUT api/Approvers/RequestList (ours): the table body plus `archaic` (the spec's `?Archaic=true`):
 * false = My Approval Tasks, true = My Archive Approvals (what the caller already decided).
 */
export const approvalListQuery = tableQuery.extend({ archaic: z.boolean().default(false) });
export type ApprovalListQuery = z.infer<typeof approvalListQuery>;
export type ApprovalListQueryInput = z.input<typeof approvalListQuery>;

const person = z.object({ fullName: z.string(), email: z.string() });

/** A Change request's `changesRequest`: what changes, before → after. */
export const changesRequest = z.object({
  kind: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type ChangesRequest = z.infer<typeof changesRequest>;

/**
 * The one reader of a Change line's stored `changesRequest` (JSON text or an object): the
 * parsed `{ kind, before, after }`, or null when it is absent or not of that shape.
 */
export function parseStoredChange(value: unknown): ChangesRequest | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = changesRequest.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** One row of My Approval Tasks / My Archive Approvals (spec 2 §3 Request, approval view). */
export const approvalRow = z.object({
  ...taskRowHead,
  createdDate: z.string(),
  createdBy: z.number().int(),
  createdByUser: person,
  requestUser: z.object({
    ...requestUserNames,
    title: z.string().nullable(),
    organization: z.string().nullable(),
    department: z.string().nullable(),
    officeNumber: z.string().nullable(),
    locationCountry: z.string().nullable(),
  }),
  requestUserEmail: z.string(),
  isInternal: z.boolean(),
  /** The platform email. */
  email: z.string(),
  requestedPlatformEmail: z.string().nullable(),
  reassignedPrimaryEmail: z.string().nullable(),
  isReassignedRequest: z.boolean(),
  platformId: z.number().int(),
  platformName: z.string(),
  platformUserTypeId: z.number().int().nullable(),
  platformUserTypeName: z.string(),
  platformUserTypeBasicName: z.string(),
  platformUserType: z.object({ description: z.string(), basicName: z.string() }),
  regionName: z.string(),
  marketName: z.string(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  practiceName: z.string(),
  clientName: z.string(),
  clientCodeName: z.string(),
  productCode: z.string().nullable(),
  assetName: z.string(),
  assetReference: z.string(),
  clientAccountName: z.string(),
  clientAccount: z.object({ description: z.string(), assetReference: z.string() }),
  accessDate: z.string(),
  beginningDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  isAccessDate: z.boolean(),
  isUnlimited: z.boolean(),
  /** The expiration date is before today (UTC midnight). */
  isExpired: z.boolean(),
  isUrgent: z.boolean(),
  isPlatformRequest: z.boolean(),
  /** Requestor comment. */
  comments: z.string(),
  approverComment: z.string(),
  approvedDate: z.string().nullable(),
  approverRejectedByUser: person.nullable(),
  approverName: z.string(),
  rejectedByApprover: z.boolean(),
  changesRequest: changesRequest.nullable(),
});
export type ApprovalRow = z.infer<typeof approvalRow>;
export const approvalPage = tablePage(approvalRow);
export type ApprovalPage = z.infer<typeof approvalPage>;

/** The people of the assignment covering a request (Approval Request modal). */
export const approvalDetail = approvalRow.extend({
  approvers: z.array(person.extend({ role: z.string() })),
  provisioners: z.array(person.extend({ role: z.string() })),
  /** The caller may approve or reject it now (Submitted and routed to the caller). */
  canDecide: z.boolean(),
  /** Who added the platform email to the user's profile, when it is an additional email. */
  emailAddedBy: emailAddedBy.nullable(),
  /** The colleague whose access the line copies ("Same access as a colleague"), by full name. */
  sameAccessAs: z.string().nullable(),
});
export type ApprovalDetail = z.infer<typeof approvalDetail>;

/** Normalises the spec's two body variants of ApproveRejectRequest to one shape. */
function normaliseDecision(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return value;
  }
  const body = value as Record<string, unknown>;
  const first = (...keys: string[]) => keys.map((k) => body[k]).find((v) => v !== undefined && v !== null);
  return {
    requestIds: first('requestIds', 'RequestIds'),
    isApproved: first('isApproved', 'IsApproved'),
    comments: first('comments', 'Comments') ?? '',
    changeDescription: first('ChangeDescription', 'changeDescription') ?? null,
    approvedRejectedBy: first('ApprovedRejectedBy', 'approvedRejectedBy') ?? null,
  };
}

/** The most lines one decision may carry. */
export const maxDecisionIds = 2000;

const decisionBody = z.object({
  requestIds: z.array(z.number().int().positive()).min(1).max(maxDecisionIds),
  isApproved: z.boolean(),
  comments: z
    .string({ error: messages.inputComment })
    .trim()
    .min(1, { error: messages.inputComment })
    .max(limits.comment),
  changeDescription: z.string().max(limits.comment).nullable(),
  /** Sent by the original client; the server always records the signed-in caller. */
  approvedRejectedBy: z.number().int().nullable(),
});

/**
 * PATCH api/Approvers/ApproveRejectRequest: either variant of the spec — { isApproved, comments,
 * ApprovedRejectedBy, requestIds, ChangeDescription } or { Comments, RequestIds, IsApproved }.
 */
export const approveRejectInput = z.preprocess(normaliseDecision, decisionBody);
/** The first body variant, as the web sends it. */
export interface ApproveRejectInput {
  isApproved: boolean;
  comments: string;
  requestIds: number[];
  ChangeDescription?: string | null;
  ApprovedRejectedBy?: number | null;
}
export type ApproveRejectBody = z.output<typeof decisionBody>;

/** What a decision changed. */
export const approveRejectResult = z.object({
  requestIds: z.array(z.number().int()),
  statusId: z.number().int(),
});
export type ApproveRejectResult = z.infer<typeof approveRejectResult>;

type DeactivationLine = Pick<ApprovalRow, 'requestTypeId' | 'beginningDate' | 'expirationDate'>;

/** A Deactivation request whose expiration is before today (UTC midnight): it cannot be rejected singly. */
export function isExpiredDeactivation(line: DeactivationLine, now: Date = new Date()): boolean {
  return line.requestTypeId === RequestType.DEACTIVATE && isExpired(line.expirationDate, now);
}

/**
 * Bulk reject is refused when the selection holds expired deactivation requests with different
 * lengths of access (spec 2 §4): they must be addressed one by one.
 */
export function hasMixedExpiredDeactivations(lines: DeactivationLine[], now: Date = new Date()): boolean {
  const lengths = new Set(
    lines
      .filter((l) => isExpiredDeactivation(l, now))
      .map((l) => `${l.beginningDate ?? ''}|${l.expirationDate ?? ''}`),
  );
  return lengths.size > 1;
}
