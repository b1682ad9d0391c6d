import { Readable } from 'node:stream';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { TableQuery } from '@uap/domain';
import { invalid } from '../http/errors.ts';
import type { Dialect } from './connection.ts';

/**
 * The server-paged table engine (docs/architecture.md): a table declares its columns once (key → SQL
 * expression and what may be done with it); the engine turns the table body (`TableQuery`)
 * into a WHERE condition, an ORDER BY, a page, distinct filter values and a CSV stream.
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

/** `%term%` with LIKE's wildcards escaped, lower-cased (both engines compare lower(x)). */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A row matches when any searchable column contains the term: the table's search index answers
 * for the columns it covers, LIKE for the others.
 */
function searchCondition(dialect: Dialect, spec: TableSpec, term: string): Expression<SqlBool> {
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

/**
 * ORDER BY the requested (whitelisted) column (and its sort group), or the table's default keys,
 * then the row id in the direction of the last key (the stable tiebreak). `isReversed` turns
 * every key around (a deep page read from the end).
 */
export function orderTable<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  spec: TableSpec,
  query: TableQuery,
  isReversed = false,
): SelectQueryBuilder<DB, TB, O> {
  const { thenBy, ...first } = spec.defaultOrder;
  const keys: SortKey[] = query.orderBy
    ? [{ column: query.orderBy, isAscending: query.orderAsc }]
    : [first, ...(thenBy ? [thenBy] : [])];
  let ordered = qb;
  let direction: 'asc' | 'desc' = 'desc';
  for (const key of keys) {
    const column = columnOf(spec, key.column, 'sort');
    direction = key.isAscending !== isReversed ? 'asc' : 'desc';
    if (column.sql !== spec.id) {
      ordered = ordered.orderBy(column.sql, direction);
    }
    if (column.sortGroup) {
      ordered = ordered.orderBy(column.sortGroup, direction);
    }
  }
  return ordered.orderBy(spec.id, direction);
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

/** LIMIT/OFFSET of the requested page. */
export function pageOf(query: TableQuery): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
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
  return kind === 'number'
    ? texts.sort((a, b) => Number(a) - Number(b))
    : texts.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

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

/** A CSV cell that a spreadsheet would run as a formula gets a leading quote (docs/architecture.md). */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * One CSV line (with its `\n`) of string cells, as csv-stringify writes it with its defaults: a
 * cell holding a comma, a double quote, `\n` or `\r` is quoted, its quotes doubled; an empty
 * cell is left empty. Written by hand for the exports' millions of cells: csv-stringify's
 * per-cell options and checks cost more than the rest of a line's making.
 */
export function csvLine(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i += 1) {
    line += i === 0 ? csvCell(cells[i]!) : `,${csvCell(cells[i]!)}`;
  }
  return `${line}\n`;
}

