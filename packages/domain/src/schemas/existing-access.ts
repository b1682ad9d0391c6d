import { z } from 'zod';
import { tablePage, tableQuery } from './table.ts';

/**
 * PUT api/Request/ExistingAccess: the table body plus the subject a request is being made for.
 * Anyone may request for anyone, so anyone may check what that person already holds.
 */
export const existingAccessQuery = tableQuery.extend({ userId: z.number().int().positive() });
export type ExistingAccessQuery = z.infer<typeof existingAccessQuery>;
export type ExistingAccessQueryInput = z.input<typeof existingAccessQuery>;

/**
 * One line of the subject's existing access (the wizard's Check Existing Access Information):
 * only what tells a duplicate apart, the spec's columns of the User Access Overview. No comments,
 * dates or requestor: the line may have been made by someone other than the caller.
 */
export const existingAccessRow = z.object({
  /** The Add line's id; the record ID once it completed. */
  requestId: z.number().int(),
  statusId: z.number().int(),
  /** Request status: Submitted, Approved, Completed or Archived. */
  status: z.object({ description: z.string() }),
  /** Record status: Active or Expired (inactive records are not existing access). */
  statusDescription: z.string(),
  requestTypeName: z.string(),
  requestUser: z.object({ fullName: z.string(), email: z.string() }),
  /** The platform email of the line. */
  email: z.string(),
  agencyName: z.string(),
  practiceName: z.string(),
  platformName: z.string(),
  clientName: z.string(),
  clientCodeName: z.string(),
  /** The asset type. */
  assetName: z.string(),
  /** The asset (client account) name. */
  clientAccountName: z.string(),
  platformUserTypeName: z.string(),
  /** A record the caller may open in Modify an Existing Access (inside the caller's record scope). */
  canModify: z.boolean(),
});
export type ExistingAccessRow = z.infer<typeof existingAccessRow>;
export const existingAccessPage = tablePage(existingAccessRow);
export type ExistingAccessPage = z.infer<typeof existingAccessPage>;
