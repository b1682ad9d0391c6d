import { z } from 'zod';
import { idParam } from './common.ts';
import { profileRow } from './profiles.ts';
import { listPage } from './table.ts';

/** Profile merges, the Profile Matcher and the Status of Users report. */

export const userIdParams = z.object({ userId: idParam });

/** POST api/User/MergeProfile: `userId` becomes a child of `mergedUserId` (its own id clears the merge). */
export const mergeProfileInput = z.object({
  userId: z.number().int().positive(),
  mergedUserId: z.number().int().positive(),
});
export type MergeProfileInput = z.infer<typeof mergeProfileInput>;

/** POST api/User/UnMergedSelectedUsers: the profiles ticked on the User Details List. */
export const unmergeInput = z.object({ userIds: z.array(z.number().int().positive()).min(1).max(500) });
export type UnmergeInput = z.infer<typeof unmergeInput>;

/** What one merge handed to the parent (and an unmerge gives back), by kind. */
export const mergeCounts = z.object({
  requests: z.number().int(),
  requestsMade: z.number().int(),
  history: z.number().int(),
  assignments: z.number().int(),
  masterApprovers: z.number().int(),
  additionalEmails: z.number().int(),
});
export type MergeCounts = z.infer<typeof mergeCounts>;

export const mergeResult = z.object({ parentUserId: z.number().int(), moved: mergeCounts });
export type MergeResult = z.infer<typeof mergeResult>;

export const unmergeResult = z.object({ unmergedUserIds: z.array(z.number().int()) });
export type UnmergeResult = z.infer<typeof unmergeResult>;

/**
 * One profile of a merged family on the User Details List (the parent first): the All User
 * Profiles row, so the page offers the same log, edit and sync actions.
 */
export const userDetailsRow = profileRow.extend({ isParent: z.boolean() });
export type UserDetailsRow = z.infer<typeof userDetailsRow>;

/** PUT api/User/userDetailsList/{userId}: one page of the family (the parent first by default). */
export const userDetailsPage = listPage('users', userDetailsRow);
export type UserDetailsPage = z.infer<typeof userDetailsPage>;

/** GET api/User/ProfileMatcherRunningStatus/{id} (0: the latest run). */
export const profileMatcherStatus = z.object({
  id: z.number().int().nullable(),
  /** 'COMPLETED', 'RUNNING', 'FAILED', or null when it never ran. */
  status: z.string().nullable(),
  startOn: z.string().nullable(),
  endOn: z.string().nullable(),
});
export type ProfileMatcherStatus = z.infer<typeof profileMatcherStatus>;

export const mergeProposal = z.object({
  id: z.number().int(),
  reason: z.enum(['email', 'name']),
  createdDate: z.string(),
  parent: z.object({ userId: z.number().int(), fullName: z.string(), email: z.string() }),
  child: z.object({ userId: z.number().int(), fullName: z.string(), email: z.string() }),
});
export type MergeProposal = z.infer<typeof mergeProposal>;

export const proposalParams = z.object({ id: idParam });

/** One 'Status of Users' row (spec 3 §3 'Status report row'). */
export const userStatusRow = z.object({
  id: z.number().int(),
  isDeleted: z.boolean(),
  isMerged: z.boolean(),
  userID: z.number().int(),
  fullName: z.string(),
  role: z.string().nullable(),
  roleId: z.number().int(),
  operationDate: z.string(),
  activeRecordsCount: z.number().int(),
  agency: z.string().nullable(),
  changeDescription: z.string(),
});
export type UserStatusRow = z.infer<typeof userStatusRow>;

/** PUT api/User/UserStatusReport: one page of Status of Users and the count of the filtered rows. */
export const userStatusPage = listPage('statusRows', userStatusRow);
export type UserStatusPage = z.infer<typeof userStatusPage>;

/** The Actions column's filter values: rows waiting for acknowledgement, and acknowledged ones. */
export const userStatusStates = ['Open', 'Acknowledged'] as const;

export const acknowledgeUserParams = z.object({ id: idParam, flag: z.enum(['true', 'false', '0', '1']) });

/** PUT api/User/AcknowledgeUser: several rows at once; IsDeleted true acknowledges. */
export const acknowledgeUsersInput = z.object({
  Ids: z.array(z.number().int().positive()).min(1).max(1000),
  IsDeleted: z.boolean(),
});
export type AcknowledgeUsersInput = z.infer<typeof acknowledgeUsersInput>;
