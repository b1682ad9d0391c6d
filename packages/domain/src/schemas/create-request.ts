import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { PLATFORM_OWNERSHIP_ID } from '../requests.ts';
import { isValidComment } from '../rules.ts';
import { emailField, managerFields } from './user-search.ts';

const id = z.number({ error: messages.completeRequiredFields }).int().positive();
const flag = z.boolean().default(false);

/** A calendar day, `YYYY-MM-DD` (an ISO timestamp is cut to its day). */
export const dayField = z
  .string()
  .trim()
  .transform((v) => v.slice(0, 10))
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)), {
    error: messages.completeRequiredFields,
  });

/** Today as `YYYY-MM-DD` in UTC, the boundary the server checks start dates against. */
export const todayDay = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The comment rule of spec 1 §5 (empty, < 4 non-space characters or < 4 letters, > 500). */
export const commentField = z
  .string({ error: messages.invalidComment })
  .max(limits.comment, { error: messages.invalidComment })
  .refine(isValidComment, { error: messages.invalidComment });

interface DatedRow {
  isUnlimitedAccess?: boolean | null;
  BeginningDate?: string | null;
  ExpirationDate?: string | null;
}

/** Unlimited when said so, or (the business-access payload has no flag) when no date is given. */
export const isUnlimited = (row: DatedRow) =>
  row.isUnlimitedAccess ?? (!row.BeginningDate && !row.ExpirationDate);

/** Length of access: unlimited, or both dates with start ≥ today and end ≥ start. */
export function checkAccessDates(row: DatedRow, ctx: z.RefinementCtx, today = todayDay()) {
  if (isUnlimited(row)) {
    return;
  }
  if (!row.BeginningDate || !row.ExpirationDate) {
    ctx.addIssue({ code: 'custom', message: messages.completeRequiredFields, path: ['BeginningDate'] });
    return;
  }
  if (row.BeginningDate < today) {
    ctx.addIssue({ code: 'custom', message: messages.startDateNotBeforeToday, path: ['BeginningDate'] });
  }
  if (row.ExpirationDate < row.BeginningDate) {
    ctx.addIssue({ code: 'custom', message: messages.endDateNotBeforeStart, path: ['ExpirationDate'] });
  }
}

/** One account row of the Add Account(s) dialog (spec 1 §3). */
export const accountAccessRow = z
  .object({
    AssetId: id.nullish(),
    AssetDescription: z.string().max(limits.assetName).nullish(),
    PlatformUserTypeId: id,
    PlatformTypeDescription: z.string().max(limits.assetName).nullish(),
    ClientAccountsIds: z.array(id).max(500).default([]),
    ClientDescription: z.array(z.string().max(limits.clientAssetName)).max(500).nullish(),
    isUnlimitedAccess: z.boolean().nullish(),
    BeginningDate: dayField.nullish(),
    ExpirationDate: dayField.nullish(),
  })
  .superRefine((row, ctx) => {
    checkAccessDates(row, ctx);
  });
export type AccountAccessRow = z.infer<typeof accountAccessRow>;
export type AccountAccessRowInput = z.input<typeof accountAccessRow>;

/** Whom a request is for, the platform email and the path it asks on, down to the client. */
const subjectOnPath = {
  UserId: id,
  Email: emailField,
  RegionId: id,
  MarketId: id,
  AgencyId: id,
  PracticeId: id,
  PlatformId: id,
  ClientId: id.nullish(),
};

const requestFields = z.object({
  IsInternal: flag,
  ...subjectOnPath,
  ClientCodeId: id.nullish(),
  ProductCode: z.string().trim().max(limits.productCode).nullish(),
  PlatformOwnerShipId: z.literal(PLATFORM_OWNERSHIP_ID).default(PLATFORM_OWNERSHIP_ID),
  SharePointId: z.string().max(100).nullish(),
  Comments: commentField,
  ApprovedRejectedBy: z.null().optional(),
  IsUrgent: flag,
  ...managerFields,
  isPlaformRequest: flag,
  RequestAccountAccess: z.array(accountAccessRow).min(1, { error: messages.chooseAllOption }).max(50),
});

