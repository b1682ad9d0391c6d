import type { Executor } from '../../db/connection.ts';

/** What the write scope (scope.ts) reads beside the administrator's rows: where platforms are offered. */

/** The (region, market) of every agency path each platform is offered on. */
export function findPlatformMarkets(q: Executor, platformIds: readonly number[]) {
  if (platformIds.length === 0) {
    return Promise.resolve([]);
  }
  return q
    .selectFrom('platformAgencies as pa')
    .innerJoin('agencies as a', 'a.agencyId', 'pa.agencyId')
    .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
    .select(['pa.platformId', 'mk.regionId', 'mk.marketId'])
    .where('pa.platformId', 'in', platformIds)
    .distinct()
    .execute();
}
