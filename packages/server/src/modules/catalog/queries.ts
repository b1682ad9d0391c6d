import type { Db } from '../../db/connection.ts';
import { findAdminRows } from '../../http/row-scope-queries.ts';

/** Adds `is_deleted = 0` to a query when only active rows are wanted. */
function active(onlyActive: boolean) {
  return onlyActive ? ([0] as const) : ([0, 1] as const);
}

/**
 * The active platform offers (platform, agency, practice) with their agency's market: a place a
 * request can be made on has one below it.
 */
function activeOffers(db: Db) {
  return db.kysely
    .selectFrom('platformAgencies')
    .innerJoin('agencies', 'agencies.agencyId', 'platformAgencies.agencyId')
    .innerJoin('markets', 'markets.marketId', 'agencies.marketId')
    .where('platformAgencies.isDeleted', '=', 0);
}

export interface AdminPlaces {
  /** null = unscoped (super admin). */
  regionIds: number[] | null;
  marketIds: number[] | null;
}

export async function findRegions(
  db: Db,
  o: { onlyActive: boolean; forRequests: boolean; scope: AdminPlaces | null },
) {
  let q = db.kysely
    .selectFrom('regions')
    .select(['regionId', 'description', 'isDeleted'])
    .where('isDeleted', 'in', active(o.onlyActive));
  if (o.forRequests) {
    q = q.where('regionId', 'in', activeOffers(db).select('markets.regionId'));
  }
  if (o.scope?.regionIds) {
    q = q.where('regionId', 'in', o.scope.regionIds.length ? o.scope.regionIds : [-1]);
  }
  return q.orderBy('description').execute();
}

export async function findMarkets(
  db: Db,
  o: { regionId: number; onlyActive: boolean; forRequests: boolean; scope: AdminPlaces | null },
) {
  let q = db.kysely
    .selectFrom('markets')
    .select(['marketId', 'regionId', 'description', 'code', 'isDeleted'])
    .where('isDeleted', 'in', active(o.onlyActive));
  if (o.regionId > 0) {
    q = q.where('regionId', '=', o.regionId);
  }
  if (o.forRequests) {
    q = q.where('marketId', 'in', activeOffers(db).select('agencies.marketId'));
  }
  if (o.scope?.marketIds) {
    q = q.where('marketId', 'in', o.scope.marketIds.length ? o.scope.marketIds : [-1]);
  }
  return q.orderBy('description').execute();
}

export async function findAgencies(
  db: Db,
  o: { marketId: number; onlyActive: boolean; forRequests: boolean },
) {
  let q = db.kysely
    .selectFrom('agencies')
    .select(['agencyId', 'marketId', 'description', 'isDeleted'])
    .where('isDeleted', 'in', active(o.onlyActive));
  if (o.marketId > 0) {
    q = q.where('marketId', '=', o.marketId);
  }
  if (o.forRequests) {
    q = q.where('agencyId', 'in', activeOffers(db).select('platformAgencies.agencyId'));
  }
  return q.orderBy('description').execute();
}

export async function findAgencyPractices(
  db: Db,
  o: { agencyId: number; onlyActive: boolean; forRequests: boolean },
) {
  let q = db.kysely
    .selectFrom('agencyPractices')
    .innerJoin('practices', 'practices.practiceId', 'agencyPractices.practiceId')
    .select([
      'agencyPractices.agencyPracticeId',
      'agencyPractices.practiceId',
      'practices.description',
      'agencyPractices.isDeleted',
    ])
    .where('agencyPractices.agencyId', '=', o.agencyId)
    .where('agencyPractices.isDeleted', 'in', active(o.onlyActive))
    .where('practices.isDeleted', 'in', active(o.onlyActive));
  if (o.forRequests) {
    q = q.where(
      'agencyPractices.practiceId',
      'in',
      activeOffers(db)
        .select('platformAgencies.practiceId')
        .where('platformAgencies.agencyId', '=', o.agencyId),
    );
  }
  return q.orderBy('practices.description').execute();
}