/** Canonical key of each accepted field, by its lowercase spelling. */
function canonicalKeys(shape: Record<string, unknown>): Map<string, string> {
  return new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
}
const requestKeys = canonicalKeys(requestFields.shape);
const rowKeys = canonicalKeys(accountAccessRow.shape);

function renameKeys(value: unknown, keys: Map<string, string>): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return value;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [keys.get(k.toLowerCase()) ?? k, v]));
}

/**
 * The two Create payloads of spec 1 §3 spell their keys differently (`UserId` vs `userId`,
 * `RequestAccountAccess` vs `requestAccountAccess`); the original server matched keys without
 * regard to case, so this schema does the same and then validates one canonical shape.
 */
export const createRequestInput = z.preprocess(
  (raw) => {
    const body = renameKeys(raw, requestKeys);
    if (typeof body !== 'object' || body === null) {
      return body;
    }
    const rows = (body as { RequestAccountAccess?: unknown }).RequestAccountAccess;
    return Array.isArray(rows)
      ? { ...body, RequestAccountAccess: rows.map((r) => renameKeys(r, rowKeys)) }
      : body;
  },
  requestFields.superRefine((input, ctx) => {
    if (input.isPlaformRequest) {
      // Business access: one line, a platform-level user type, no asset and no account.
      if (input.RequestAccountAccess.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          message: messages.completeRequiredFields,
          path: ['RequestAccountAccess'],
        });
      }
      return;
    }
    // Each row needs its asset type; the service checks its accounts (a system asset has none).
    input.RequestAccountAccess.forEach((row, i) => {
      if (!row.AssetId) {
        ctx.addIssue({
          code: 'custom',
          message: messages.completeRequiredFields,
          path: ['RequestAccountAccess', i],
        });
      }
    });
  }),
);
export type CreateRequestInput = z.infer<typeof createRequestInput>;
/** The wizard payload as the web builds it. */
export type CreateRequestBody = z.input<typeof requestFields>;
export { requestFields as createRequestFields };

/** Answer of a successful Create: the new request ids (one per line) and their submission. */
export const createRequestResult = z.object({
  requestIds: z.array(z.number().int()),
  submissionId: z.string(),
});
export type CreateRequestResult = z.infer<typeof createRequestResult>;

/** The `data` of the 422 refusing a duplicate Create: the existing request or record to open. */
export const duplicateRequestData = z.object({ requestId: z.number().int().positive() });
export type DuplicateRequestData = z.infer<typeof duplicateRequestData>;

/** GET api/Request/ValidatePlatformRequest. */
export const validatePlatformRequestQuery = z.object({
  userId: z.coerce.number().int().positive(),
  regionId: z.coerce.number().int().positive(),
  marketId: z.coerce.number().int().positive(),
  agencyId: z.coerce.number().int().positive(),
  practiceId: z.coerce.number().int().positive(),
  platformId: z.coerce.number().int().positive(),
  email: emailField,
});
export type ValidatePlatformRequestQuery = z.infer<typeof validatePlatformRequestQuery>;

export const platformRequestFindings = z.object({
  accessExistsToOtherEmails: z.boolean(),
  accessExistsToOtherEmailsMessage: z.string().nullable(),
  question: z.string().nullable(),
  accessLevel: z.string().nullable(),
  clientAccount: z.string().nullable(),
  accessExistsAsInactive: z.boolean(),
  accessExistsAsInactiveCompleted: z.boolean(),
  accessexistsMessage: z.string().nullable(),
});
export type PlatformRequestFindings = z.infer<typeof platformRequestFindings>;

/** POST api/Request/ValidateBusinessManagerAccount. */
export const validateBusinessManagerAccountInput = z.object({
  ...subjectOnPath,
  RequestAccountAccess: z
    .array(z.object({ AssetId: id.nullish(), ClientAccountsIds: z.array(id).max(500).default([]) }))
    .max(50)
    .default([]),
});
export type ValidateBusinessManagerAccountInput = z.infer<typeof validateBusinessManagerAccountInput>;

export const businessManagerFindings = z.object({
  accessExistsToOtherEmails: z.boolean(),
  accessExistsToOtherEmailsMessage: z.string().nullable(),
});
export type BusinessManagerFindings = z.infer<typeof businessManagerFindings>;
