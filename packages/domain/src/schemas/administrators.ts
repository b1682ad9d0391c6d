import { z } from 'zod';
import { messages } from '../messages.ts';
import { listPage } from './table.ts';

/** An administrator's (region, market) row (spec 3 §3). */
export const adminRegionRow = z.object({
  adminRegionId: z.number().int(),
  userId: z.number().int(),
  regionId: z.number().int(),
  marketId: z.number().int(),
  name: z.string(),
  email: z.string(),
  regionName: z.string(),
  marketName: z.string(),
  isDeleted: z.boolean(),
});

export const superAdminRow = z.object({
  adminId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  isDeleted: z.boolean(),
});

const id = z.number().int().positive();

/** A row of the server-paged Administrators table: the admin row with its status as text. */
export const adminRegionTableRow = adminRegionRow.extend({ status: z.enum(['Active', 'Inactive']) });
export type AdminRegionTableRow = z.infer<typeof adminRegionTableRow>;

export const superAdminTableRow = superAdminRow.extend({ status: z.enum(['Active', 'Inactive']) });
export type SuperAdminTableRow = z.infer<typeof superAdminTableRow>;

export const adminRegionPage = listPage('records', adminRegionTableRow);
export type AdminRegionPage = z.infer<typeof adminRegionPage>;

export const superAdminPage = listPage('records', superAdminTableRow);
export type SuperAdminPage = z.infer<typeof superAdminPage>;

/** Adds `message` when any of these fields is missing (the form's Save stays disabled until they are chosen). */
function requireFields(keys: readonly string[], message: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const key of keys) {
      if (value[key] == null) {
        ctx.addIssue({ code: 'custom', message, path: [key] });
        return;
      }
    }
  };
}

/** POST api/User/AssignAdminRegion (spec 3 §5: a user, a region and a market are all needed). */
export const assignAdminRegionInput = z
  .object({ userId: id.nullish(), regionId: id.nullish(), marketId: id.nullish() })
  .superRefine(requireFields(['userId', 'regionId', 'marketId'], messages.adminNeedsUserRegionMarket))
  .transform((v) => ({ userId: v.userId!, regionId: v.regionId!, marketId: v.marketId! }));
export type AssignAdminRegionInput = z.input<typeof assignAdminRegionInput>;

/** PUT api/User/UpdateAdminRegion: another user, region or market for one row. */
export const updateAdminRegionInput = z
  .object({ adminRegionId: id, userId: id.nullish(), regionId: id.nullish(), marketId: id.nullish() })
  .superRefine(requireFields(['userId', 'regionId', 'marketId'], messages.adminNeedsUserRegionMarket))
  .transform((v) => ({
    adminRegionId: v.adminRegionId,
    userId: v.userId!,
    regionId: v.regionId!,
    marketId: v.marketId!,
  }));
export type UpdateAdminRegionInput = z.input<typeof updateAdminRegionInput>;

export const deleteAdminInput = z.object({ adminRegionId: id });
export const activateDeactivateAdminInput = z.object({ adminRegionId: id, isDeleted: z.boolean() });

/** POST api/User/AssignSuperAdmin (spec 3 §5: a user is needed). */
export const assignSuperAdminInput = z
  .object({ userId: id.nullish() })
  .superRefine(requireFields(['userId'], messages.superAdminNeedsUser))
  .transform((v) => ({ userId: v.userId! }));
export type AssignSuperAdminInput = z.input<typeof assignSuperAdminInput>;

export const updateSuperAdminInput = z
  .object({ adminId: id, userId: id.nullish() })
  .superRefine(requireFields(['userId'], messages.superAdminNeedsUser))
  .transform((v) => ({ adminId: v.adminId, userId: v.userId! }));
export type UpdateSuperAdminInput = z.input<typeof updateSuperAdminInput>;

export const deleteSuperAdminInput = z.object({ adminId: id });
export const activateDeactivateSuperAdminInput = z.object({ adminId: id, isDeleted: z.boolean() });

/** What every administrator write answers: the row it wrote. */
export const adminWriteResult = z.object({ adminRegionId: z.number().int() });
export const superAdminWriteResult = z.object({ adminId: z.number().int() });
