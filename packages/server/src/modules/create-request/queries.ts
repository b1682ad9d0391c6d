import { RequestStatus, RequestType } from '@uap/domain';
import type { Db, Executor } from '../../db/connection.ts';

/** The ids of a request path, as the wizard sends them. */
export interface PathIds {
  regionId: number;
  marketId: number;
  agencyId: number;
  practiceId: number;
  platformId: number;
}

/**
 * The active platform offered on the path: region → market → agency → practice → platform,
 * each row active and linked to the one above. Undefined when any link is missing.
 */
export async function findActivePathPlatform(db: Db, p: PathIds) {
  return activePathPlatforms(db.kysely)
    .where('pa.platformId', '=', p.platformId)
    .where('pa.agencyId', '=', p.agencyId)
    .where('pa.practiceId', '=', p.practiceId)
    .where('m.marketId', '=', p.marketId)
    .where('rg.regionId', '=', p.regionId)
    .executeTakeFirst();
}

/**
 * Platforms offered at an agency and practice, each link of their path active (the offer, the
 * platform, agency, market, region, the agency's practice and the practice): the start of the
 * one-request and the read-ahead path platform reads.
 */
export function activePathPlatforms(k: Executor) {
  return k
    .selectFrom('platformAgencies as pa')
    .innerJoin('platforms as pl', 'pl.platformId', 'pa.platformId')
    .innerJoin('agencies as a', 'a.agencyId', 'pa.agencyId')
    .innerJoin('markets as m', 'm.marketId', 'a.marketId')
    .innerJoin('regions as rg', 'rg.regionId', 'm.regionId')
    .innerJoin('agencyPractices as ap', (j) =>
      j.onRef('ap.agencyId', '=', 'pa.agencyId').onRef('ap.practiceId', '=', 'pa.practiceId'),
    )
    .innerJoin('practices as pr', 'pr.practiceId', 'pa.practiceId')
    .select([
      'pl.platformId',
      'pl.description',
      'pl.businessAccess',
      'pl.bussinesAccessName',
      'pl.businessAccessInternalOnly',
    ])
    .where('pa.isDeleted', '=', 0)
    .where('pl.isDeleted', '=', 0)
    .where('a.isDeleted', '=', 0)
    .where('m.isDeleted', '=', 0)
    .where('rg.isDeleted', '=', 0)
    .where('ap.isDeleted', '=', 0)
    .where('pr.isDeleted', '=', 0);
}
export type PathPlatform = NonNullable<Awaited<ReturnType<typeof findActivePathPlatform>>>;

/** The active client of the platform at the agency. */
export async function findActiveClient(
  db: Db,
  o: { clientId: number; platformId: number; agencyId: number },
) {
  return db.kysely
    .selectFrom('clients')
    .select(['clientId', 'description'])
    .where('clientId', '=', o.clientId)
    .where('platformId', '=', o.platformId)
    .where('agencyId', '=', o.agencyId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

export async function findActiveClientCode(db: Db, o: { clientCodeId: number; clientId: number }) {
  return db.kysely
    .selectFrom('clientCodes')
    .select('clientCodeId')
    .where('clientCodeId', '=', o.clientCodeId)
    .where('clientId', '=', o.clientId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

/** Active asset types of the platform among `assetIds`. */
export async function findActiveAssets(db: Db, o: { platformId: number; assetIds: number[] }) {
  if (o.assetIds.length === 0) {
    return [];
  }
  return db.kysely
    .selectFrom('assetTypes')
    .select(['assetId', 'description', 'isSystemRecord'])
    .where('platformId', '=', o.platformId)
    .where('assetId', 'in', o.assetIds)
    .where('isDeleted', '=', 0)
    .execute();
}

/** Active platform user types of the platform among `ids` (assetId null = platform-level). */
export async function findActiveUserTypes(db: Db, o: { platformId: number; ids: number[] }) {
  if (o.ids.length === 0) {
    return [];
  }
  return db.kysely
    .selectFrom('platformUserTypes')
    .select(['platformUserTypeId', 'assetId', 'description'])
    .where('platformId', '=', o.platformId)
    .where('platformUserTypeId', 'in', o.ids)
    .where('isDeleted', '=', 0)
    .execute();
}

/** Active client accounts of the client among `ids`. */
export async function findActiveClientAccounts(db: Db, o: { clientId: number; ids: number[] }) {
  if (o.ids.length === 0) {
    return [];
  }
  return db.kysely
    .selectFrom('clientAccounts')
    .select(['clientAccountId', 'assetId', 'description'])
    .where('clientId', '=', o.clientId)
    .where('clientAccountId', 'in', o.ids)
    .where('isDeleted', '=', 0)
    .execute();
}

/** The subject with the emails a request may use: the primary and the active additional ones. */
export async function findSubject(db: Db, userId: number) {
  const user = await db.kysely
    .selectFrom('users')
    .select(['userId', 'email', 'isInternal'])
    .where('userId', '=', userId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!user) {
    return undefined;
  }
  const extra = await db.kysely
    .selectFrom('userAdditionalEmails')
    .select('email')
    .where('userId', '=', userId)
    .where('isDeleted', '=', 0)
    .execute();
  return { ...user, emails: [user.email, ...extra.map((e) => e.email)] };
}

/**
 * Add lines that still count on a platform path: pending (Submitted, Approved) or records
 * (Completed, Archived), active or inactive, with the names the findings quote.
 */
export function countingLines(k: Executor) {
  return k
    .selectFrom('requests as r')
    .leftJoin('platformUserTypes as t', 't.platformUserTypeId', 'r.platformUserTypeId')
    .leftJoin('clientAccounts as ca', 'ca.clientAccountId', 'r.clientAccountId')
    .select([
      'r.requestId',
      'r.statusId',
      'r.email',
      'r.assetId',
      'r.clientAccountId',
      'r.isPlatformRequest',
      'r.isDeleted',
      't.description as userTypeName',
      'ca.description as clientAccountName',
    ])
    .where('r.requestTypeId', '=', RequestType.ADD)
    .where('r.statusId', 'in', [
      RequestStatus.SUBMITTED,
      RequestStatus.APPROVED,
      RequestStatus.COMPLETED,
      RequestStatus.ARCHIVED,
    ]);
}

/** The subject's counting lines on one platform path, first 1000 by id. */
export async function findLinesOnPath(db: Db, o: PathIds & { userId: number }) {
  return countingLines(db.kysely)
    .where('r.userId', '=', o.userId)
    .where('r.regionId', '=', o.regionId)
    .where('r.marketId', '=', o.marketId)
    .where('r.agencyId', '=', o.agencyId)
    .where('r.practiceId', '=', o.practiceId)
    .where('r.platformId', '=', o.platformId)
    .orderBy('r.requestId')
    .limit(1000)
    .execute();
}
export type LineOnPath = Awaited<ReturnType<typeof findLinesOnPath>>[number];
