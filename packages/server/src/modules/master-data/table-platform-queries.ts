import type { MasterDataType } from '@uap/domain';
import { agencyFields, agencyPlaces, inAgencyPlace } from './table-geography-queries.ts';
import { picked, rowsFrom, type Base } from './table-row-queries.ts';

/** The Database Manager rows of platforms (each offer on an agency and practice) and platform user types. */

/** Each type's rows as the derived table `m` (table-queries.ts), narrowed by the parent selectors. */
export const platformBases: Record<Extract<MasterDataType, 'Platform' | 'Platform User Type'>, Base> = {
  Platform: (_db, q, p) =>
    rowsFrom(
      agencyPlaces(q)
        .innerJoin('platformAgencies as pa', 'pa.agencyId', 'a.agencyId')
        .innerJoin('platforms as pl', 'pl.platformId', 'pa.platformId')
        .innerJoin('practices as pr', 'pr.practiceId', 'pa.practiceId'),
      p,
      { ...inAgencyPlace, agencyId: 'pa.agencyId', practiceId: 'pa.practiceId', platformId: 'pa.platformId' },
      'pa',
      {
        id: 'pa.platformAgencyId',
        description: 'pl.description',
        ...agencyFields,
        practiceId: 'pr.practiceId',
        practiceName: 'pr.description',
        platformId: 'pl.platformId',
        platformName: 'pl.description',
        businessAccess: 'pl.businessAccess',
        bussinesAccessName: 'pl.bussinesAccessName',
      },
    ),
  'Platform User Type': (_db, q, p) =>
    rowsFrom(
      q
        .selectFrom('platformUserTypes as t')
        .innerJoin('platforms as pl', 'pl.platformId', 't.platformId')
        .leftJoin('assetTypes as at', 'at.assetId', 't.assetId')
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
        ),
      p,
      { platformId: 't.platformId' },
      't',
      {
        id: 't.platformUserTypeId',
        description: 't.description',
        platformId: 'pl.platformId',
        platformName: 'pl.description',
        assetId: 't.assetId',
        assetTypeName: 'at.description',
        basicName: 't.basicName',
      },
    ),
};
