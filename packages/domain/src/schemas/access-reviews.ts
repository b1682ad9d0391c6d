import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { idParam } from './common.ts';
import { dayField } from './create-request.ts';
import { listPage, tableQuery } from './table.ts';

/**
 * Access reviews (issue 46): a campaign asks reviewers to keep or revoke every active access
 * record in its scope. These are the payloads of `api/AccessReviews…` (ours; the spec has none).
 */

const id = z.number().int().positive();
const ids = z.array(id).max(500);

/** A campaign's life: a draft is edited, started (the snapshot), then closed or cancelled. */
export const accessReviewStatuses = ['draft', 'active', 'closed', 'cancelled'] as const;
export type AccessReviewStatus = (typeof accessReviewStatuses)[number];

export const accessReviewStatusNames: Record<AccessReviewStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/** What happens at closing to an item nobody decided. */
export const whenUndecidedValues = ['keep', 'revoke', 'administrators'] as const;
export type WhenUndecided = (typeof whenUndecidedValues)[number];

export const whenUndecidedNames: Record<WhenUndecided, string> = {
  keep: 'Keep the access',
  revoke: 'Revoke the access',
  administrators: 'Hand to the administrators',
};

/** A reviewer's decision on one item. */
export const accessReviewDecisions = ['keep', 'revoke'] as const;
export type AccessReviewDecision = (typeof accessReviewDecisions)[number];

export const accessReviewDecisionNames: Record<AccessReviewDecision, string> = {
  keep: 'Keep',
  revoke: 'Revoke',
};

/** Who reviews an item: the path's approver (default), the subject's manager, or one named person. */
export const reviewerRules = ['approver', 'manager', 'user'] as const;
export type ReviewerRule = (typeof reviewerRules)[number];

export const reviewerRuleNames: Record<ReviewerRule, string> = {
  approver: "The path's approver",
  manager: "The user's manager",
  user: 'A named person',
};

/** The recurrences a campaign may have (stored now; the job runner starts the next one later). */
export const recurrenceMonthValues = [3, 6, 12] as const;

/**
 * The scope: every active access record that matches each named list (an absent or empty list:
 * any), internal or external users (absent or null: both), active for more than N days.
 */
export const accessReviewScope = z.object({
  regionIds: ids.optional(),
  marketIds: ids.optional(),
  agencyIds: ids.optional(),
  practiceIds: ids.optional(),
  platformIds: ids.optional(),
  clientIds: ids.optional(),
  platformUserTypeIds: ids.optional(),
  internal: z.boolean().nullish(),
  activeForDays: z.number().int().min(1).max(36500).nullish(),
});
export type AccessReviewScope = z.infer<typeof accessReviewScope>;

/** The scope lists by their names in the body, in the order the screens show them. */
export const accessReviewScopeLists = [
  'regionIds',
  'marketIds',
  'agencyIds',
  'practiceIds',
  'platformIds',
  'clientIds',
  'platformUserTypeIds',
] as const;
export type AccessReviewScopeList = (typeof accessReviewScopeLists)[number];

/** A scope list's name: `one` in the scope in words ('Region: EMEA'), `many` as the form's label. */
export const accessReviewScopeListNames: Record<AccessReviewScopeList, { one: string; many: string }> = {
  regionIds: { one: 'Region', many: 'Regions' },
  marketIds: { one: 'Market', many: 'Markets' },
  agencyIds: { one: 'Agency', many: 'Agencies' },
  practiceIds: { one: 'Practice', many: 'Practices' },
  platformIds: { one: 'Platform', many: 'Platforms' },
  clientIds: { one: 'Client', many: 'Clients' },
  platformUserTypeIds: { one: 'Platform User Type', many: 'Platform user types' },
};

export const accessReviewer = z.union([
  z.literal('approver'),
  z.literal('manager'),
  z.object({ userId: id }),
]);
export type AccessReviewer = z.infer<typeof accessReviewer>;

/** POST api/AccessReviews (a new draft) and PUT api/AccessReviews/{id} (a draft's edit). */
export const accessReviewInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: messages.accessReviewNameRequired })
    .max(limits.accessReviewName, { error: messages.accessReviewNameTooLong(limits.accessReviewName) }),
  scope: accessReviewScope.default({}),
  reviewer: accessReviewer.default('approver'),
  dueDate: dayField,
  whenUndecided: z.enum(whenUndecidedValues).default('keep'),
  recurrenceMonths: z
    .union([z.literal(3), z.literal(6), z.literal(12)])
    .nullish()
    .transform((v) => v ?? null),
});
export type AccessReviewInput = z.output<typeof accessReviewInput>;
export type AccessReviewInputBody = z.input<typeof accessReviewInput>;