export async function findPlatformsOnPath(
  db: Db,
  o: { agencyId: number; practiceId: number; onlyActive: boolean },
) {
  return db.kysely
    .selectFrom('platformAgencies')
    .innerJoin('platforms', 'platforms.platformId', 'platformAgencies.platformId')
    .select([
      'platforms.platformId',
      'platforms.description',
      'platforms.businessAccess',
      'platforms.bussinesAccessName',
      'platforms.bussinesAccessId',
      'platforms.businessAccessInternalOnly',
      'platforms.isDeleted',
      'platformAgencies.platformAgencyId',
    ])
    .where('platformAgencies.agencyId', '=', o.agencyId)
    .where('platformAgencies.practiceId', '=', o.practiceId)
    .where('platformAgencies.isDeleted', 'in', active(o.onlyActive))
    .where('platforms.isDeleted', 'in', active(o.onlyActive))
    .orderBy('platforms.description')
    .execute();
}

export async function getPlatform(db: Db, platformId: number) {
  return db.kysely
    .selectFrom('platforms')
    .select([
      'platformId',
      'description',
      'businessAccess',
      'bussinesAccessName',
      'bussinesAccessId',
      'businessAccessInternalOnly',
      'isDeleted',
    ])
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Asset types of platforms; with a client, only those the client holds accounts of. */
export async function findAssetTypes(
  db: Db,
  o: { platformIds: number[]; clientId?: number; onlyActive: boolean },
) {
  if (o.platformIds.length === 0) {
    return [];
  }
  let q = db.kysely
    .selectFrom('assetTypes')
    .select(['assetId', 'platformId', 'description', 'assetName', 'isSystemRecord', 'isDeleted'])
    .where('platformId', 'in', o.platformIds)
    .where('isDeleted', 'in', active(o.onlyActive));
  if (o.clientId !== undefined) {
    const clientId = o.clientId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('clientAccounts')
          .select('clientAccountId')
          .whereRef('clientAccounts.assetId', '=', 'assetTypes.assetId')
          .where('clientAccounts.clientId', '=', clientId)
          .where('clientAccounts.isDeleted', 'in', active(o.onlyActive)),
      ),
    );
  }
  return q.orderBy('sortOrder').orderBy('description').execute();
}

export async function findClients(db: Db, o: { platformId: number; agencyId: number; onlyActive: boolean }) {
  let q = db.kysely
    .selectFrom('clients')
    .select(['clientId', 'platformId', 'agencyId', 'description', 'isDeleted'])
    .where('isDeleted', 'in', active(o.onlyActive));
  if (o.platformId > 0) {
    q = q.where('platformId', '=', o.platformId);
  }
  if (o.agencyId > 0) {
    q = q.where('agencyId', '=', o.agencyId);
  }
  return q.orderBy('description').execute();
}

export async function findClientCodes(db: Db, o: { clientIds: number[]; onlyActive: boolean }) {
  if (o.clientIds.length === 0) {
    return [];
  }
  return db.kysely
    .selectFrom('clientCodes')
    .select(['clientCodeId', 'clientId', 'code', 'isSystemRecord', 'isDeleted'])
    .where('clientId', 'in', o.clientIds)
    .where('isDeleted', 'in', active(o.onlyActive))
    .orderBy('clientCodeId')
    .execute();
}

export async function findClientAccounts(
  db: Db,
  o: { clientId: number; assetId: number; onlyActive: boolean },
) {
  let q = db.kysely
    .selectFrom('clientAccounts')
    .innerJoin('assetTypes', 'assetTypes.assetId', 'clientAccounts.assetId')
    .select([
      'clientAccounts.clientAccountId',
      'clientAccounts.description',
      'clientAccounts.assetReference',
      'clientAccounts.assetId',
      'assetTypes.description as assetName',
      'clientAccounts.isDeleted',
    ])
    .where('clientAccounts.clientId', '=', o.clientId)
    .where('clientAccounts.isDeleted', 'in', active(o.onlyActive));
  if (o.assetId > 0) {
    q = q.where('clientAccounts.assetId', '=', o.assetId);
  }
  return q.orderBy('clientAccounts.description').execute();
}

