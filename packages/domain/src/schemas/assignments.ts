import { z } from 'zod';
import { flagParam } from './common.ts';
import { listPage, pageParams, tableQuery } from './table.ts';

/**
 * GET api/Approvers and GET api/Approvers/GetMasterApprover: onlyMe=true lists the caller's own
 * assignments; without it (admin level) every assignment in the caller's admin scope, paged,
 * optionally of one user (userid).
 */
export const assignmentListQuery = z.object({
  onlyMe: flagParam.optional(),
  userid: z.coerce.number().int().positive().optional(),
  ...pageParams,
});
export type AssignmentListQuery = z.infer<typeof assignmentListQuery>;

/**
 * PUT api/Approvers/Assignments and PUT api/Approvers/MasterApprovers: the server-paged table
 * body (sorting, column filters, search) plus whose rows, as the GETs (onlyMe, userid).
 */
export const assignmentTableQuery = tableQuery.extend({
  onlyMe: z.boolean().optional(),
  userid: z.number().int().positive().optional(),
});
export type AssignmentTableQuery = z.infer<typeof assignmentTableQuery>;

/** An assignment's status as the tables show and filter it. */
export const AssignmentStatus = { ACTIVE: 'Active', INACTIVE: 'Inactive' } as const;
const assignmentStatus = z.enum([AssignmentStatus.ACTIVE, AssignmentStatus.INACTIVE]);

const pathNames = {
  regionId: z.number().int(),
  marketId: z.number().int(),
  agencyId: z.number().int(),
  practiceId: z.number().int(),
  regionName: z.string(),
  marketName: z.string(),
  agencyName: z.string(),
  practiceName: z.string(),
};

/** One approver/provisioner assignment (spec 2 §3), with the names and emails of each role. */
export const approverAssignmentRow = z.object({
  approverId: z.number().int(),
  isDeleted: z.boolean(),
  /** 'Inactive' when isDeleted, else 'Active'. */
  status: assignmentStatus,
  userId: z.number().int(),
  secondaryApproverId: z.number().int().nullable(),
  provisionerId: z.number().int().nullable(),
  provisionerBackupId: z.number().int().nullable(),
  ...pathNames,
  platformId: z.number().int(),
  platformName: z.string(),
  /** Null = every client of the platform (clientName 'All'). */
  clientId: z.number().int().nullable(),
  clientName: z.string(),
  approverName: z.string(),
  approverEmail: z.string(),
  secondaryApproverName: z.string(),
  secondaryApproverEmail: z.string(),
  provisionerName: z.string(),
  provisionerEmail: z.string(),
  provisionerBackupName: z.string(),
  provisionerBackupEmail: z.string(),
});
export type ApproverAssignmentRow = z.infer<typeof approverAssignmentRow>;

/** The answer of GET api/Approvers; holdsApprover / holdsProvisioner describe the caller's own rows. */
export const approverAssignmentList = listPage('approvers', approverAssignmentRow).extend({
  /** The caller is primary or secondary approver of at least one active assignment. */
  holdsApprover: z.boolean(),
  /** The caller is provisioner or backup of at least one active assignment. */
  holdsProvisioner: z.boolean(),
});
export type ApproverAssignmentList = z.infer<typeof approverAssignmentList>;

/** One master approver assignment (spec 2 §3). */
export const masterApproverRow = z.object({
  masterApproverId: z.number().int(),
  isDeleted: z.boolean(),
  /** 'Inactive' when isDeleted, else 'Active'. */
  status: assignmentStatus,
  userId: z.number().int(),
  ...pathNames,
  masterApproverName: z.string(),
  masterApproverEmail: z.string(),
});
export type MasterApproverRow = z.infer<typeof masterApproverRow>;

export const masterApproverList = listPage('masterApprovers', masterApproverRow);
export type MasterApproverList = z.infer<typeof masterApproverList>;