export const accessReviewCreated = z.object({ reviewId: z.number().int() });
export type AccessReviewCreated = z.infer<typeof accessReviewCreated>;

/** One campaign as the campaigns page lists it, with its progress. */
export const accessReviewRow = z.object({
  reviewId: z.number().int(),
  name: z.string(),
  status: z.enum(accessReviewStatuses),
  /** The status in words ('Draft', 'Active', …). */
  statusName: z.string(),
  reviewerRule: z.enum(reviewerRules),
  /** The named reviewer (rule 'user'), else null. */
  reviewerUserId: z.number().int().nullable(),
  /** The rule in words, or the named reviewer's name. */
  reviewerText: z.string(),
  /** The scope in words ('Region: EMEA; Platform: Meta, Google Ads'; 'Everything'). */
  scopeText: z.string(),
  dueDate: z.string(),
  whenUndecided: z.enum(whenUndecidedValues),
  recurrenceMonths: z.number().int().nullable(),
  createdByName: z.string(),
  createdDate: z.string(),
  startedDate: z.string().nullable(),
  closedDate: z.string().nullable(),
  itemCount: z.number().int(),
  decidedCount: z.number().int(),
  keptCount: z.number().int(),
  revokedCount: z.number().int(),
  undecidedCount: z.number().int(),
});
export type AccessReviewRow = z.infer<typeof accessReviewRow>;

export const accessReviewList = listPage('reviews', accessReviewRow);
export type AccessReviewList = z.infer<typeof accessReviewList>;

/** GET api/AccessReviews/{id}: one campaign with its scope as sent, for the edit dialog. */
export const accessReviewDetail = accessReviewRow.extend({
  scope: accessReviewScope,
  reviewer: accessReviewer,
});
export type AccessReviewDetail = z.infer<typeof accessReviewDetail>;

/** PUT api/AccessReviews/{id}/Start: how many items the snapshot took. */
export const accessReviewStarted = z.object({ reviewId: z.number().int(), itemCount: z.number().int() });
export type AccessReviewStarted = z.infer<typeof accessReviewStarted>;

/** PUT api/AccessReviews/{id}/Close and /Cancel: the campaign's status after the call. */
export const accessReviewMoved = z.object({
  reviewId: z.number().int(),
  status: z.enum(accessReviewStatuses),
  /** Items the close decided by the campaign's default (keep or revoke). */
  appliedCount: z.number().int(),
  /** Items the close handed to the administrators. */
  handedCount: z.number().int(),
});
export type AccessReviewMoved = z.infer<typeof accessReviewMoved>;

/** One item of My Access Reviews: one access record of one campaign, and its decision. */
export const accessReviewItemRow = z.object({
  itemId: z.number().int(),
  reviewId: z.number().int(),
  reviewName: z.string(),
  dueDate: z.string(),
  /** The access record (a completed Add line's id). */
  recordId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  /** The platform email of the record. */
  platformEmail: z.string(),
  platformDescription: z.string(),
  clientDescription: z.string(),
  clientAccountDescription: z.string(),
  platformUserTypeDescription: z.string(),
  /** Since when the access is held (the record's provisioning date). */
  sinceDate: z.string().nullable(),
  requestedByName: z.string(),
  approvedByName: z.string(),
  /** Null: undecided. */
  decision: z.enum(accessReviewDecisions).nullable(),
  /** The decision in words ('Keep', 'Revoke', '' when undecided). */
  decisionName: z.string(),
  comment: z.string(),
  decidedByName: z.string(),
  decidedAt: z.string().nullable(),
  /** The Deactivate line a revoke made. */
  revokeRequestId: z.number().int().nullable(),
  /** Where the item stands in words ('To review', 'Revoked — waiting for provisioning', …). */
  state: z.string(),
  /** Null: the caller may decide the item now; else why not (the reason a disabled control shows). */
  notDecidableReason: z.string().nullable(),
  /** Null: the caller may revoke the item now; else why not (e.g. an approved change waits). Keep follows notDecidableReason. */
  notRevocableReason: z.string().nullable(),
});
export type AccessReviewItemRow = z.infer<typeof accessReviewItemRow>;

