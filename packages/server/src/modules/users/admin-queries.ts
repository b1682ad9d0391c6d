import type { Db } from '../../db/connection.ts';

/** Administrator rows; `scopeUserId` limits them to the (region, market) pairs that admin holds. */
export async function findAdminRegions(db: Db, scopeUserId: number | null) {
  let q = db.kysely
    .selectFrom('adminRegions as ar')
    .innerJoin('users as u', 'u.userId', 'ar.userId')
    .innerJoin('regions as r', 'r.regionId', 'ar.regionId')
    .innerJoin('markets as m', 'm.marketId', 'ar.marketId')
    .select([
      'ar.adminRegionId',
      'ar.userId',
      'ar.regionId',
      'ar.marketId',
      'u.name',
      'u.lastName',
      'u.email',
      'r.description as regionName',
      'm.description as marketName',
      'ar.isDeleted',
    ]);
  if (scopeUserId !== null) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('adminRegions as mine')
          .select('mine.adminRegionId')
          .whereRef('mine.regionId', '=', 'ar.regionId')
          .whereRef('mine.marketId', '=', 'ar.marketId')
          .where('mine.userId', '=', scopeUserId)
          .where('mine.isDeleted', '=', 0),
      ),
    );
  }
  return q.orderBy('u.name').orderBy('u.lastName').orderBy('ar.adminRegionId').execute();
}

export async function findSuperAdmins(db: Db) {
  return db.kysely
    .selectFrom('superAdmins as s')
    .innerJoin('users as u', 'u.userId', 's.userId')
    .select(['s.adminId', 's.userId', 'u.name', 'u.lastName', 'u.email', 's.isDeleted'])
    .orderBy('u.name')
    .orderBy('u.lastName')
    .execute();
}