const NEEDS_QUOTES = /[",\n\r]/;

function csvCell(value: string): string {
  if (!NEEDS_QUOTES.test(value)) {
    return value;
  }
  return `"${value.replaceAll('"', '""')}"`;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** Reads one keyset batch: up to `limit` rows with an id below `beforeId` (null: from the top). */
export type BatchSource<Row> = (beforeId: number | null, limit: number) => Promise<Row[]>;

/**
 * A keyset batch read in two steps: its ids (up to `limit` below `beforeId`, in the export's
 * order), then the rows of those ids in that order. The next batch's ids need only this batch's
 * ids, so the rows of several batches can be read at once.
 */
export interface SplitBatchSource<Row> {
  ids: (beforeId: number | null, limit: number) => Promise<number[]>;
  rows: (ids: number[]) => Promise<Row[]>;
}

/** Rows per keyset batch of an export: one query each (two for a split source). */
export const EXPORT_BATCH_SIZE = 2000;

/**
 * Rows per keyset batch of an export on this engine. SQLite: 500, so that a batch's arrival (its
 * rows copied from the read worker in one message, mapped, put in order) is one short task of
 * the main thread: with 2,000 rows it held the event loop for 40–60 ms of CPU at a time, a health
 * check behind it waiting that long; with 500, under 30 ms. PostgreSQL's rows arrive parsed a
 * socket read at a time, and more, smaller batches only cost it more statements.
 */
export function exportBatchSize(dialect: Dialect): number {
  return dialect === 'sqlite' ? 500 : EXPORT_BATCH_SIZE;
}

/**
 * Batches of a split source whose rows are read beyond the one being written. SQLite: 2, read by
 * the two read workers side by side while the main thread writes. PostgreSQL: 1, as a plain
 * source reads: with two ahead its backends took the CPU from the main thread (health checks
 * 184 ms median during the export at load 11–16, 6 ms with one), for no gain in the export's time.
 */
export function exportReadAhead(dialect: Dialect): number {
  return dialect === 'sqlite' ? 2 : 1;
}

/** Rows per chunk written: between chunks, other requests get the event loop. */
const WRITE_SLICE = 500;

/** A batch on its way; null: there is none (the previous one was the last). */
type Batch<Row> = Promise<Row[] | null>;

/** A promise whose failure is seen later (when awaited): not an unhandled rejection before. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The batches of a source one call after the other, the next ones asked for ahead. */
function batchesOf<Row>(
  source: BatchSource<Row> | SplitBatchSource<Row>,
  idOf: (row: Row) => number,
  batchSize: number,
  readAhead: number,
): () => Batch<Row> {
  /** The key after a batch; null: it was the last. */
  const keyAfter = <T>(list: T[] | null, keyOf: (item: T) => number) => {
    const last = list?.at(-1);
    return list === null || list.length < batchSize || last === undefined ? null : keyOf(last);
  };
  if (typeof source === 'function') {
    // One batch ahead: the next is asked for when this one has arrived.
    let ahead: Batch<Row> = source(null, batchSize);
    return () => {
      const these = ahead;
      ahead = handled(
        these.then((rows) => {
          const key = keyAfter(rows, idOf);
          return key === null ? null : source(key, batchSize);
        }),
      );
      return these;
    };
  }
  let ids: Promise<number[] | null> = source.ids(null, batchSize);
  const queue: Batch<Row>[] = [];
  const fill = () => {
    while (queue.length < readAhead) {
      const these = ids;
      queue.push(handled(these.then((list) => (list === null ? null : source.rows(list)))));
      ids = handled(
        these.then((list) => {
          const key = keyAfter(list, (id) => id);
          return key === null ? null : source.ids(key, batchSize);
        }),
      );
    }
  };
  return () => {
    fill();
    const batch = queue.shift()!;
    fill();
    return batch;
  };
}

/**
 * The whole filtered result as a CSV stream (header first, every cell neutralised), read in
 * keyset batches (id descending, `batchSize` rows per query), written in chunks of a few
 * hundred rows. The next batch is read while this one is written (from a split source, the
 * next `readAhead`), so at most a few batches are in memory whatever the size; backpressure is
 * respected.
 *
 * The first batch is read before the stream is returned: a query that fails fails the call, so
 * the client gets an ordinary error response instead of a 200 with a header. A later batch that
 * fails destroys the stream; the server then aborts the transfer, so the client never mistakes
 * the rows it got for the whole file.
 */
export async function csvExport<Row>(
  source: BatchSource<Row> | SplitBatchSource<Row>,
  idOf: (row: Row) => number,
  columns: CsvColumn<Row>[],
  batchSize = EXPORT_BATCH_SIZE,
  readAhead = 1,
): Promise<Readable> {
  const next = batchesOf(source, idOf, batchSize, readAhead);
  const first = await next();
  const cells: string[] = new Array<string>(columns.length);
  const lineOf = (row: Row) => {
    for (let i = 0; i < columns.length; i += 1) {
      const value = columns[i]!.value(row);
      cells[i] = neutraliseCell(value === null || value === undefined ? '' : String(value));
    }
    return csvLine(cells);
  };
  async function* chunks() {
    yield `\uFEFF${csvLine(columns.map((c) => c.header))}`;
    for (let rows = first; rows !== null; rows = await next()) {
      for (let i = 0; i < rows.length; i += WRITE_SLICE) {
        let text = '';
        for (let j = i; j < Math.min(i + WRITE_SLICE, rows.length); j += 1) {
          text += lineOf(rows[j]!);
        }
        yield text;
      }
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
