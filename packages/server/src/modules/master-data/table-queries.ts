import { sql, type AliasedSelectQueryBuilder, type Expression, type SqlBool } from 'kysely';
import type { MasterDataTableQuery, MasterDataType } from '@uap/domain';
import { toCount, type Db, type Executor } from '../../db/connection.ts';
import {
  distinctFilterValues,
  likePattern,
  orderTable,
  pageOf,
  tableCondition,
  type SearchIndex,
  type TableColumn,
  type TableSpec,
  pageWindow,
} from '../../db/table-query.ts';

/** A Database Manager row as the database returns it (flags and ids as stored). */
export interface MasterDataDbRow {
  id: number;
  description: string;
  code: string | null;
  regionId: number | null;
  regionName: string | null;
  marketId: number | null;
  marketName: string | null;
  agencyId: number | null;
  agencyName: string | null;
  practiceId: number | null;
  practiceName: string | null;
  platformId: number | null;
  platformName: string | null;
  clientId: number | null;
  clientName: string | null;
  assetId: number | null;
  assetTypeName: string | null;
  assetReference: string | null;
  basicName: string | null;
  businessAccess: number | null;
  bussinesAccessName: string | null;
  status: string;
  isDeleted: number;
  updatedDate: string;
}

export type Parents = Pick<
  MasterDataTableQuery,
  'regionId' | 'marketId' | 'agencyId' | 'practiceId' | 'platformId' | 'clientId'
>;

const none = <T>() => sql<T | null>`null`;
const noText = () => none<string>();
const noId = () => none<number>();
const status = (isDeleted: string) =>
  sql<string>`case when ${sql.ref(isDeleted)} = 1 then 'Inactive' else 'Active' end`;
/** A parent selector narrows the rows when it names an id (0 or absent: any). */
const picked = (id: number | null | undefined): id is number => typeof id === 'number' && id > 0;

/** The codes of a client joined with ', ' (active ones, oldest first), on either engine. */
function clientCodes(db: Db) {
  return db.dialect === 'postgres'
    ? sql<string | null>`(select string_agg(cc.code, ', ' order by cc.client_code_id) from client_codes cc
        where cc.client_id = c.client_id and cc.is_deleted = 0)`
    : sql<string | null>`(select group_concat(code, ', ') from (select cc.code from client_codes cc
        where cc.client_id = c.client_id and cc.is_deleted = 0 order by cc.client_code_id))`;
}

type Base = (db: Db, q: Executor, p: Parents) => AliasedSelectQueryBuilder<MasterDataDbRow, 'm'>;

/**
 * Each type's rows with every row field (null where the type has none), narrowed by the parent
 * selectors on the stored columns (so their indexes serve), as the derived table `m`.
 */
