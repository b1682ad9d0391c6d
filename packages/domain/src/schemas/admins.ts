import { z } from 'zod';

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
