import { sql, type Expression } from 'kysely';
import type { AccessBundleItemInput } from '@uap/domain';
import type { Db, Dialect, Executor } from '../../db/connection.ts';
import { sqlTable } from '../../db/sql-table.ts';
import type { TableColumn, TableSpec } from '../../db/table-query.ts';
import type { AdminScope } from '../../http/admin-scope.ts';
import { inAdminRows } from '../../http/row-scope-queries.ts';

const column = (expression: Expression<unknown>, kind: TableColumn['kind'] = 'text'): TableColumn => ({
  sql: expression,
  kind,
  isFilterable: kind !== 'date',
  isSortable: true,
  isSearchable: kind === 'text',
});
const statusText = sql<string>`case when ${sql.ref('b.isDeleted')} = 1 then 'Inactive' else 'Active' end`;
const itemCount = sql<number>`(select count(*) from access_bundle_items i where i.bundle_id = ${sql.ref('b.bundleId')})`;

/** The Access Bundles table (keys = row field names), the latest change first. */
const bundleSpec: TableSpec = {
  columns: {
    bundleId: column(sql.ref('b.bundleId'), 'number'),
    name: column(sql.ref('b.name')),
    regionName: column(sql.ref('rg.description')),
    marketName: column(sql.ref('mk.description')),
    agencyName: column(sql.ref('ag.description')),
    itemCount: { ...column(itemCount, 'number'), isFilterable: false },
    status: { ...column(statusText), isSearchable: false },
    updatedDate: column(sql.ref('b.updatedDate'), 'date'),
  },
  id: sql.ref<number>('b.bundleId'),
  defaultOrder: { column: 'updatedDate', isAscending: false },
};

/** The bundles with the names of their place. */
function namedBundles(q: Executor) {
  return q
    .selectFrom('accessBundles as b')
    .innerJoin('regions as rg', 'rg.regionId', 'b.regionId')
    .innerJoin('markets as mk', 'mk.marketId', 'b.marketId')
    .innerJoin('agencies as ag', 'ag.agencyId', 'b.agencyId');
}

/** The bundles of the scope with the names of their place. */
function scopedBundles(q: Executor, scope: AdminScope) {
  return namedBundles(q).where(inAdminRows(scope, 'b'));
}

const bundleColumns = [
  'b.bundleId',
  'b.name',
  'b.regionId',
  'b.marketId',
  'b.agencyId',
  'b.isDeleted',
  'b.updatedDate',
  'rg.description as regionName',
  'mk.description as marketName',
  'ag.description as agencyName',
] as const;

/** The Access Bundles table bound to its SQL: the bundles of the caller's (region, market) rows. */
export const bundleTable = sqlTable({
  spec: bundleSpec,
  rows: (db: Db, scope: AdminScope) => scopedBundles(db.kysely, scope),
  select: (qb) => qb.select([...bundleColumns, itemCount.as('itemCount')]),
});

/** One bundle of the scope (locked on PostgreSQL when `forUpdate`), with its place's names. */
export function findBundle(
  q: Executor,
  scope: AdminScope | null,
  bundleId: number,
  o: { dialect?: Dialect; forUpdate?: boolean } = {},
) {
  let query = (scope ? scopedBundles(q, scope) : namedBundles(q))
    .select(bundleColumns)
    .where('b.bundleId', '=', bundleId);
  if (o.forUpdate && o.dialect === 'postgres') {
    query = query.forUpdate('b');
  }
  return query.executeTakeFirst();
}
export type BundleRow = NonNullable<Awaited<ReturnType<typeof findBundle>>>;

/** A bundle's accesses with their names, in the order they were added. */
export function findBundleItems(q: Executor, bundleIds: readonly number[]) {
  return q
    .selectFrom('accessBundleItems as i')
    .innerJoin('practices as pr', 'pr.practiceId', 'i.practiceId')
    .innerJoin('platforms as pl', 'pl.platformId', 'i.platformId')
    .innerJoin('platformUserTypes as put', 'put.platformUserTypeId', 'i.platformUserTypeId')
    .leftJoin('clients as c', 'c.clientId', 'i.clientId')
    .leftJoin('assetTypes as at', 'at.assetId', 'i.assetId')
    .leftJoin('clientAccounts as ca', 'ca.clientAccountId', 'i.clientAccountId')
    .select([
      'i.itemId',
      'i.bundleId',
      'i.practiceId',
      'pr.description as practiceName',
      'i.platformId',
      'pl.description as platformName',
      'i.clientId',
      'c.description as clientName',
      'i.assetId',
      'at.description as assetName',
      'i.clientAccountId',
      'ca.description as clientAccountName',
      'i.platformUserTypeId',
      'put.description as platformUserTypeName',
      'i.isPlatformRequest',
    ])
    .where('i.bundleId', 'in', [...bundleIds])
    .orderBy('i.itemId')
    .execute();
}
export type BundleItemRow = Awaited<ReturnType<typeof findBundleItems>>[number];