const bases: Record<MasterDataType, Base> = {
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
  'Client - Client Code': (db, q, p) =>
    q
      .selectFrom('clients as c')
      .innerJoin('platforms as pl', 'pl.platformId', 'c.platformId')
      .innerJoin('agencies as a', 'a.agencyId', 'c.agencyId')
      .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
      .innerJoin('regions as r', 'r.regionId', 'mk.regionId')
      .$if(picked(p.regionId), (b) => b.where('mk.regionId', '=', p.regionId ?? 0))
      .$if(picked(p.marketId), (b) => b.where('a.marketId', '=', p.marketId ?? 0))
      .$if(picked(p.agencyId), (b) => b.where('c.agencyId', '=', p.agencyId ?? 0))
      .$if(picked(p.platformId), (b) => b.where('c.platformId', '=', p.platformId ?? 0))
      .select([
        'c.clientId as id',
        'c.description',
        clientCodes(db).as('code'),
        'r.regionId',
        'r.description as regionName',
        'mk.marketId',
        'mk.description as marketName',
        'a.agencyId',
        'a.description as agencyName',
        noId().as('practiceId'),
        noText().as('practiceName'),
        'pl.platformId',
        'pl.description as platformName',
        'c.clientId',
        'c.description as clientName',
        noId().as('assetId'),
        noText().as('assetTypeName'),
        noText().as('assetReference'),
        noText().as('basicName'),
        none<number>().as('businessAccess'),
        noText().as('bussinesAccessName'),
        status('c.isDeleted').as('status'),
        'c.isDeleted',
        'c.updatedDate',
      ])
      .as('m'),
  'Client Asset': (_db, q, p) =>
    q
      .selectFrom('clientAccounts as ca')
      .innerJoin('clients as c', 'c.clientId', 'ca.clientId')
      .innerJoin('assetTypes as at', 'at.assetId', 'ca.assetId')
      .innerJoin('platforms as pl', 'pl.platformId', 'c.platformId')
      .innerJoin('agencies as a', 'a.agencyId', 'c.agencyId')
      .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
      .innerJoin('regions as r', 'r.regionId', 'mk.regionId')
      .$if(picked(p.regionId), (b) => b.where('mk.regionId', '=', p.regionId ?? 0))
      .$if(picked(p.marketId), (b) => b.where('a.marketId', '=', p.marketId ?? 0))
      .$if(picked(p.agencyId), (b) => b.where('c.agencyId', '=', p.agencyId ?? 0))
      .$if(picked(p.platformId), (b) => b.where('c.platformId', '=', p.platformId ?? 0))
      .$if(picked(p.clientId), (b) => b.where('ca.clientId', '=', p.clientId ?? 0))
      .select([
        'ca.clientAccountId as id',
        'ca.description',
        noText().as('code'),
        'r.regionId',
        'r.description as regionName',
        'mk.marketId',
        'mk.description as marketName',
        'a.agencyId',
        'a.description as agencyName',
        noId().as('practiceId'),
        noText().as('practiceName'),
        'pl.platformId',
        'pl.description as platformName',
        'c.clientId',
        'c.description as clientName',
        'ca.assetId',
        'at.description as assetTypeName',
        'ca.assetReference',
        noText().as('basicName'),
        none<number>().as('businessAccess'),
        noText().as('bussinesAccessName'),
        status('ca.isDeleted').as('status'),
        'ca.isDeleted',
        'ca.updatedDate',
      ])
      .as('m'),
};

const textColumn = (field: string): TableColumn => ({
  sql: sql.ref(`m.${field}`),
  kind: 'text',
  isFilterable: true,
  isSortable: true,
  isSearchable: true,
});

const isDeletedOf: Record<string, number> = { Active: 0, Inactive: 1 };

/**
 * The status filter on the stored flag (`is_deleted`), not on the 'Active'/'Inactive' text made
 * from it: the planner then knows how many rows it keeps (PostgreSQL guessed 0.5% of the rows for
 * the text and joined every row one by one) and the flag's indexes serve.
 */
const statusColumn: TableColumn = {
  ...textColumn('status'),
  filterWhere: (values) => {
    const flags = [...new Set(values.map((v) => isDeletedOf[v]).filter((f) => f !== undefined))];
    return flags.length > 0
      ? sql<SqlBool>`${sql.ref('m.isDeleted')} in (${sql.join(flags)})`
      : sql<SqlBool>`1 = 0`;
  },
};