export const accessReviewItemList = listPage('items', accessReviewItemRow);
export type AccessReviewItemList = z.infer<typeof accessReviewItemList>;

/** PUT api/AccessReviews/MyItems (and /Filters, /Export): the table body, optionally one campaign. */
export const accessReviewItemsQuery = tableQuery.extend({ reviewId: id.nullish() });
export type AccessReviewItemsQuery = z.infer<typeof accessReviewItemsQuery>;

/** PATCH api/AccessReviews/Items: one decision for every named item, all or nothing. */
export const accessReviewDecisionInput = z.object({
  itemIds: z.array(id).min(1, { error: messages.accessReviewSelectItems }).max(limits.accessReviewBulkItems),
  decision: z.enum(accessReviewDecisions),
  /** Required to revoke (422 without it); optional to keep. */
  comment: z.string().trim().max(limits.comment).nullish(),
});
export type AccessReviewDecisionInput = z.infer<typeof accessReviewDecisionInput>;

export const accessReviewDecided = z.object({
  decidedCount: z.number().int(),
  /** The Deactivate lines the revokes created, one per revoked item, in the order asked. */
  revokeRequestIds: z.array(z.number().int()),
});
export type AccessReviewDecided = z.infer<typeof accessReviewDecided>;

/**
 * GET api/AccessReviews/{id}/Evidence: the CSV's columns in order (one row per item), dates in
 * the zone the query names (localTimeZone, default UTC).
 */
export const accessReviewEvidenceHeaders = {
  itemId: 'Item ID',
  campaign: 'Campaign',
  recordId: 'Record ID',
  userName: 'User Name',
  userEmail: 'User Primary Email',
  platformEmail: 'User Platform Email',
  platform: 'Platform',
  client: 'Client',
  clientAccount: 'Asset Name',
  platformUserType: 'Platform User Type',
  since: 'Since',
  reviewer: 'Reviewer',
  decision: 'Decision',
  comment: 'Comment',
  decidedBy: 'Decided By',
  decidedAt: 'Decided At',
  revokeRequestId: 'Deactivation Request ID',
  provisioningOutcome: 'Provisioning Outcome',
} as const;

/**
 * GET api/AccessReviews/{id}/Evidence/Pdf: the PDF's columns (one row per item, a cell holding
 * several of the CSV's fields, one a line).
 */
export const accessReviewEvidencePdfHeaders = {
  item: 'Item / Record',
  user: 'User',
  access: 'Access (Platform, Client, Asset, User Type, Since)',
  reviewer: 'Reviewer',
  decision: 'Decision',
  comment: 'Comment',
  decided: 'Decided By / At',
  revoke: 'Deactivation / Outcome',
} as const;

/** The provisioning outcome of a revoke, by the status of its Deactivate line. */
export const revokeOutcomeNames: Readonly<Record<number, string>> = {
  1: 'Waiting for approval',
  2: 'Waiting for provisioning',
  3: 'Deactivated',
  4: 'Rejected',
  5: 'Cancelled',
  6: 'Deactivated',
};

export const accessReviewEvidenceQuery = z.object({ localTimeZone: z.string().max(64).default('UTC') });

/**
 * PUT api/AccessReviews/{id}/Reviewers: one reviewer of a campaign and how far they are (issue
 * 46 item 5, the campaign page). The items nobody is named for are one row, the administrators'.
 */
export const accessReviewReviewerRow = z.object({
  /** The row's id: the reviewer's UAP id, 0 for the administrators' row. */
  reviewerKey: z.number().int(),
  /** Null: the administrators of the items' region and market. */
  reviewerUserId: z.number().int().nullable(),
  reviewerName: z.string(),
  reviewerEmail: z.string(),
  itemCount: z.number().int(),
  decidedCount: z.number().int(),
  keptCount: z.number().int(),
  revokedCount: z.number().int(),
  undecidedCount: z.number().int(),
  /** When the reviewer's latest decision was made; null: none yet. */
  lastDecidedAt: z.string().nullable(),
  /** Undecided items left in an active campaign whose due day has passed. */
  isOverdue: z.boolean(),
});
export type AccessReviewReviewerRow = z.infer<typeof accessReviewReviewerRow>;

export const accessReviewReviewerList = listPage('reviewers', accessReviewReviewerRow);
export type AccessReviewReviewerList = z.infer<typeof accessReviewReviewerList>;

/** The campaign a table of one campaign names in its path (`…/AccessReviews/:id/…`). */
export const accessReviewIdParams = z.object({ id: idParam });
