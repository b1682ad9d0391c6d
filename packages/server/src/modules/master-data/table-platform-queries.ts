import type { MasterDataType } from '@uap/domain';
import { noId, noText, none, picked, status, type Base } from './table-row-queries.ts';

/** The Database Manager rows of platforms (each offer on an agency and practice) and platform user types. */

/** Each type's rows as the derived table `m` (table-queries.ts), narrowed by the parent selectors. */
export const platformBases: Record<Extract<MasterDataType, 'Platform' | 'Platform User Type'>, Base> = {
  Platform: (_db, q, p) =>
    q
      .selectFrom('platformAgencies as pa')
      .innerJoin('platforms as pl', 'pl.platformId', 'pa.platformId')
      .innerJoin('practices as pr', 'pr.practiceId', 'pa.practiceId')
      .innerJoin('agencies as a', 'a.agencyId', 'pa.agencyId')
      .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
      .innerJoin('regions as r', 'r.regionId', 'mk.regionId')
      .$if(picked(p.regionId), (b) => b.where('mk.regionId', '=', p.regionId ?? 0))
      .$if(picked(p.marketId), (b) => b.where('a.marketId', '=', p.marketId ?? 0))
      .$if(picked(p.agencyId), (b) => b.where('pa.agencyId', '=', p.agencyId ?? 0))
      .$if(picked(p.practiceId), (b) => b.where('pa.practiceId', '=', p.practiceId ?? 0))
      .$if(picked(p.platformId), (b) => b.where('pa.platformId', '=', p.platformId ?? 0))
      .select([
        'pa.platformAgencyId as id',
        'pl.description',
        noText().as('code'),
        'r.regionId',
        'r.description as regionName',
        'mk.marketId',
        'mk.description as marketName',
        'a.agencyId',
        'a.description as agencyName',
        'pr.practiceId',
        'pr.description as practiceName',
        'pl.platformId',
        'pl.description as platformName',
        noId().as('clientId'),
        noText().as('clientName'),
        noId().as('assetId'),
        noText().as('assetTypeName'),
        noText().as('assetReference'),
        noText().as('basicName'),
        'pl.businessAccess',
        'pl.bussinesAccessName',
        status('pa.isDeleted').as('status'),
        'pa.isDeleted',
        'pa.updatedDate',
      ])
      .as('m'),
  'Platform User Type': (_db, q, p) =>
    q
      .selectFrom('platformUserTypes as t')
      .innerJoin('platforms as pl', 'pl.platformId', 't.platformId')
      .leftJoin('assetTypes as at', 'at.assetId', 't.assetId')
      .$if(picked(p.platformId), (b) => b.where('t.platformId', '=', p.platformId ?? 0))
      .$if(picked(p.agencyId) || picked(p.practiceId), (b) =>
        b.where((eb) =>
          eb.exists(
            eb
              .selectFrom('platformAgencies as pa')
              .select('pa.platformAgencyId')
              .whereRef('pa.platformId', '=', 't.platformId')
              .$if(picked(p.agencyId), (s) => s.where('pa.agencyId', '=', p.agencyId ?? 0))
              .$if(picked(p.practiceId), (s) => s.where('pa.practiceId', '=', p.practiceId ?? 0)),
          ),
        ),
      )
      .select([
        't.platformUserTypeId as id',
        't.description',
        noText().as('code'),
        noId().as('regionId'),
        noText().as('regionName'),
        noId().as('marketId'),
        noText().as('marketName'),
        noId().as('agencyId'),
        noText().as('agencyName'),
        noId().as('practiceId'),
        noText().as('practiceName'),
        'pl.platformId',
        'pl.description as platformName',
        noId().as('clientId'),
        noText().as('clientName'),
        't.assetId',
        'at.description as assetTypeName',
        noText().as('assetReference'),
        't.basicName',
        none<number>().as('businessAccess'),
        noText().as('bussinesAccessName'),
        status('t.isDeleted').as('status'),
        't.isDeleted',
        't.updatedDate',
      ])
      .as('m'),
};
