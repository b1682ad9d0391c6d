import type { SelectQueryBuilder } from 'kysely';
import type { TableQuery } from '@uap/domain';
import type { Db } from './connection.ts';
import {
  distinctFilterValues,
  readPageAndCount,
  readPageByIds,
  tableCondition,
  type TableSpec,
} from './table-query.ts';

/**
 * A table bound to its SQL once: the rows a scope reaches (with every join its columns use),
 * the selection of a row, and the column map. From these come its page with the filtered total,
 * its filter menus and its export's keyset batches, so no table writes the three reads again.
 */
export interface SqlTable<Scope, DB, TB extends keyof DB, Row> {
  spec: TableSpec;
  /** The rows `scope` reaches, joined for every column; no selection yet. */
  rows: (db: Db, scope: Scope) => SelectQueryBuilder<DB, TB, object>;
  select: (qb: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>;
  /**
   * The same rows without the joins only the columns need: the count of a page without search
   * or filters reads these. SQLite joins every left join of a count, even one nothing uses.
   */
  counted?: (db: Db, scope: Scope) => Promise<number>;
  /**
   * Read a page in two steps: the ids of its rows in the table's order (the sort and the filters
   * joining only what they use), then `select` for those rows alone. For a selection whose
   * computed columns and subqueries cost more per row than the page's sort, which would
   * otherwise compute them for every matching row before sorting.
   */
  pageByIds?: boolean;
}

/** The three reads of a table. */
export interface SqlTableReads<Scope, Row> {
  spec: TableSpec;
  /** One page under the query's search, filters and sort, and the filtered total. */
  page(db: Db, scope: Scope, query: TableQuery): Promise<{ rows: Row[]; totalCount: number }>;
  /** One column's distinct values under the other filters (at most the menu's limit + 1). */
  values(db: Db, scope: Scope, query: TableQuery, column: string): Promise<string[]>;
  /** One keyset batch of the whole filtered table, highest row id first (the CSV export). */
  batch(db: Db, scope: Scope, query: TableQuery, beforeId: number | null, limit: number): Promise<Row[]>;
}

export function sqlTable<Scope, DB, TB extends keyof DB, Row>(
  table: SqlTable<Scope, DB, TB, Row>,
): SqlTableReads<Scope, Row> {
  const { spec } = table;
  const matching = (db: Db, scope: Scope, query: TableQuery, exceptColumn?: string) =>
    table.rows(db, scope).where(tableCondition(db.dialect, spec, query, exceptColumn));
  return {
    spec,
    page: (db, scope, query) => {
      const counted =
        table.counted && query.filters.length === 0 && query.searchCriteria.trim() === ''
          ? table.counted(db, scope)
          : undefined;
      return table.pageByIds
        ? readPageByIds(
            table.rows(db, scope),
            tableCondition(db.dialect, spec, query),
            (isOnPage) => table.select(table.rows(db, scope).where(isOnPage)),
            spec,
            query,
            counted,
          )
        : readPageAndCount(matching(db, scope, query), table.select, spec, query, counted);
    },
    values: (db, scope, query, column) =>
      distinctFilterValues(matching(db, scope, query, column), spec, column),
    batch: (db, scope, query, beforeId, limit) =>
      table
        .select(
          matching(db, scope, query).$if(beforeId !== null, (qb) =>
            qb.where((eb) => eb(spec.id, '<', beforeId!)),
          ),
        )
        .orderBy(spec.id, 'desc')
        .limit(limit)
        .execute(),
  };
}