export async function findPlatformUserTypes(
  db: Db,
  o: { assetId: number; platformId: number | null; onlyPlatform: boolean; onlyActive: boolean },
) {
  let q = db.kysely
    .selectFrom('platformUserTypes')
    .select(['platformUserTypeId', 'description', 'basicName', 'assetId', 'platformId', 'isDeleted'])
    .where('isDeleted', 'in', active(o.onlyActive));
  if (o.assetId > 0) {
    q = q.where('assetId', '=', o.assetId);
  }
  if (o.platformId !== null) {
    q = q.where('platformId', '=', o.platformId);
  }
  if (o.onlyPlatform) {
    q = q.where('assetId', 'is', null);
  }
  return q.orderBy('sortOrder').orderBy('description').execute();
}

export async function findPlatformOwnerships(db: Db, onlyActive: boolean) {
  return db.kysely
    .selectFrom('platformOwnerships')
    .select(['platformOwnershipId', 'description', 'isDeleted'])
    .where('isDeleted', 'in', active(onlyActive))
    .orderBy('platformOwnershipId')
    .execute();
}

export async function findPlatformAgencies(
  db: Db,
  o: { platformId: number; marketId: number; practiceId: number; onlyActive: boolean },
) {
  let q = db.kysely
    .selectFrom('platformAgencies')
    .innerJoin('agencies', 'agencies.agencyId', 'platformAgencies.agencyId')
    .innerJoin('practices', 'practices.practiceId', 'platformAgencies.practiceId')
    .select([
      'platformAgencies.platformAgencyId',
      'platformAgencies.platformId',
      'platformAgencies.agencyId',
      'agencies.description as agencyName',
      'platformAgencies.practiceId',
      'practices.description as practiceName',
      'platformAgencies.isDeleted',
    ])
    .where('platformAgencies.isDeleted', 'in', active(o.onlyActive));
  if (o.platformId > 0) {
    q = q.where('platformAgencies.platformId', '=', o.platformId);
  }
  if (o.marketId > 0) {
    q = q.where('agencies.marketId', '=', o.marketId);
  }
  if (o.practiceId > 0) {
    q = q.where('platformAgencies.practiceId', '=', o.practiceId);
  }
  return q.orderBy('agencies.description').orderBy('practices.description').execute();
}

/** Platforms with the agencies that offer them (the What's Included? page). */
export async function findAgencyPlatformPairs(db: Db) {
  return db.kysely
    .selectFrom('platformAgencies')
    .innerJoin('platforms', 'platforms.platformId', 'platformAgencies.platformId')
    .innerJoin('agencies', 'agencies.agencyId', 'platformAgencies.agencyId')
    .select([
      'platforms.platformId',
      'platforms.description as platform',
      'agencies.agencyId',
      'agencies.description as agency',
    ])
    .distinct()
    .where('platformAgencies.isDeleted', '=', 0)
    .where('platforms.isDeleted', '=', 0)
    .where('agencies.isDeleted', '=', 0)
    .orderBy('platforms.description')
    .orderBy('agencies.description')
    .execute();
}

/** Admin (region, market) rows of a caller; null for super admins (unscoped). */
export async function findAdminScope(db: Db, userId: number, isSuperAdmin: boolean): Promise<AdminPlaces> {
  if (isSuperAdmin) {
    return { regionIds: null, marketIds: null };
  }
  const rows = await findAdminRows(db.kysely, userId);
  return {
    regionIds: [...new Set(rows.map((r) => r.regionId))],
    marketIds: [...new Set(rows.map((r) => r.marketId))],
  };
}
