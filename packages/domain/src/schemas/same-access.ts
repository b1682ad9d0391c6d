import { z } from 'zod';
import { messages } from '../messages.ts';
import { commentField } from './create-request.ts';
import { existingAccessPage, existingAccessRow } from './existing-access.ts';
import { tableQuery } from './table.ts';
import { emailField, managerFields } from './user-search.ts';

const id = z.number({ error: messages.completeRequiredFields }).int().positive();

/** The most records one "same access as a colleague" request may copy. */
export const maxSameAccessRecords = 500;

/**
 * PUT api/Request/ColleagueAccess: a colleague's active records (Active, not expired), which the
 * wizard's "Same access as a colleague" offers to copy. As with the existing-access check, anyone
 * may request for anyone, so anyone signed in may see what a colleague holds (no comments, dates
 * or requestor).
 */
export const colleagueAccessQuery = tableQuery.extend({ userId: z.number().int().positive() });
export type ColleagueAccessQuery = z.infer<typeof colleagueAccessQuery>;
export type ColleagueAccessQueryInput = z.input<typeof colleagueAccessQuery>;
export const colleagueAccessRow = existingAccessRow;
export type ColleagueAccessRow = z.infer<typeof colleagueAccessRow>;
export const colleagueAccessPage = existingAccessPage;
export type ColleagueAccessPage = z.infer<typeof colleagueAccessPage>;

/** Whom the copy is for, whose records it copies, and which. */
const sameAccessChoice = {
  UserId: id,
  Email: emailField,
  ColleagueId: id,
  RecordIds: z
    .array(id)
    .min(1, { error: messages.sameAccessChooseRecords })
    .max(maxSameAccessRecords, { error: messages.sameAccessTooMany(maxSameAccessRecords) }),
};

/** POST api/Request/SameAccessAs/Preview: what each chosen record would become (nothing is written). */
export const sameAccessPreviewInput = z.object({ ...sameAccessChoice, ...managerFields });
export type SameAccessPreviewInput = z.infer<typeof sameAccessPreviewInput>;

/** POST api/Request/SameAccessAs: the request, one line per record that is not already held. */
export const sameAccessInput = z.object({
  ...sameAccessChoice,
  Comments: commentField,
  IsUrgent: z.boolean().default(false),
  ...managerFields,
});
export type SameAccessInput = z.infer<typeof sameAccessInput>;
export type SameAccessInputBody = z.input<typeof sameAccessInput>;

/**
 * What a chosen record becomes for the user: a line to request, access the user already holds
 * (`heldRequestId` names it; skipped), or refused by a rule of the wizard (`reason`: a part since
 * deactivated, Meta business access for an external user, …).
 */
export const sameAccessOutcomes = ['request', 'held', 'refused'] as const;
export const sameAccessLine = z.object({
  recordId: z.number().int(),
  platformName: z.string(),
  clientName: z.string(),
  assetName: z.string(),
  clientAccountName: z.string(),
  platformUserTypeName: z.string(),
  outcome: z.enum(sameAccessOutcomes),
  heldRequestId: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type SameAccessLine = z.infer<typeof sameAccessLine>;

export const sameAccessPreview = z.object({ lines: z.array(sameAccessLine) });
export type SameAccessPreview = z.infer<typeof sameAccessPreview>;

/** What the request wrote: the new lines' ids, and every chosen record's outcome. */
export const sameAccessResult = z.object({
  requestIds: z.array(z.number().int()),
  lines: z.array(sameAccessLine),
});
export type SameAccessResult = z.infer<typeof sameAccessResult>;