/** The Client Asset columns the search looks in (every searchable one of the type). */
const clientAssetSearched = [
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
const clientAssetSearch: SearchIndex = {
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
const clientSearched = [
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
const clientSearch: SearchIndex = {
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

/** The id (a term of digits) and the status (the flags whose text contains the term) of a row. */
function rowArms(term: string): Expression<SqlBool>[] {
  const parts: Expression<SqlBool>[] = [];
  if (/^\d+$/.test(term)) {
    parts.push(sql<SqlBool>`cast(${sql.ref('m.id')} as text) like ${likePattern(term)} escape '\\'`);
  }
  const needle = term.toLowerCase();
  const flags = Object.entries(isDeletedOf)
    .filter(([text]) => text.toLowerCase().includes(needle))
    .map(([, flag]) => flag);
  if (flags.length > 0) {
    parts.push(sql<SqlBool>`${sql.ref('m.isDeleted')} in (${sql.join(flags)})`);
  }
  return parts;
}

/** The types whose search is shaped by hand, with the searchable columns it covers. */
const searchIndexes: Partial<Record<MasterDataType, { columns: string[]; index: SearchIndex }>> = {
  'Client Asset': { columns: clientAssetSearched, index: clientAssetSearch },
  'Client - Client Code': { columns: clientSearched, index: clientSearch },
};

const specs = new Map<MasterDataType, TableSpec>();

/** The table of one type (keys = row field names; see masterDataColumns), by name A→Z by default. */
export function masterDataSpec(type: MasterDataType, columns: readonly string[]): TableSpec {
  const cached = specs.get(type);
  if (cached) {
    return cached;
  }
  const map: Record<string, TableColumn> = {};
  for (const field of columns) {
    map[field] =
      field === 'id'
        ? { sql: sql.ref('m.id'), kind: 'number', isSortable: true, isSearchable: true }
        : field === 'updatedDate'
          ? { sql: sql.ref('m.updatedDate'), kind: 'date', isSortable: true }
          : field === 'status'
            ? statusColumn
            : textColumn(field);
  }
  const searched = Object.entries(map)
    .filter(([, c]) => c.isSearchable)
    .map(([k]) => k);
  const shaped = searchIndexes[type];
  const spec: TableSpec = {
    columns: map,
    id: sql.ref<number>('m.id'),
    defaultOrder: { column: 'description', isAscending: true },
    // Only when it covers exactly the columns the type searches (else the LIKE scan).
    searchIndex:
      shaped && searched.length === shaped.columns.length && searched.every((k) => shaped.columns.includes(k))
        ? shaped.index
        : undefined,
  };
  specs.set(type, spec);
  return spec;
}

function rowsOf(db: Db, query: MasterDataTableQuery) {
  return db.kysely.selectFrom(bases[query.masterDataType](db, db.kysely, query));
}

/**
 * One page of a type's rows (parents, filters, search, sort) and the filtered total. Page 1 and
 * its total are read together; a later page in the back half of the rows is read from the end
 * (every sort key reversed, a short offset), so the last page does not sort and skip every row.
 */
export async function findMasterDataPage(db: Db, spec: TableSpec, query: MasterDataTableQuery) {
  const condition = tableCondition(db.dialect, spec, query);
  const { limit, offset } = pageOf(query);
  const page = (reversed: boolean, pageLimit: number, pageOffset: number) =>
    rowsOf(db, query)
      .selectAll('m')
      .where(condition)
      .$call((qb) => orderTable(qb, spec, query, reversed))
      .limit(pageLimit)
      .offset(pageOffset)
      .execute();
  const count = async () =>
    toCount(
      (
        await rowsOf(db, query)
          .where(condition)
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirst()
      )?.count,
    );
  if (offset === 0) {
    const [rows, totalCount] = await Promise.all([page(false, limit, offset), count()]);
    return { rows, totalCount };
  }
  const totalCount = await count();
  const window = pageWindow(totalCount, limit, offset);
  if (!window) {
    return { rows: [], totalCount };
  }
  const rows = await page(window.isReversed, window.limit, window.offset);
  return { rows: window.isReversed ? rows.reverse() : rows, totalCount };
}

/** One keyset batch of the export: rows with an id below `beforeId`, id descending. */
export function findMasterDataBatch(
  db: Db,
  spec: TableSpec,
  query: MasterDataTableQuery,
  beforeId: number | null,
  limit: number,
) {
  const below: Expression<SqlBool> =
    beforeId === null ? sql<SqlBool>`1 = 1` : sql<SqlBool>`m.id < ${beforeId}`;
  return rowsOf(db, query)
    .selectAll('m')
    .where(tableCondition(db.dialect, spec, query))
    .where(below)
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}

/** The distinct values of one column under the other filters. */
export function findMasterDataValues(db: Db, spec: TableSpec, query: MasterDataTableQuery, column: string) {
  const qb = rowsOf(db, query).where(tableCondition(db.dialect, spec, query, column));
  return distinctFilterValues(qb, spec, column);
}

/** Active (region, market) rows of an administrator. */
export function findAdminPairs(q: Executor, userId: number) {
  return q
    .selectFrom('adminRegions')
    .select(['regionId', 'marketId'])
    .where('userId', '=', userId)
    .where('isDeleted', '=', 0)
    .execute();
}

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
