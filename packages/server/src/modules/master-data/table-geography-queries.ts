import type { MasterDataType } from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import { rowsFrom, type Base } from './table-row-queries.ts';

/** The Database Manager rows of regions, account ownerships, markets, agencies and practices. */

/** The region, market and agency of a row joined to `regions as r`, `markets as mk`, `agencies as a`. */
export const agencyFields = {
  regionId: 'r.regionId',
  regionName: 'r.description',
  marketId: 'mk.marketId',
  marketName: 'mk.description',
  agencyId: 'a.agencyId',
  agencyName: 'a.description',
} as const;

/**
 * Agencies with their market and region (as `a`, `mk`, `r`: what agencyFields reads); the rows of
 * a type an agency holds are joined to `a`.
 */
export const agencyPlaces = (q: Executor) =>
  q
    .selectFrom('agencies as a')
    .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
    .innerJoin('regions as r', 'r.regionId', 'mk.regionId');

/** The region and market selectors, on the stored columns of agencyPlaces. */
export const inAgencyPlace = { regionId: 'mk.regionId', marketId: 'a.marketId' } as const;

/** Each type's rows as the derived table `m` (table-queries.ts), narrowed by the parent selectors. */
export const geographyBases: Record<
  Extract<MasterDataType, 'Region' | 'Account Ownership' | 'Market' | 'Agency' | 'Practice'>,
  Base
> = {
  Region: (_db, q, p) =>
    rowsFrom(q.selectFrom('regions as r'), p, {}, 'r', {
      id: 'r.regionId',
      description: 'r.description',
      regionId: 'r.regionId',
      regionName: 'r.description',
    }),
  'Account Ownership': (_db, q, p) =>
    rowsFrom(q.selectFrom('platformOwnerships as o'), p, {}, 'o', {
      id: 'o.platformOwnershipId',
      description: 'o.description',
    }),
  Market: (_db, q, p) =>
    rowsFrom(
      q.selectFrom('markets as mk').innerJoin('regions as r', 'r.regionId', 'mk.regionId'),
      p,
      { regionId: 'mk.regionId' },
      'mk',
      {
        id: 'mk.marketId',
        description: 'mk.description',
        code: 'mk.code',
        regionId: 'r.regionId',
        regionName: 'r.description',
        marketId: 'mk.marketId',
        marketName: 'mk.description',
      },
    ),
  Agency: (_db, q, p) =>
    rowsFrom(agencyPlaces(q), p, inAgencyPlace, 'a', {
      id: 'a.agencyId',
      description: 'a.description',
      ...agencyFields,
    }),
  Practice: (_db, q, p) =>
    rowsFrom(
      agencyPlaces(q)
        .innerJoin('agencyPractices as ap', 'ap.agencyId', 'a.agencyId')
        .innerJoin('practices as pr', 'pr.practiceId', 'ap.practiceId'),
      p,
      { ...inAgencyPlace, agencyId: 'ap.agencyId' },
      'ap',
      {
        id: 'ap.agencyPracticeId',
        description: 'pr.description',
        ...agencyFields,
        practiceId: 'pr.practiceId',
        practiceName: 'pr.description',
      },
    ),
};
