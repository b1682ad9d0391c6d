import { sql, type Expression, type SqlBool } from 'kysely';
import type { MasterDataType } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { likePattern, type SearchIndex } from '../../db/table-query.ts';
import { agencyFields, agencyPlaces, inAgencyPlace } from './table-geography-queries.ts';
import { rowArms, rowsFrom, type Base } from './table-row-queries.ts';

/** The Database Manager rows of clients (with their codes) and client assets, and their searches. */

/** The codes of a client joined with ', ' (active ones, oldest first), on either engine. */
function clientCodes(db: Db) {
  return db.dialect === 'postgres'
    ? sql<string | null>`(select string_agg(cc.code, ', ' order by cc.client_code_id) from client_codes cc
        where cc.client_id = c.client_id and cc.is_deleted = 0)`
    : sql<string | null>`(select group_concat(code, ', ') from (select cc.code from client_codes cc
        where cc.client_id = c.client_id and cc.is_deleted = 0 order by cc.client_code_id))`;
}

/** Each type's rows as the derived table `m` (table-queries.ts), narrowed by the parent selectors. */
export const clientBases: Record<Extract<MasterDataType, 'Client - Client Code' | 'Client Asset'>, Base> = {
  'Client - Client Code': (db, q, p) =>
    rowsFrom(
      agencyPlaces(q)
        .innerJoin('clients as c', 'c.agencyId', 'a.agencyId')
        .innerJoin('platforms as pl', 'pl.platformId', 'c.platformId'),
      p,
      { ...inAgencyPlace, agencyId: 'c.agencyId', platformId: 'c.platformId' },
      'c',
      {
        id: 'c.clientId',
        description: 'c.description',
        code: clientCodes(db),
        ...agencyFields,
        platformId: 'pl.platformId',
        platformName: 'pl.description',
        clientId: 'c.clientId',
        clientName: 'c.description',
      },
    ),
  'Client Asset': (_db, q, p) =>
    rowsFrom(
      agencyPlaces(q)
        .innerJoin('clients as c', 'c.agencyId', 'a.agencyId')
        .innerJoin('clientAccounts as ca', 'ca.clientId', 'c.clientId')
        .innerJoin('assetTypes as at', 'at.assetId', 'ca.assetId')
        .innerJoin('platforms as pl', 'pl.platformId', 'c.platformId'),
      p,
      { ...inAgencyPlace, agencyId: 'c.agencyId', platformId: 'c.platformId', clientId: 'ca.clientId' },
      'ca',
      {
        id: 'ca.clientAccountId',
        description: 'ca.description',
        ...agencyFields,
        platformId: 'pl.platformId',
        platformName: 'pl.description',
        clientId: 'c.clientId',
        clientName: 'c.description',
        assetId: 'ca.assetId',
        assetTypeName: 'at.description',
        assetReference: 'ca.assetReference',
      },
    ),
};

/** The Client Asset columns the search looks in (every searchable one of the type). */
export const clientAssetSearched = [
  'id',
  'description',
  'assetReference',
  'assetTypeName',
  'clientName',
  'agencyName',
  'platformName',
  'status',
];

/**
 * The Client Asset search, matching what the LIKE scan over the row's columns matched: the
 * asset's own texts through their pg_trgm indexes on PostgreSQL (migration 0034), the names of its
 * asset type, client, agency and platform looked up once in those small tables (not once per
 * asset row: that was most of the 130 ms), the id only for a term of digits and the status as the
 * flag whose text contains the term.
 */
export const clientAssetSearch: SearchIndex = {
  covers: new Set(clientAssetSearched),
  matching(_dialect, term) {
    const pattern = likePattern(term);
    const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    const parts: Expression<SqlBool>[] = [
      sql<SqlBool>`${sql.ref('m.id')} in (
        select ca.client_account_id from client_accounts ca where ${like('ca.description')}
        union select ca.client_account_id from client_accounts ca where ${like('ca.assetReference')}
        union select ca.client_account_id from client_accounts ca
          where ca.asset_id in (select at.asset_id from asset_types at where ${like('at.description')})
        union select ca.client_account_id from client_accounts ca
          where ca.client_id in (select c.client_id from clients c where ${like('c.description')})
        union select ca.client_account_id from client_accounts ca
          where ca.client_id in (select c.client_id from clients c
            where c.agency_id in (select a.agency_id from agencies a where ${like('a.description')}))
        union select ca.client_account_id from client_accounts ca
          where ca.client_id in (select c.client_id from clients c
            where c.platform_id in (select pl.platform_id from platforms pl where ${like('pl.description')})))`,
    ];
    parts.push(...rowArms(term));
    return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  },
};

/** The Client - Client Code columns the search looks in (every searchable one of the type). */
export const clientSearched = [
  'id',
  'description',
  'code',
  'regionName',
  'marketName',
  'agencyName',
  'platformName',
  'status',
];

/**
 * The Client - Client Code search, matching what the LIKE scan over the row's columns matched,
 * with the names of the client's codes, agency, market, region and platform looked up once in
 * their tables rather than once per client row (the codes were an aggregate made for every row).
 * A term with a comma may span two codes of the joined list: it is matched against that list.
 */
export const clientSearch: SearchIndex = {
  covers: new Set(clientSearched),
  matching(_dialect, term) {
    const pattern = likePattern(term);
    const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    const parts: Expression<SqlBool>[] = [
      sql<SqlBool>`${sql.ref('m.id')} in (
        select c.client_id from clients c where ${like('c.description')}
        union select cc.client_id from client_codes cc where cc.is_deleted = 0 and ${like('cc.code')}
        union select c.client_id from clients c
          where c.agency_id in (select a.agency_id from agencies a where ${like('a.description')}
            or a.market_id in (select mk.market_id from markets mk where ${like('mk.description')}
              or mk.region_id in (select r.region_id from regions r where ${like('r.description')})))
          or c.platform_id in (select pl.platform_id from platforms pl where ${like('pl.description')}))`,
    ];
    if (term.includes(',')) {
      parts.push(like('m.code'));
    }
    parts.push(...rowArms(term));
    return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  },
};