/** Another bundle of the same name on the same agency (names are told apart without case). */
export async function isNameTaken(
  q: Executor,
  o: { name: string; regionId: number; marketId: number; agencyId: number; exceptId: number | null },
): Promise<boolean> {
  let query = q
    .selectFrom('accessBundles')
    .select('bundleId')
    .where(sql<boolean>`lower(name) = lower(${o.name})`)
    .where('regionId', '=', o.regionId)
    .where('marketId', '=', o.marketId)
    .where('agencyId', '=', o.agencyId);
  if (o.exceptId !== null) {
    query = query.where('bundleId', '<>', o.exceptId);
  }
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertBundle(
  q: Executor,
  o: { name: string; regionId: number; marketId: number; agencyId: number; actorId: number; now: string },
): Promise<number> {
  const row = await q
    .insertInto('accessBundles')
    .values({
      name: o.name,
      regionId: o.regionId,
      marketId: o.marketId,
      agencyId: o.agencyId,
      isDeleted: 0,
      createdBy: o.actorId,
      createdDate: o.now,
      updatedBy: o.actorId,
      updatedDate: o.now,
    })
    .returning('bundleId')
    .executeTakeFirstOrThrow();
  return row.bundleId;
}

export async function updateBundle(
  q: Executor,
  bundleId: number,
  set: { name?: string; regionId?: number; marketId?: number; agencyId?: number; isDeleted?: number },
  actorId: number,
  now: string,
): Promise<void> {
  await q
    .updateTable('accessBundles')
    .set({ ...set, updatedBy: actorId, updatedDate: now })
    .where('bundleId', '=', bundleId)
    .execute();
}

/** Replaces a bundle's accesses with these. */
export async function replaceItems(q: Executor, bundleId: number, items: readonly AccessBundleItemInput[]) {
  await q.deleteFrom('accessBundleItems').where('bundleId', '=', bundleId).execute();
  await q
    .insertInto('accessBundleItems')
    .values(
      items.map((i) => ({
        bundleId,
        practiceId: i.PracticeId,
        platformId: i.PlatformId,
        clientId: i.IsPlatformRequest ? null : (i.ClientId ?? null),
        assetId: i.IsPlatformRequest ? null : (i.AssetId ?? null),
        clientAccountId: i.IsPlatformRequest ? null : (i.ClientAccountId ?? null),
        platformUserTypeId: i.PlatformUserTypeId,
        isPlatformRequest: i.IsPlatformRequest ? 1 : 0,
      })),
    )
    .execute();
}

/** The active bundles of one place, with how many accesses each names, by name. */
export function findFittingBundles(
  q: Executor,
  place: { regionId: number; marketId: number; agencyId: number },
) {
  return q
    .selectFrom('accessBundles as b')
    .select(['b.bundleId', 'b.name', itemCount.as('itemCount')])
    .where('b.regionId', '=', place.regionId)
    .where('b.marketId', '=', place.marketId)
    .where('b.agencyId', '=', place.agencyId)
    .where('b.isDeleted', '=', 0)
    .orderBy('b.name')
    .orderBy('b.bundleId')
    .execute();
}

/** Whether the market lies in the region and the agency in the market. */
export async function isPlace(
  q: Executor,
  place: { regionId: number; marketId: number; agencyId: number },
): Promise<boolean> {
  const row = await q
    .selectFrom('agencies as ag')
    .innerJoin('markets as mk', 'mk.marketId', 'ag.marketId')
    .select('ag.agencyId')
    .where('ag.agencyId', '=', place.agencyId)
    .where('mk.marketId', '=', place.marketId)
    .where('mk.regionId', '=', place.regionId)
    .executeTakeFirst();
  return row !== undefined;
}
