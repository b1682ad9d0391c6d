import { sql, type Expression, type SqlBool } from 'kysely';
import type { MasterDataTableQuery, MasterDataType } from '@uap/domain';
import { toCount, type Db } from '../../db/connection.ts';
import {
  distinctFilterValues,
  orderTable,
  fitsAllRows,
  pageOf,
  tableCondition,
  type TableSpec,
  pageWindow,
} from '../../db/table-query.ts';
import { clientBases } from './table-client-queries.ts';
import { geographyBases } from './table-geography-queries.ts';
import { platformBases } from './table-platform-queries.ts';
import type { Base } from './table-row-queries.ts';

/**
 * Each type's rows with every row field (null where the type has none), narrowed by the parent
 * selectors on the stored columns (so their indexes serve), as the derived table `m`.
 */
const bases: Record<MasterDataType, Base> = { ...geographyBases, ...platformBases, ...clientBases };

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
    return { rows: fitsAllRows(query, rows), totalCount };
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
