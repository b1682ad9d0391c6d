import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { ALL_ROWS, ALL_ROWS_MAX, hasNul, messages, type TableQuery } from '@uap/domain';
import { invalid, unprocessable } from '../http/errors.ts';
import { toCount, type Dialect } from './connection.ts';

/**
 * The server-paged table engine (docs/architecture.md): a table declares its columns once (key → SQL
 * expression and what may be done with it); the engine turns the table body (`TableQuery`)
 * into a WHERE condition, an ORDER BY, a page and distinct filter values (its CSV stream: csv-export.ts).
 * Everything is parameterised and portable between SQLite and PostgreSQL.
 */

export type ColumnKind = 'text' | 'number' | 'date';

export interface TableColumn {
  /** The column's SQL expression: a reference (`sql.ref('r.requestId')`) or a computed value. */
  sql: Expression<unknown>;
  kind: ColumnKind;
  isFilterable?: boolean;
  isSortable?: boolean;
  isSearchable?: boolean;
  /**
   * Sorts by this key between the column and the row id: a lookup's id under its name, so that
   * rows with the same name stay together by lookup row and an index on (name, id) then
   * (foreign key, row id) serves the whole order without sorting.
   */
  sortGroup?: Expression<unknown>;
  /**
   * A computed column with a few known values filters by this condition instead of comparing its
   * value, so that an index can serve the filter (e.g. the tracker's Overdue). Its filter menu
   * offers `filterValues`.
   */
  filterWhere?: (values: readonly string[]) => Expression<SqlBool>;
  filterValues?: readonly string[];
}

export type ColumnMap = Readonly<Record<string, TableColumn>>;

/**
 * A column over an SQL expression as most tables declare it: every kind sorts, text and numbers
 * filter (dates do not), text is searched. `tableColumnRef` names a column of the query.
 */
export function tableColumn(expression: Expression<unknown>, kind: ColumnKind = 'text'): TableColumn {
  return {
    sql: expression,
    kind,
    isFilterable: kind !== 'date',
    isSortable: true,
    isSearchable: kind === 'text',
  };
}
export const tableColumnRef = (name: string, kind: ColumnKind = 'text'): TableColumn =>
  tableColumn(sql.ref(name), kind);

export interface TableSpec {
  columns: ColumnMap;
  /** The unique id of a row: the stable tiebreak of every sort and the keyset of the export. */
  id: Expression<number>;
  /** The order when the caller names none; `thenBy` a second key (e.g. urgent first, then oldest). */
  defaultOrder: SortKey & { thenBy?: SortKey };
  /** The search index serving the free-text search (db/search-index.ts); without one, a LIKE scan. */
  searchIndex?: SearchIndex;
}

/**
 * A search index over a table's rows: the column keys whose text it holds, and the condition
 * selecting the rows whose indexed text contains a (trimmed, non-empty) term.
 */
export interface SearchIndex {
  covers: ReadonlySet<string>;
  matching(dialect: Dialect, term: string): Expression<SqlBool>;
}

export interface SortKey {
  column: string;
  isAscending: boolean;
}

/** The most distinct values a filter menu is offered. */
export const FILTER_OPTIONS_LIMIT = 500;

/** A filter menu's answer from the values read (at most the limit + 1): cut at the limit, and whether it was. */
export function filterOptionsOf(values: string[]): { values: string[]; isTruncated: boolean } {
  return { values: values.slice(0, FILTER_OPTIONS_LIMIT), isTruncated: values.length > FILTER_OPTIONS_LIMIT };
}

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

function columnOf(spec: TableSpec, key: string, use: 'sort' | 'filter'): TableColumn {
  const column = Object.hasOwn(spec.columns, key) ? spec.columns[key] : undefined;
  const isAllowed = use === 'sort' ? column?.isSortable : column?.isFilterable;
  if (!column || !isAllowed) {
    const allowed = Object.entries(spec.columns)
      .filter(([, c]) => (use === 'sort' ? c.isSortable : c.isFilterable))
      .map(([k]) => k);
    throw invalid(`Unknown ${use} column '${key}'. Allowed: ${allowed.join(', ')}.`);
  }
  return column;
}

