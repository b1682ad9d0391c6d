import { z } from 'zod';

export const region = z.object({
  regionId: z.number().int(),
  description: z.string(),
  isDeleted: z.boolean(),
});
export const market = z.object({
  marketId: z.number().int(),
  regionId: z.number().int(),
  description: z.string(),
  code: z.string(),
  isDeleted: z.boolean(),
});
export const agency = z.object({
  agencyId: z.number().int(),
  marketId: z.number().int(),
  description: z.string(),
  isDeleted: z.boolean(),
});
export const agencyPractice = z.object({
  agencyPracticeId: z.number().int(),
  practice: z.object({ practiceId: z.number().int(), description: z.string() }),
  isDeleted: z.boolean(),
});
export const asset = z.object({
  assetId: z.number().int(),
  description: z.string(),
  isSystemRecord: z.boolean(),
  assetName: z.string().nullable(),
  isDeleted: z.boolean(),
});
export const platform = z.object({
  platformId: z.number().int(),
  description: z.string(),
  businessAccess: z.boolean(),
  bussinesAccessName: z.string().nullable(),
  bussinesAccessId: z.string().nullable(),
  /** Business access for internal users only (Meta's Business Manager); ours. */
  isBusinessAccessInternalOnly: z.boolean(),
  platformAgencyId: z.number().int().nullable(),
  assets: z.array(asset),
  isDeleted: z.boolean(),
});
export const clientCode = z.object({
  clientCodeId: z.number().int(),
  code: z.string(),
  isSystemRecord: z.boolean(),
  isDeleted: z.boolean(),
});
export const client = z.object({
  clientId: z.number().int(),
  description: z.string(),
  platformId: z.number().int(),
  agencyId: z.number().int(),
  clientCode: z.array(clientCode),
  isDeleted: z.boolean(),
});
export const clientAccount = z.object({
  clientAccountId: z.number().int(),
  description: z.string(),
  assetReference: z.string().nullable(),
  assetId: z.number().int(),
  assetName: z.string(),
  isDeleted: z.boolean(),
});
export const platformUserType = z.object({
  platformUserTypeId: z.number().int(),
  description: z.string(),
  basicName: z.string(),
  assetId: z.number().int().nullable(),
  platformId: z.number().int(),
  isDeleted: z.boolean(),
});
export const platformOwnership = z.object({
  platformOwnerShipId: z.number().int(),
  description: z.string(),
  isDeleted: z.boolean(),
});
export const platformAgency = z.object({
  platformAgencyId: z.number().int(),
  platformId: z.number().int(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  practiceId: z.number().int(),
  practiceName: z.string(),
  isDeleted: z.boolean(),
});
export const agencyClient = z.object({ id: z.number().int(), client: z.string() });
/** A platform with the agencies that offer it (the What's Included? page). */
export const agencyPlatform = z.object({
  platformId: z.number().int(),
  platform: z.string(),
  agencies: z.array(z.object({ agencyId: z.number().int(), agency: z.string() })),
});
export type AgencyPlatform = z.infer<typeof agencyPlatform>;

export type Region = z.infer<typeof region>;
export type Market = z.infer<typeof market>;
export type Agency = z.infer<typeof agency>;
export type AgencyPractice = z.infer<typeof agencyPractice>;
export type Platform = z.infer<typeof platform>;
export type Client = z.infer<typeof client>;
export type ClientAccount = z.infer<typeof clientAccount>;
export type PlatformUserType = z.infer<typeof platformUserType>;
export type AgencyClient = z.infer<typeof agencyClient>;
