import { z } from 'zod';
import { flagParam, idParam } from './common.ts';
import { listPage, pageParams } from './table.ts';

/**
 * Status of Approvers and Provisioners (spec 2 §2, §3): a person named on an active assignment
 * or master approver row whose directory account is disabled or whose UAP profile is inactive,
 * one row per (person, role), until an administrator acknowledges it.
 */
export const approverStatusRow = z.object({
  /** The row's id in the table (person and role). */
  id: z.number().int(),
  userID: z.number().int(),
  /** When the account or profile changed (ISO). */
  operationDate: z.string(),
  /** The same date as MM-DD-YYYY. */
  operationDateFormat: z.string(),
  fullName: z.string(),
  emailAddress: z.string(),
  /** 'Approver', 'Secondary Approver', 'Provisioner', 'Provisioner Backup' or 'Master Approver'. */
  role: z.string(),
  changeDescription: z.string(),
  /** True once acknowledged. */
  isDeleted: z.boolean(),
  /** How many active rows name the person in this role (in the caller's scope). */
  assignmentCount: z.number().int(),
});
export type ApproverStatusRow = z.infer<typeof approverStatusRow>;

export const approverStatusList = listPage('statusRows', approverStatusRow);
export type ApproverStatusList = z.infer<typeof approverStatusList>;

/** GET api/Approvers/CheckApprovalGrid: paged. */
export const approverStatusListQuery = z.object({
  ...pageParams,
});
export type ApproverStatusListQuery = z.infer<typeof approverStatusListQuery>;

/**
 * PUT api/Approvers/AcknowledgeApproverOrProvisioner: the people (user ids) whose rows to
 * acknowledge (IsDeleted true, the default) or bring back (false).
 */
export const acknowledgeApproversInput = z.object({
  Ids: z.array(z.number().int().positive()).min(1).max(1000),
  IsDeleted: z.boolean().default(true),
});
export type AcknowledgeApproversInput = z.input<typeof acknowledgeApproversInput>;

/** PUT api/Approvers/ApproverOrProvisioner/AcknowledgeApproverOrProvisioner/{userId}/{flag}. */
export const acknowledgeApproverParams = z.object({ userId: idParam, flag: flagParam });

/** The people whose rows were acknowledged (or brought back). */
export const acknowledgeApproversResult = z.object({ userIds: z.array(z.number().int()) });
export type AcknowledgeApproversResult = z.infer<typeof acknowledgeApproversResult>;
