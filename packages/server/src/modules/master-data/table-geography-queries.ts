import type { MasterDataType } from '@uap/domain';
import { noId, noText, none, picked, status, type Base } from './table-row-queries.ts';

/** The Database Manager rows of regions, account ownerships, markets, agencies and practices. */

/** Each type's rows as the derived table `m` (table-queries.ts), narrowed by the parent selectors. */
export const geographyBases: Record<
  Extract<MasterDataType, 'Region' | 'Account Ownership' | 'Market' | 'Agency' | 'Practice'>,
  Base
> = {
  Region: (_db, q) =>
    q
      .selectFrom('regions as r')
      .select([
        'r.regionId as id',
        'r.description',
        noText().as('code'),
        'r.regionId',
        'r.description as regionName',
        noId().as('marketId'),
        noText().as('marketName'),
        noId().as('agencyId'),
        noText().as('agencyName'),
        noId().as('practiceId'),
        noText().as('practiceName'),
        noId().as('platformId'),
        noText().as('platformName'),
        noId().as('clientId'),
        noText().as('clientName'),
        noId().as('assetId'),
        noText().as('assetTypeName'),
        noText().as('assetReference'),
        noText().as('basicName'),
        none<number>().as('businessAccess'),
        noText().as('bussinesAccessName'),
        status('r.isDeleted').as('status'),
        'r.isDeleted',
        'r.updatedDate',
      ])
      .as('m'),
  'Account Ownership': (_db, q) =>
    q
      .selectFrom('platformOwnerships as o')
      .select([
        'o.platformOwnershipId as id',
        'o.description',
        noText().as('code'),
        noId().as('regionId'),
        noText().as('regionName'),
        noId().as('marketId'),
        noText().as('marketName'),
        noId().as('agencyId'),
        noText().as('agencyName'),
        noId().as('practiceId'),
        noText().as('practiceName'),
        noId().as('platformId'),
        noText().as('platformName'),
        noId().as('clientId'),
        noText().as('clientName'),
        noId().as('assetId'),
        noText().as('assetTypeName'),
        noText().as('assetReference'),
        noText().as('basicName'),
        none<number>().as('businessAccess'),
        noText().as('bussinesAccessName'),
        status('o.isDeleted').as('status'),
        'o.isDeleted',
        'o.updatedDate',
      ])
      .as('m'),
  Market: (_db, q, p) =>
    q
      .selectFrom('markets as mk')
      .innerJoin('regions as r', 'r.regionId', 'mk.regionId')
      .$if(picked(p.regionId), (b) => b.where('mk.regionId', '=', p.regionId ?? 0))
      .select([
        'mk.marketId as id',
        'mk.description',
        'mk.code',
        'r.regionId',
        'r.description as regionName',
        'mk.marketId',
        'mk.description as marketName',
        noId().as('agencyId'),
        noText().as('agencyName'),
        noId().as('practiceId'),
        noText().as('practiceName'),
        noId().as('platformId'),
        noText().as('platformName'),
        noId().as('clientId'),
        noText().as('clientName'),
        noId().as('assetId'),
        noText().as('assetTypeName'),
        noText().as('assetReference'),
        noText().as('basicName'),
        none<number>().as('businessAccess'),
        noText().as('bussinesAccessName'),
        status('mk.isDeleted').as('status'),
        'mk.isDeleted',
        'mk.updatedDate',
      ])
      .as('m'),
  Agency: (_db, q, p) =>
    q
      .selectFrom('agencies as a')
      .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
      .innerJoin('regions as r', 'r.regionId', 'mk.regionId')
      .$if(picked(p.regionId), (b) => b.where('mk.regionId', '=', p.regionId ?? 0))
      .$if(picked(p.marketId), (b) => b.where('a.marketId', '=', p.marketId ?? 0))
      .select([
        'a.agencyId as id',
        'a.description',
        noText().as('code'),
        'r.regionId',
        'r.description as regionName',
        'mk.marketId',
        'mk.description as marketName',
        'a.agencyId',
        'a.description as agencyName',
        noId().as('practiceId'),
        noText().as('practiceName'),
        noId().as('platformId'),
        noText().as('platformName'),
        noId().as('clientId'),
        noText().as('clientName'),
        noId().as('assetId'),
        noText().as('assetTypeName'),
        noText().as('assetReference'),
        noText().as('basicName'),
        none<number>().as('businessAccess'),
        noText().as('bussinesAccessName'),
        status('a.isDeleted').as('status'),
        'a.isDeleted',
        'a.updatedDate',
      ])
      .as('m'),
  Practice: (_db, q, p) =>
    q
      .selectFrom('agencyPractices as ap')
      .innerJoin('practices as pr', 'pr.practiceId', 'ap.practiceId')
      .innerJoin('agencies as a', 'a.agencyId', 'ap.agencyId')
      .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
      .innerJoin('regions as r', 'r.regionId', 'mk.regionId')
      .$if(picked(p.regionId), (b) => b.where('mk.regionId', '=', p.regionId ?? 0))
      .$if(picked(p.marketId), (b) => b.where('a.marketId', '=', p.marketId ?? 0))
      .$if(picked(p.agencyId), (b) => b.where('ap.agencyId', '=', p.agencyId ?? 0))
      .select([
        'ap.agencyPracticeId as id',
        'pr.description',
        noText().as('code'),
        'r.regionId',
        'r.description as regionName',
        'mk.marketId',
        'mk.description as marketName',
        'a.agencyId',
        'a.description as agencyName',
        'pr.practiceId',
        'pr.description as practiceName',
        noId().as('platformId'),
        noText().as('platformName'),
        noId().as('clientId'),
        noText().as('clientName'),
        noId().as('assetId'),
        noText().as('assetTypeName'),
        noText().as('assetReference'),
        noText().as('basicName'),
        none<number>().as('businessAccess'),
        noText().as('bussinesAccessName'),
        status('ap.isDeleted').as('status'),
        'ap.isDeleted',
        'ap.updatedDate',
      ])
      .as('m'),
};
