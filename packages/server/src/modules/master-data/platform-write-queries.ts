import { nowIso, type Executor } from '../../db/connection.ts';
import { sameText } from './item-queries.ts';

// The statements of the platform and platform user type saves and updates (write-platforms.ts).

// ---------------------------------------------------------------- platforms

export function findPlatformId(q: Executor, platformId: number) {
  return q
    .selectFrom('platforms')
    .select('platformId')
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** The platform's row and its asset types in their order: what its log rows keep. */
export async function findPlatformWithAssets(q: Executor, platformId: number) {
  const platform = await q
    .selectFrom('platforms')
    .selectAll()
    .where('platformId', '=', platformId)
    .executeTakeFirst();
  const assets = await q
    .selectFrom('assetTypes')
    .select(['assetId', 'description', 'assetName', 'isSystemRecord', 'isDeleted'])
    .where('platformId', '=', platformId)
    .orderBy('sortOrder')
    .orderBy('assetId')
    .execute();
  return { ...platform, assets };
}

/** GET ValidatePlatform: the platform of that name, if any (SavePlatform then offers it instead of making one). */
export function findPlatformByName(q: Executor, description: string) {
  return q
    .selectFrom('platforms')
    .select('platformId')
    .where(sameText('description', description))
    .orderBy('platformId')
    .executeTakeFirst();
}

/** A platform of that name other than `exceptId`, if any. */
export function findPlatformNamed(q: Executor, description: string, exceptId: number) {
  return q
    .selectFrom('platforms')
    .select('platformId')
    .where(sameText('description', description))
    .where('platformId', '!=', exceptId)
    .executeTakeFirst();
}

export interface PlatformFields {
  description: string;
  businessAccess: number;
  bussinesAccessName: string | null;
  bussinesAccessId: string | null;
}

export async function insertPlatform(q: Executor, platform: PlatformFields): Promise<number> {
  const { platformId } = await q
    .insertInto('platforms')
    .values(platform)
    .returning('platformId')
    .executeTakeFirstOrThrow();
  return platformId;
}

export async function updatePlatformRow(
  q: Executor,
  platformId: number,
  change: PlatformFields,
): Promise<void> {
  await q
    .updateTable('platforms')
    .set({ ...change, updatedDate: nowIso() })
    .where('platformId', '=', platformId)
    .execute();
}

/** The platform's offer on the agency and practice, if any. */
export function findPlatformOffer(
  q: Executor,
  o: { platformId: number; agencyId: number; practiceId: number },
) {
  return q
    .selectFrom('platformAgencies')
    .select('platformAgencyId')
    .where('platformId', '=', o.platformId)
    .where('agencyId', '=', o.agencyId)
    .where('practiceId', '=', o.practiceId)
    .executeTakeFirst();
}

export async function insertPlatformOffer(
  q: Executor,
  offer: { platformId: number; agencyId: number; practiceId: number },
): Promise<number> {
  const { platformAgencyId } = await q
    .insertInto('platformAgencies')
    .values(offer)
    .returning('platformAgencyId')
    .executeTakeFirstOrThrow();
  return platformAgencyId;
}

/** Every offer of the platform (one per agency and practice). */
export function findPlatformOffers(q: Executor, platformId: number) {
  return q
    .selectFrom('platformAgencies')
    .select('platformAgencyId')
    .where('platformId', '=', platformId)
    .execute();
}

export function findPlatformBusinessAccess(q: Executor, platformId: number) {
  return q
    .selectFrom('platforms')
    .select('businessAccess')
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- asset types

export function findAssetOrders(q: Executor, platformId: number) {
  return q
    .selectFrom('assetTypes')
    .select(['assetId', 'sortOrder'])
    .where('platformId', '=', platformId)
    .execute();
}

export interface AssetTypeFields {
  description: string;
  assetName: string | null;
  isSystemRecord: number;
  isDeleted: number;
}

export async function updateAssetType(q: Executor, assetId: number, change: AssetTypeFields): Promise<void> {
  await q
    .updateTable('assetTypes')
    .set({ ...change, updatedDate: nowIso() })
    .where('assetId', '=', assetId)
    .execute();
}

export async function insertAssetType(
  q: Executor,
  asset: AssetTypeFields & { platformId: number; sortOrder: number },
): Promise<void> {
  await q.insertInto('assetTypes').values(asset).execute();
}

export function findAssetTypePlatform(q: Executor, assetId: number) {
  return q.selectFrom('assetTypes').select('platformId').where('assetId', '=', assetId).executeTakeFirst();
}

// ---------------------------------------------------------------- platform user types

/** A user type of that name on the platform and asset type (none: platform-level), other than `exceptId`. */
export function findUserTypeNamed(
  q: Executor,
  o: { platformId: number; assetId: number | null; description: string; exceptId?: number },
) {
  return q
    .selectFrom('platformUserTypes')
    .select('platformUserTypeId')
    .where('platformId', '=', o.platformId)
    .where((eb) => (o.assetId === null ? eb('assetId', 'is', null) : eb('assetId', '=', o.assetId)))
    .where(sameText('description', o.description))
    .where('platformUserTypeId', '!=', o.exceptId ?? 0)
    .executeTakeFirst();
}

/** The last place in the platform's user type order (0 when it has none). */
export async function findLastUserTypeOrder(q: Executor, platformId: number): Promise<number> {
  const last = await q
    .selectFrom('platformUserTypes')
    .select((eb) => eb.fn.max('sortOrder').as('sortOrder'))
    .where('platformId', '=', platformId)
    .executeTakeFirst();
  return Number(last?.sortOrder ?? 0);
}

export interface UserTypeFields {
  assetId: number | null;
  description: string;
  basicName: string;
}

export async function insertUserType(
  q: Executor,
  type: UserTypeFields & { platformId: number; sortOrder: number },
): Promise<number> {
  const { platformUserTypeId } = await q
    .insertInto('platformUserTypes')
    .values(type)
    .returning('platformUserTypeId')
    .executeTakeFirstOrThrow();
  return platformUserTypeId;
}

export async function updateUserTypeRow(q: Executor, id: number, change: UserTypeFields): Promise<void> {
  await q
    .updateTable('platformUserTypes')
    .set({ ...change, updatedDate: nowIso() })
    .where('platformUserTypeId', '=', id)
    .execute();
}
