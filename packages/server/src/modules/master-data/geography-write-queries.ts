import { nowIso, type Executor } from '../../db/connection.ts';
import { sameText } from './item-queries.ts';

// The statements of the master data saves and updates that span markets (write-global.ts:
// regions, account ownerships) and of the geography (write-geography.ts: markets, agencies,
// practices). Names are compared case-insensitively (`sameText`).

// ---------------------------------------------------------------- regions and account ownerships

/** A region of that name other than `exceptId`, if any. */
export function findRegionNamed(q: Executor, description: string, exceptId = 0) {
  return q
    .selectFrom('regions')
    .select('regionId')
    .where(sameText('description', description))
    .where('regionId', '!=', exceptId)
    .executeTakeFirst();
}

export async function insertRegion(q: Executor, description: string): Promise<number> {
  const { regionId } = await q
    .insertInto('regions')
    .values({ description })
    .returning('regionId')
    .executeTakeFirstOrThrow();
  return regionId;
}

export async function renameRegion(q: Executor, regionId: number, description: string): Promise<void> {
  await q
    .updateTable('regions')
    .set({ description, updatedDate: nowIso() })
    .where('regionId', '=', regionId)
    .execute();
}

/** An account ownership of that name other than `exceptId`, if any. */
export function findOwnershipNamed(q: Executor, description: string, exceptId = 0) {
  return q
    .selectFrom('platformOwnerships')
    .select('platformOwnershipId')
    .where(sameText('description', description))
    .where('platformOwnershipId', '!=', exceptId)
    .executeTakeFirst();
}

export async function insertOwnership(q: Executor, description: string): Promise<number> {
  const { platformOwnershipId } = await q
    .insertInto('platformOwnerships')
    .values({ description })
    .returning('platformOwnershipId')
    .executeTakeFirstOrThrow();
  return platformOwnershipId;
}

export async function renameOwnership(q: Executor, id: number, description: string): Promise<void> {
  await q
    .updateTable('platformOwnerships')
    .set({ description, updatedDate: nowIso() })
    .where('platformOwnershipId', '=', id)
    .execute();
}

// ---------------------------------------------------------------- markets and agencies

/** A market of that name in the region other than `exceptId`, if any. */
export function findMarketNamed(q: Executor, regionId: number, description: string, exceptId = 0) {
  return q
    .selectFrom('markets')
    .select('marketId')
    .where('regionId', '=', regionId)
    .where(sameText('description', description))
    .where('marketId', '!=', exceptId)
    .executeTakeFirst();
}

export async function insertMarket(
  q: Executor,
  market: { regionId: number; description: string; code: string },
): Promise<number> {
  const { marketId } = await q
    .insertInto('markets')
    .values(market)
    .returning('marketId')
    .executeTakeFirstOrThrow();
  return marketId;
}

export async function updateMarketRow(
  q: Executor,
  marketId: number,
  change: { description: string; code: string },
): Promise<void> {
  await q
    .updateTable('markets')
    .set({ ...change, updatedDate: nowIso() })
    .where('marketId', '=', marketId)
    .execute();
}

/** An agency of that name in the market other than `exceptId`, if any. */
export function findAgencyNamed(q: Executor, marketId: number, description: string, exceptId = 0) {
  return q
    .selectFrom('agencies')
    .select('agencyId')
    .where('marketId', '=', marketId)
    .where(sameText('description', description))
    .where('agencyId', '!=', exceptId)
    .executeTakeFirst();
}

export async function insertAgency(q: Executor, agency: { marketId: number; description: string }) {
  const { agencyId } = await q
    .insertInto('agencies')
    .values(agency)
    .returning('agencyId')
    .executeTakeFirstOrThrow();
  return agencyId;
}

export async function renameAgency(q: Executor, agencyId: number, description: string): Promise<void> {
  await q
    .updateTable('agencies')
    .set({ description, updatedDate: nowIso() })
    .where('agencyId', '=', agencyId)
    .execute();
}

// ---------------------------------------------------------------- practices

/** The (region, market) of every agency offering the practice. */
export function findPracticeMarkets(q: Executor, practiceId: number) {
  return q
    .selectFrom('agencyPractices as ap')
    .innerJoin('agencies as a', 'a.agencyId', 'ap.agencyId')
    .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
    .select(['mk.regionId', 'mk.marketId'])
    .where('ap.practiceId', '=', practiceId)
    .execute();
}

/** A practice of that name other than `exceptId`, if any. */
export function findPracticeNamed(q: Executor, description: string, exceptId = 0) {
  return q
    .selectFrom('practices')
    .select('practiceId')
    .where(sameText('description', description))
    .where('practiceId', '!=', exceptId)
    .executeTakeFirst();
}

export async function insertPractice(q: Executor, description: string): Promise<number> {
  const { practiceId } = await q
    .insertInto('practices')
    .values({ description })
    .returning('practiceId')
    .executeTakeFirstOrThrow();
  return practiceId;
}

export function findPracticeRow(q: Executor, practiceId: number) {
  return q.selectFrom('practices').selectAll().where('practiceId', '=', practiceId).executeTakeFirst();
}

export async function renamePractice(q: Executor, practiceId: number, description: string): Promise<void> {
  await q
    .updateTable('practices')
    .set({ description, updatedDate: nowIso() })
    .where('practiceId', '=', practiceId)
    .execute();
}

/** The agency's offer of the practice, if any. */
export function findAgencyPractice(q: Executor, agencyId: number, practiceId: number) {
  return q
    .selectFrom('agencyPractices')
    .select('agencyPracticeId')
    .where('agencyId', '=', agencyId)
    .where('practiceId', '=', practiceId)
    .executeTakeFirst();
}

export async function insertAgencyPractice(q: Executor, agencyId: number, practiceId: number) {
  const { agencyPracticeId } = await q
    .insertInto('agencyPractices')
    .values({ agencyId, practiceId })
    .returning('agencyPracticeId')
    .executeTakeFirstOrThrow();
  return agencyPracticeId;
}

/** Every agency's offer of the practice. */
export function findPracticeOffers(q: Executor, practiceId: number) {
  return q
    .selectFrom('agencyPractices')
    .select('agencyPracticeId')
    .where('practiceId', '=', practiceId)
    .execute();
}
