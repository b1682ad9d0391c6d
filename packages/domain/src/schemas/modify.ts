import { z } from 'zod';
import { startOfTodayUtc } from '../dates.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { isValidComment, isValidEmail } from '../rules.ts';

/** What a modification changes (spec 1 §2.6); stored as `kind` in a Change line's `changesRequest`. */
export const modificationTypes = ['UserRole', 'PlatformEmail', 'LengthOfAccess'] as const;
export type ModificationType = (typeof modificationTypes)[number];
export const modificationTypeLabels: Record<ModificationType, string> = {
  UserRole: 'User Role',
  PlatformEmail: 'Platform Email',
  LengthOfAccess: 'Length Of Access',
};

/** A day as `YYYY-MM-DD` or a full ISO instant; only the day counts (UTC). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2})?)?$/, {
  error: messages.completeRequiredFields,
});
const optionalDay = day.nullish();
const requestId = z.number().int().positive();
const comments = z.string().max(limits.comment).nullish();

/** The UTC-midnight ISO string every date column holds. */
export function toUtcDay(value: string): string {
  return `${value.slice(0, 10)}T00:00:00.000Z`;
}

/**
 * Length-of-access rule of the modify flows (spec 1 §5): both dates empty = unlimited; otherwise
 * both are needed, the end today or later, the start today or later and not after the end.
 */
export function lengthOfAccessIssue(
  beginning: string | null | undefined,
  expiration: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (!beginning && !expiration) {
    return null;
  }
  if (!beginning || !expiration) {
    return messages.completeRequiredFields;
  }
  const today = startOfTodayUtc(now).toISOString();
  const start = toUtcDay(beginning);
  const end = toUtcDay(expiration);
  if (end < today) {
    return messages.endDateFuture;
  }
  if (start < today || start > end) {
    return messages.startDateRange;
  }
  return null;
}

/** The modification a body asks for: explicit, else inferred from the fields it carries. */
export function resolveModificationType(input: {
  ModificationType?: ModificationType | null;
  UserPlatformEmail?: string | null;
  platformUserTypeId?: number | null;
}): ModificationType {
  if (input.ModificationType) {
    return input.ModificationType;
  }
  if (input.UserPlatformEmail) {
    return 'PlatformEmail';
  }
  return input.platformUserTypeId ? 'UserRole' : 'LengthOfAccess';
}

/**
 * PATCH api/Request/UpdateRequest (spec 1 §7). `ModificationType` is ours (optional: inferred
 * from the fields when absent). The stateless rules live here so the form runs the same ones.
 */
export const updateRequestInput = z
  .object({
    requestId,
    ModificationType: z.enum(modificationTypes).nullish(),
    platformUserTypeId: z.number().int().positive().nullish(),
    IsRequest: z.boolean().nullish(),
    comments,
    UserPlatformEmail: z.string().max(limits.primaryEmail).nullish(),
    PlatformId: z.number().int().nullish(),
    IsUrgent: z.boolean().default(false),
    BeginningDate: optionalDay,
    ExpirationDate: optionalDay,
    AgencyId: z.number().int().nullish(),
    businessAccess: z.boolean().nullish(),
  })
  .superRefine((input, ctx) => {
    const kind = resolveModificationType(input);
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (kind === 'UserRole' && !input.platformUserTypeId) {
      return fail(messages.completeRequiredFields, 'platformUserTypeId');
    }
    if (kind === 'PlatformEmail') {
      const email = input.UserPlatformEmail?.trim() ?? '';
      if (email === '') {
        return fail(messages.completeRequiredFields, 'UserPlatformEmail');
      }
      if (!isValidEmail(email)) {
        return fail(messages.invalidPlatformEmail, 'UserPlatformEmail');
      }
    }
    if (kind === 'LengthOfAccess') {
      const issue = lengthOfAccessIssue(input.BeginningDate, input.ExpirationDate);
      if (issue) {
        return fail(issue, 'ExpirationDate');
      }
    }
    if (!isValidComment(input.comments)) {
      return fail(messages.invalidComment, 'comments');
    }
  });
export type UpdateRequestInput = z.input<typeof updateRequestInput>;
export type UpdateRequestBody = z.output<typeof updateRequestInput>;

/** The answer of UpdateRequest and ReassignRequest: the envelope plus the spec's `status`. */
export const modifyResult = z.object({
  succeeded: z.boolean(),
  message: z.string(),
  data: z.boolean(),
  /** Status name of the line named by `requestId` after the call (Submitted, Completed, Archived). */
  status: z.string(),
  /** The Change line created (record) or edited in place (submitted request). */
  changeRequestId: z.number().int(),
  /** The prior pending change this one replaced (cancelled), if any. */
  replacedRequestId: z.number().int().nullable(),
});
export type ModifyResult = z.infer<typeof modifyResult>;

/** PATCH api/Request/UpdateExpiredRequest: a new range for an expired record or pending deactivation. */
export const updateExpiredRequestInput = z
  .object({
    requestId,
    BeginningDate: day,
    ExpirationDate: day,
    comments,
  })
  .superRefine((input, ctx) => {
    const issue = lengthOfAccessIssue(input.BeginningDate, input.ExpirationDate);
    if (issue) {
      ctx.addIssue({ code: 'custom', message: issue, path: ['ExpirationDate'] });
    }
  });
export type UpdateExpiredRequestInput = z.input<typeof updateExpiredRequestInput>;

