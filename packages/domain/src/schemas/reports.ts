import { z } from 'zod';
import { auditDay } from './audit.ts';

/**
 * The date range of every Reports chart: the request lines created from `from`'s UTC
 * midnight to the end of `to` (UTC). Days are YYYY-MM-DD (or MM-DD-YYYY, as the screens show them).
 */
export const reportRangeQuery = z.object({ from: auditDay, to: auditDay });
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

/** The two groupings of the median times chart. */
export const reportGroupings = ['platform', 'agency'] as const;
export const medianTimesQuery = reportRangeQuery.extend({
  by: z.enum(reportGroupings).default('platform'),
});
export type MedianTimesQuery = z.infer<typeof medianTimesQuery>;

/** Requests by status and month: one row per (month, status) that has lines. */
export const requestsByMonthRow = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  statusId: z.number().int(),
  statusName: z.string(),
  count: z.number().int(),
});
export type RequestsByMonthRow = z.infer<typeof requestsByMonthRow>;

/** Median hours from submission to approval and from approval to provisioning, per platform or agency. */
export const medianTimesRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Lines approved (with an approval step in their history). */
  approvedCount: z.number().int(),
  medianApproveHours: z.number().nullable(),
  /** Lines provisioned (with an approval and a provisioning step). */
  provisionedCount: z.number().int(),
  medianProvisionHours: z.number().nullable(),
});
export type MedianTimesRow = z.infer<typeof medianTimesRow>;

/** Who the pending work waits on (kind) and how old it is. */
export const pendingWaits = ['approver', 'masterApprover', 'provisioner', 'administrators'] as const;
export const pendingByApproverRow = z.object({
  /** approver: the covering assignment's primary approver; masterApprover: the path's master approvers (no assignment); provisioner: the assignment's provisioner; administrators: no approval path. */
  waitsOn: z.enum(pendingWaits),
  userId: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  pendingCount: z.number().int(),
  /** Days since the oldest of these lines was created. */
  oldestAgeDays: z.number(),
  medianAgeDays: z.number(),
});
export type PendingByApproverRow = z.infer<typeof pendingByApproverRow>;

/** Urgent lines among the lines of each month. */
export const urgentShareRow = z.object({
  month: z.string(),
  totalCount: z.number().int(),
  urgentCount: z.number().int(),
  /** urgentCount / totalCount × 100, one decimal. */
  urgentPercent: z.number(),
});
export type UrgentShareRow = z.infer<typeof urgentShareRow>;

/** Active access records (created in the range) that expire in the next 30 days, per platform. */
export const expiringAccessRow = z.object({
  platformId: z.number().int(),
  platformName: z.string(),
  /** Expiring in days 0–6, 7–13, 14–20, 21–29 from today. */
  week1: z.number().int(),
  week2: z.number().int(),
  week3: z.number().int(),
  week4: z.number().int(),
  totalCount: z.number().int(),
});
export type ExpiringAccessRow = z.infer<typeof expiringAccessRow>;

/** How many days ahead the expiring access chart looks. */
export const EXPIRING_WITHIN_DAYS = 30;
