import { z } from 'zod';
import { messages } from '../messages.ts';
import { listPage } from './table.ts';
import { emailField, managerFields } from './user-search.ts';
import { commentField } from './create-request.ts';

const id = z.number({ error: messages.completeRequiredFields }).int().positive();

/** The most accesses one bundle names. */
export const maxBundleItems = 50;
/** The longest name of a bundle. */
export const maxBundleName = 100;

/**
 * One access a bundle names, on the bundle's region, market and agency: the practice, platform,
 * client, asset type, account and user type, as the wizard's Add Account(s) chooses them; a
 * business access names the platform and a platform-level user type only.
 */
export const accessBundleItemInput = z.object({
  PracticeId: id,
  PlatformId: id,
  ClientId: id.nullish(),
  AssetId: id.nullish(),
  ClientAccountId: id.nullish(),
  PlatformUserTypeId: id,
  IsPlatformRequest: z.boolean().default(false),
});
export type AccessBundleItemInput = z.infer<typeof accessBundleItemInput>;

/** POST api/AccessBundles, PUT api/AccessBundles/{bundleId}: a named set of accesses for one agency. */
export const accessBundleInput = z.object({
  Name: z
    .string({ error: messages.bundleNameRequired })
    .trim()
    .min(1, { error: messages.bundleNameRequired })
    .max(maxBundleName, { error: messages.bundleNameTooLong(maxBundleName) }),
  RegionId: id,
  MarketId: id,
  AgencyId: id,
  Items: z
    .array(accessBundleItemInput)
    .min(1, { error: messages.bundleNoItems })
    .max(maxBundleItems, { error: messages.bundleTooManyItems(maxBundleItems) }),
});
export type AccessBundleInput = z.infer<typeof accessBundleInput>;
export type AccessBundleInputBody = z.input<typeof accessBundleInput>;

/** PUT api/AccessBundles/{bundleId}/Active. */
export const accessBundleActiveInput = z.object({ isActive: z.boolean() });
export type AccessBundleActiveInput = z.infer<typeof accessBundleActiveInput>;

export const bundleIdParam = z.object({ bundleId: z.coerce.number().int().positive() });

/** A row of the Access Bundles table. */
export const accessBundleRow = z.object({
  bundleId: z.number().int(),
  name: z.string(),
  regionName: z.string(),
  marketName: z.string(),
  agencyName: z.string(),
  itemCount: z.number().int(),
  status: z.enum(['Active', 'Inactive']),
  updatedDate: z.string(),
});
export type AccessBundleRow = z.infer<typeof accessBundleRow>;
export const accessBundlePage = listPage('records', accessBundleRow);
export type AccessBundlePage = z.infer<typeof accessBundlePage>;

/** One access of a bundle with its names; `unavailable` says which part was deactivated since. */
export const accessBundleItem = z.object({
  itemId: z.number().int(),
  practiceId: z.number().int(),
  practiceName: z.string(),
  platformId: z.number().int(),
  platformName: z.string(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  assetId: z.number().int().nullable(),
  assetName: z.string().nullable(),
  clientAccountId: z.number().int().nullable(),
  clientAccountName: z.string().nullable(),
  platformUserTypeId: z.number().int(),
  platformUserTypeName: z.string(),
  isPlatformRequest: z.boolean(),
  unavailable: z.string().nullable(),
});
export type AccessBundleItem = z.infer<typeof accessBundleItem>;

/** GET api/AccessBundles/{bundleId}: the bundle, its place and its accesses. */
export const accessBundleDetail = z.object({
  bundleId: z.number().int(),
  name: z.string(),
  regionId: z.number().int(),
  marketId: z.number().int(),
  agencyId: z.number().int(),
  regionName: z.string(),
  marketName: z.string(),
  agencyName: z.string(),
  isActive: z.boolean(),
  items: z.array(accessBundleItem),
});
export type AccessBundleDetail = z.infer<typeof accessBundleDetail>;

/** GET api/AccessBundles/Fitting: the wizard's place (region, market, agency). */
export const fittingBundlesQuery = z.object({
  regionId: z.coerce.number().int().positive(),
  marketId: z.coerce.number().int().positive(),
  agencyId: z.coerce.number().int().positive(),
});
export type FittingBundlesQuery = z.infer<typeof fittingBundlesQuery>;

/** An active bundle of the wizard's place, as the wizard offers it. */
export const fittingBundle = z.object({
  bundleId: z.number().int(),
  name: z.string(),
  itemCount: z.number().int(),
});
export const fittingBundles = z.array(fittingBundle);
export type FittingBundle = z.infer<typeof fittingBundle>;

const bundleChoice = {
  UserId: id,
  Email: emailField,
  BundleId: id,
  ItemIds: z.array(id).min(1, { error: messages.bundleChooseItems }).max(maxBundleItems),
};

/**
 * POST api/Request/Bundle/Preview: what each chosen access of the bundle becomes for the user, in
 * the lines of "Same access as a colleague" (`recordId` is the bundle item's id).
 */
export const bundleRequestPreviewInput = z.object({ ...bundleChoice, ...managerFields });
export type BundleRequestPreviewInput = z.infer<typeof bundleRequestPreviewInput>;

/** POST api/Request/Bundle: one request with a line per chosen access the user may be given. */
export const bundleRequestInput = z.object({
  ...bundleChoice,
  Comments: commentField,
  IsUrgent: z.boolean().default(false),
  ...managerFields,
});
export type BundleRequestInput = z.infer<typeof bundleRequestInput>;
