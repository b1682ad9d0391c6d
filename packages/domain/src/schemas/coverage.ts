import { z } from 'zod';
import { placeNames } from './common.ts';
import { listPage } from './table.ts';

/** The Coverage tab's states, in the order 'paths with none first' shows them. */
export const CoverageState = {
  NO_APPROVER: 'No approver',
  NO_PROVISIONER: 'No provisioner',
  COVERED: 'Covered',
} as const;

/**
 * One approval path of the Coverage tab (ours): an active agency × practice ×
 * platform × client, who approves (the covering assignment's approvers and the practice's master
 * approvers) and provisions it, and how many of its requests wait (Submitted or Approved).
 */
export const coverageRow = z.object({
  /** Stable key of the path (client and practice). */
  pathKey: z.number().int(),
  coverage: z.string(),
  regionId: z.number().int(),
  marketId: z.number().int(),
  agencyId: z.number().int(),
  practiceId: z.number().int(),
  platformId: z.number().int(),
  clientId: z.number().int(),
  ...placeNames,
  /** The covering assignment (null: none), naming the client or every client of the platform. */
  approverId: z.number().int().nullable(),
  isClientAssignment: z.boolean(),
  approverName: z.string().nullable(),
  secondaryApproverName: z.string().nullable(),
  provisionerName: z.string().nullable(),
  provisionerBackupName: z.string().nullable(),
  masterApproverNames: z.string().nullable(),
  pendingCount: z.number().int(),
});
export type CoverageRow = z.infer<typeof coverageRow>;

export const coveragePage = listPage('paths', coverageRow);
export type CoveragePage = z.infer<typeof coveragePage>;

/**
 * GET api/Approvers/PathPreview (ours): who will approve and provision a request line on this
 * path, by the routing rule, before it is submitted.
 */
export const pathPreviewQuery = z.object({
  regionId: z.coerce.number().int().positive(),
  marketId: z.coerce.number().int().positive(),
  agencyId: z.coerce.number().int().positive(),
  practiceId: z.coerce.number().int().positive(),
  platformId: z.coerce.number().int().positive(),
  clientId: z.coerce.number().int().positive().optional(),
});
export type PathPreviewQuery = z.infer<typeof pathPreviewQuery>;

const named = z.object({ fullName: z.string(), email: z.string() });
export const pathPreview = z.object({
  hasApprovalPath: z.boolean(),
  approvers: z.array(named),
  provisioners: z.array(named),
});
export type PathPreview = z.infer<typeof pathPreview>;