/** Refuses (400) an orderBy or filter column the table does not declare. */
export function assertTableQuery(spec: TableSpec, query: TableQuery, extraFilterColumn?: string): void {
  if (query.orderBy) {
    columnOf(spec, query.orderBy, 'sort');
  }
  for (const filter of query.filters) {
    columnOf(spec, filter.column, 'filter');
  }
  if (extraFilterColumn !== undefined) {
    columnOf(spec, extraFilterColumn, 'filter');
  }
}

/**
 * `expression IN values` with the whole list bound as ONE parameter, so a filter of any allowed
 * length keeps the statement far below SQLite's 32,766 and PostgreSQL's 65,535 bound values:
 * SQLite reads the list from JSON text (`json_each`), PostgreSQL receives an array whose element
 * type it infers from the expression, as it does for an IN list.
 */
export function inList(
  dialect: Dialect,
  expression: Expression<unknown>,
  values: string[] | number[],
): Expression<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${expression} = any(${sql.val(values)})`
    : sql<SqlBool>`${expression} in (select value from json_each(${JSON.stringify(values)}))`;
}

function filterCondition(dialect: Dialect, column: TableColumn, values: string[]): Expression<SqlBool> {
  if (column.filterWhere) {
    return column.filterWhere(values);
  }
  if (column.kind === 'number') {
    const numbers = values.map(Number).filter((n) => Number.isSafeInteger(n));
    return numbers.length > 0 ? inList(dialect, column.sql, numbers) : FALSE;
  }
  // Missing values are presented as '' and offered as such in the filter menu.
  const texts = values.filter((v) => v !== '');
  const parts: Expression<SqlBool>[] = [];
  if (texts.length > 0) {
    parts.push(inList(dialect, column.sql, texts));
  }
  if (texts.length < values.length) {
    parts.push(sql<SqlBool>`(${column.sql} is null or ${column.sql} = '')`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** The largest id an integer key holds (PostgreSQL's `integer`). */
const LARGEST_ID = 2_147_483_647;

/**
 * The id a search term names: digits only, within an integer key's range; else null. A longer
 * number (an employee id, a phone number) matches no id, and PostgreSQL refuses to compare an
 * integer column with it.
 */
export function idOfTerm(term: string): number | null {
  if (!/^\d{1,10}$/.test(term)) {
    return null;
  }
  const id = Number(term);
  return id <= LARGEST_ID ? id : null;
}

/** `%term%` with LIKE's wildcards escaped, lower-cased (both engines compare lower(x)). */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A row matches when any searchable column contains the term: the table's search index answers
 * for the columns it covers, LIKE for the others.
 */
function searchCondition(dialect: Dialect, spec: TableSpec, term: string): Expression<SqlBool> {
  if (hasNul(term)) {
    // No stored text holds U+0000 (every input refuses it), and PostgreSQL cannot bind it.
    return FALSE;
  }
  const pattern = likePattern(term);
  const index = spec.searchIndex;
  const parts: Expression<SqlBool>[] = Object.entries(spec.columns)
    .filter(([key, c]) => c.isSearchable && !index?.covers.has(key))
    .map(([, c]) => {
      const text = c.kind === 'text' ? c.sql : sql`cast(${c.sql} as text)`;
      return sql<SqlBool>`lower(${text}) like ${pattern} escape '\\'`;
    });
  if (index) {
    parts.unshift(index.matching(dialect, term));
  }
  return parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : TRUE;
}

/**
 * The WHERE condition of the table body: every filter (an IN list; an empty list filters
 * nothing) AND the search over the searchable columns. `exceptColumn` leaves that column's own
 * filter out, as a filter menu lists the values available under the *other* filters.
 */
export function tableCondition(
  dialect: Dialect,
  spec: TableSpec,
  query: TableQuery,
  exceptColumn?: string,
): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  for (const filter of query.filters) {
    if (filter.column !== exceptColumn && filter.values.length > 0) {
      parts.push(filterCondition(dialect, columnOf(spec, filter.column, 'filter'), filter.values));
    }
  }
  const term = query.searchCriteria.trim();
  if (term !== '') {
    parts.push(searchCondition(dialect, spec, term));
  }
  return parts.length > 0 ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : TRUE;
}

/** One key of a table's order: an expression and its direction. */
export interface OrderKey {
  sql: Expression<unknown>;
  direction: 'asc' | 'desc';
}

/**
 * The keys of a table's order: the requested (whitelisted) column (and its sort group), or the
 * table's default keys, then the row id in the direction of the last key (the stable
 * tiebreak). `isReversed` turns every key around (a deep page read from the end).
 */
export function orderKeys(spec: TableSpec, query: TableQuery, isReversed = false): OrderKey[] {
  const { thenBy, ...first } = spec.defaultOrder;
  const sortKeys: SortKey[] = query.orderBy
    ? [{ column: query.orderBy, isAscending: query.orderAsc }]
    : [first, ...(thenBy ? [thenBy] : [])];
  const keys: OrderKey[] = [];
  let direction: 'asc' | 'desc' = 'desc';
  for (const key of sortKeys) {
    const column = columnOf(spec, key.column, 'sort');
    direction = key.isAscending !== isReversed ? 'asc' : 'desc';
    if (column.sql !== spec.id) {
      keys.push({ sql: column.sql, direction });
    }
    if (column.sortGroup) {
      keys.push({ sql: column.sortGroup, direction });
    }
  }
  return [...keys, { sql: spec.id, direction }];
}

/** ORDER BY the table's order (orderKeys). */
export function orderTable<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  spec: TableSpec,
  query: TableQuery,
  isReversed = false,
): SelectQueryBuilder<DB, TB, O> {
  return orderKeys(spec, query, isReversed).reduce(
    (ordered, key) => ordered.orderBy(key.sql, key.direction),
    qb,
  );
}

/**
 * The order's one key before the row id (the requested column or the default one) and its
 * direction; null when the default order has a second key, whose direction may differ.
 */
export function leadingSortKey(
  spec: TableSpec,
  query: TableQuery,
): { column: TableColumn; isAscending: boolean } | null {
  if (query.orderBy) {
    return { column: columnOf(spec, query.orderBy, 'sort'), isAscending: query.orderAsc };
  }
  const { thenBy, ...first } = spec.defaultOrder;
  return thenBy ? null : { column: columnOf(spec, first.column, 'sort'), isAscending: first.isAscending };
}

/**
 * LIMIT/OFFSET of the requested page. ALL_ROWS reads from the first row up to one row past
 * ALL_ROWS_MAX, never the whole table: `fitsAllRows` then refuses a result that had that row.
 */
export function pageOf(query: Pick<TableQuery, 'page' | 'pageSize'>): { limit: number; offset: number } {
  if (query.pageSize === ALL_ROWS) {
    return { limit: ALL_ROWS_MAX + 1, offset: 0 };
  }
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/**
 * The rows of a page read at `pageOf(query)`; refused (422) when ALL_ROWS was asked for and
 * there are more than ALL_ROWS_MAX (the read found the row past it).
 */
export function fitsAllRows<Row>(query: Pick<TableQuery, 'pageSize'>, rows: Row[]): Row[] {
  if (query.pageSize === ALL_ROWS && rows.length > ALL_ROWS_MAX) {
    throw unprocessable(messages.tooManyRowsForAll(ALL_ROWS_MAX));
  }
  return rows;
}

/**
 * One page of a table and the count of its matching rows, the two read together: `matching` is
 * the table's rows in the caller's scope under the query's search and filters (no selection
 * yet), `select` picks the page's columns. Tables that plan their own reads (the request lines,
 * deep pages read from the end) do not come through here.
 */
export async function readPageAndCount<DB, TB extends keyof DB, O>(
  matching: SelectQueryBuilder<DB, TB, object>,
  select: (qb: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  spec: TableSpec,
  query: TableQuery,
  /** The total, counted from the same rows read with fewer joins (default: `matching`'s count). */
  counted?: Promise<number>,
): Promise<{ rows: O[]; totalCount: number }> {
  const { limit, offset } = pageOf(query);
  const [rows, total] = await Promise.all([
    select(matching)
      .$call((qb) => orderTable(qb, spec, query))
      .limit(limit)
      .offset(offset)
      .execute(),
    counted ?? countAll(matching),
  ]);
  return { rows: fitsAllRows(query, rows), totalCount: total };
}

/** How many rows a builder reads. */
export async function countAll<DB, TB extends keyof DB>(
  rows: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const total = await rows.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  return toCount((total as { count?: unknown } | undefined)?.count);
}

/**
 * The rows at a window of the table's order, as a condition on the table's id: their ids are read
 * from `matching` alone (the table's rows under the query, joined only where a filter needs it),
 * so a deep window skips index entries rather than whole joined rows.
 */
export function idsInWindow<DB, TB extends keyof DB>(
  matching: SelectQueryBuilder<DB, TB, object>,
  spec: TableSpec,
  query: TableQuery,
  { limit, offset }: { limit: number; offset: number },
): Expression<SqlBool> {
  const ids = matching
    .select(sql<number>`${spec.id}`.as('id'))
    .$call((qb) => orderTable(qb, spec, query))
    .limit(limit)
    .offset(offset);
  return sql<SqlBool>`${spec.id} in (${ids})`;
}

/**
 * One page of a table and the count of its matching rows, the page read in two steps: its ids
 * (idsInWindow over `from` under `condition`), then `columnsOf` those rows, so that a row's joins
 * and subqueries run for the page's rows only. The count leaves out a condition that filters
 * nothing: SQLite then counts the rows from an index instead of stepping through them.
 */
export async function readPageByIds<DB, TB extends keyof DB, RDB, RTB extends keyof RDB, O>(
  from: SelectQueryBuilder<DB, TB, object>,
  condition: Expression<SqlBool>,
  columnsOf: (isOnPage: Expression<SqlBool>) => SelectQueryBuilder<RDB, RTB, O>,
  spec: TableSpec,
  query: TableQuery,
  /** The total, counted from the same rows read with fewer joins (default: `from`'s count). */
  counted?: Promise<number>,
): Promise<{ rows: O[]; totalCount: number }> {
  const isFiltered = condition !== TRUE;
  const [rows, total] = await Promise.all([
    columnsOf(idsInWindow(from.where(condition), spec, query, pageOf(query)))
      .$call((qb) => orderTable(qb, spec, query))
      .execute(),
    counted ?? countAll(from.$if(isFiltered, (qb) => qb.where(condition))),
  ]);
  return { rows: fitsAllRows(query, rows), totalCount: total };
}

/**
 * Where to read a page of `total` rows: forward at its offset, or, in the back half, from the
 * end (every sort key reversed, a short offset), so a deep page does not sort and skip every row
 * before it; rows read from the end come back in reverse. Null past the last row.
 */
export function pageWindow(
  total: number,
  limit: number,
  offset: number,
): { isReversed: boolean; limit: number; offset: number } | null {
  if (offset >= total) {
    return null;
  }
  if (offset <= total / 2) {
    return { isReversed: false, limit, offset };
  }
  const end = Math.min(total, offset + limit);
  return { isReversed: true, limit: end - offset, offset: total - end };
}

/** The expression a filter menu lists (numbers compared as numbers, shown as text). */
export function filterColumn(spec: TableSpec, key: string): TableColumn {
  return columnOf(spec, key, 'filter');
}

/** Sorts distinct values for a menu: numbers numerically, text case-insensitively. */
export function sortOptions(values: (string | number | null)[], kind: ColumnKind): string[] {
  const texts = values.map((v) => (v === null ? '' : String(v)));
  return kind === 'number' ? texts.sort((a, b) => Number(a) - Number(b)) : texts.sort(menuOrder.compare);
}

/**
 * The menus' text order, made once: `localeCompare` given a locale or options builds its
 * collator on every call, which made sorting a menu of people's names fifty times slower than
 * with one collator, in the same order.
 */
const menuOrder = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * The distinct values a column's filter menu lists, over `qb` (already limited by the other
 * filters and the caller's scope), sorted for the menu, at most the limit + 1 (so callers can
 * say the list was cut).
 */
export async function distinctFilterValues<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  spec: TableSpec,
  column: string,
): Promise<string[]> {
  const target = filterColumn(spec, column);
  // Kysely cannot see through a generic row type; the selection is exactly `value`.
  const rows = (await qb
    .select(sql<string | number | null>`${target.sql}`.as('value'))
    .distinct()
    .orderBy(sql`value`)
    .limit(FILTER_OPTIONS_LIMIT + 1)
    .execute()) as unknown as { value: string | number | null }[];
  return sortOptions(
    rows.map((r) => r.value),
    target.kind,
  );
}