/** PATCH api/Request/UpdateMultipleRequest: one new role for several records. */
export const updateMultipleRequestInput = z
  .object({
    requestId: requestId.nullish(),
    platformUserTypeId: z.number().int().positive().nullish(),
    IsRequest: z.boolean().nullish(),
    comments,
    PlatformId: z.number().int().nullish(),
    Requests: z.array(requestId).min(1).max(100),
    IsUrgent: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    if (!input.platformUserTypeId) {
      ctx.addIssue({
        code: 'custom',
        message: messages.completeRequiredFields,
        path: ['platformUserTypeId'],
      });
    } else if (!isValidComment(input.comments)) {
      ctx.addIssue({ code: 'custom', message: messages.invalidComment, path: ['comments'] });
    }
  });
export type UpdateMultipleRequestInput = z.input<typeof updateMultipleRequestInput>;

/** POST api/Request/ActiveDeactiveRequest: Deactivate (isActive false) or Activate requests. */
export const activeDeactiveInput = z
  .object({
    isActive: z.boolean(),
    requests: z.array(requestId).min(1).max(100),
    comment: comments,
    /** Activation only: the new range (required for expired records); both empty keeps the record's. */
    BeginningDate: optionalDay,
    ExpirationDate: optionalDay,
    IsUrgent: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    const issue = input.isActive ? lengthOfAccessIssue(input.BeginningDate, input.ExpirationDate) : null;
    if (issue) {
      ctx.addIssue({ code: 'custom', message: issue, path: ['ExpirationDate'] });
    } else if (!isValidComment(input.comment)) {
      ctx.addIssue({ code: 'custom', message: messages.invalidComment, path: ['comment'] });
    }
  });
export type ActiveDeactiveInput = z.input<typeof activeDeactiveInput>;

export const activeDeactiveResult = z.object({
  /** The Deactivate/Activate lines created, one per record, in the order asked. */
  requestIds: z.array(z.number().int()),
  replacedRequestIds: z.array(z.number().int()),
});
export type ActiveDeactiveResult = z.infer<typeof activeDeactiveResult>;

/** POST api/Request/CheckMergedProfile/: user ids → a message when one has two profiles. */
export const checkMergedProfileInput = z.array(z.number().int().positive()).min(1).max(500);
export const checkMergedProfileResult = z.object({ errorMessage: z.string().nullable() });

/** PATCH api/Request/ReassignRequest: move a record (or a submitted request) to another user. */
export const reassignRequestInput = z
  .object({
    requestId,
    IsRequest: z.boolean().nullish(),
    comments,
    ReassignedPrimaryEmail: z.string().max(limits.primaryEmail).nullish(),
    IsReassignedRequest: z.boolean().nullish(),
    IsUrgent: z.boolean().default(false),
    IsInternal: z.boolean().nullish(),
  })
  .superRefine((input, ctx) => {
    const email = input.ReassignedPrimaryEmail?.trim() ?? '';
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (email === '') {
      return fail(messages.enterNewUserEmail, 'ReassignedPrimaryEmail');
    }
    if (!isValidEmail(email)) {
      return fail(messages.enterValidNewUserEmail, 'ReassignedPrimaryEmail');
    }
    if (!isValidComment(input.comments)) {
      return fail(messages.invalidComment, 'comments');
    }
  });
export type ReassignRequestInput = z.input<typeof reassignRequestInput>;

const pendingChange = z.object({
  requestId: z.number().int(),
  requestTypeId: z.number().int(),
  requestTypeName: z.string(),
  statusId: z.number().int(),
  status: z.object({ description: z.string() }),
  createdDate: z.string(),
});

/** GET api/Request/RequestDetail/{requestId}/{flag}: one line (flag 0) or one record (flag 1). */
export const requestDetail = z.object({
  requestId: z.number().int(),
  requestTypeId: z.number().int(),
  requestTypeName: z.string(),
  statusId: z.number().int(),
  status: z.object({ description: z.string() }),
  /** Active / Inactive / Expired on a record; null on other lines. */
  statusDescription: z.string().nullable(),
  isRecord: z.boolean(),
  recordId: z.number().int().nullable(),
  userId: z.number().int(),
  createdBy: z.number().int(),
  requestUser: z.object({
    userId: z.number().int(),
    fullName: z.string(),
    email: z.string(),
  }),
  email: z.string(),
  requestedPlatformEmail: z.string().nullable(),
  reassignedPrimaryEmail: z.string().nullable(),
  regionId: z.number().int(),
  marketId: z.number().int(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  practiceId: z.number().int(),
  practiceName: z.string(),
  platformId: z.number().int(),
  platformName: z.string(),
  businessAccess: z.boolean(),
  clientName: z.string().nullable(),
  assetId: z.number().int().nullable(),
  assetName: z.string().nullable(),
  clientAccountName: z.string().nullable(),
  platformUserTypeId: z.number().int().nullable(),
  platformUserTypeName: z.string().nullable(),
  platformUserTypeBasicName: z.string().nullable(),
  isEmailOnly: z.boolean(),
  beginningDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  isUnlimited: z.boolean(),
  isExpired: z.boolean(),
  isDeleted: z.boolean(),
  askNewRangeDate: z.boolean(),
  isUrgent: z.boolean(),
  isPlatformRequest: z.boolean(),
  comments: z.string().nullable(),
  changesRequest: z.string().nullable(),
  /** Submitted and the caller may edit it in place. */
  isEditable: z.boolean(),
  /** On a record: its pending (Submitted/Approved) Change, Deactivate or Activate request. */
  pendingChange: pendingChange.nullable(),
});
export type RequestDetail = z.infer<typeof requestDetail>;
