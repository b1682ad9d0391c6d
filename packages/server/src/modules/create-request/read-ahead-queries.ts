import type { Db, Executor } from '../../db/connection.ts';
import { activePathPlatforms, countingLines, type PathIds } from './queries.ts';

// The bulk upload's read-ahead (plan-reader.ts, `readAhead`): the one-request questions of
// queries.ts asked for a whole batch, each a set query over ids (the caller keeps each IN list short).

/** The active platforms of these agencies, with each path's ids. */
export function findPathPlatformsOf(k: Executor, platformIds: number[], agencyIds: number[]) {
  return activePathPlatforms(k)
    .select(['pa.agencyId', 'pa.practiceId', 'm.marketId', 'rg.regionId'])
    .where('pa.platformId', 'in', platformIds)
    .where('pa.agencyId', 'in', agencyIds)
    .execute();
}

export function findUsersIn(k: Executor, ids: number[]) {
  return k
    .selectFrom('users')
    .select(['userId', 'email', 'isInternal'])
    .where('userId', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
}

export function findAdditionalEmailsIn(k: Executor, ids: number[]) {
  return k
    .selectFrom('userAdditionalEmails')
    .select(['userId', 'email'])
    .where('userId', 'in', ids)
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute();
}

export function findClientsIn(k: Executor, ids: number[]) {
  return k
    .selectFrom('clients')
    .select(['clientId', 'description', 'platformId', 'agencyId'])
    .where('clientId', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
}

export function findClientCodesIn(k: Executor, ids: number[]) {
  return k
    .selectFrom('clientCodes')
    .select(['clientCodeId', 'clientId'])
    .where('clientCodeId', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
}

export function findUserTypesIn(k: Executor, ids: number[]) {
  return k
    .selectFrom('platformUserTypes')
    .select(['platformUserTypeId', 'assetId', 'description', 'platformId'])
    .where('platformUserTypeId', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
}

export function findAssetsIn(k: Executor, ids: number[]) {
  return k
    .selectFrom('assetTypes')
    .select(['assetId', 'description', 'isSystemRecord', 'platformId'])
    .where('assetId', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
}

export function findClientAccountsIn(k: Executor, ids: number[]) {
  return k
    .selectFrom('clientAccounts')
    .select(['clientAccountId', 'assetId', 'description', 'clientId'])
    .where('clientAccountId', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
}

/** `findLinesOnPath` for a group of (subject, path) pairs at once, in request-id order, with the pair's columns. */
export function findLinesOnPaths(db: Db, group: (PathIds & { userId: number })[]) {
  return countingLines(db.kysely)
    .select(['r.userId', 'r.regionId', 'r.marketId', 'r.agencyId', 'r.practiceId', 'r.platformId'])
    .where((eb) =>
      eb.or(
        group.map((p) =>
          eb.and([
            eb('r.userId', '=', p.userId),
            eb('r.regionId', '=', p.regionId),
            eb('r.marketId', '=', p.marketId),
            eb('r.agencyId', '=', p.agencyId),
            eb('r.practiceId', '=', p.practiceId),
            eb('r.platformId', '=', p.platformId),
          ]),
        ),
      ),
    )
    .orderBy('r.requestId')
    .execute();
}
