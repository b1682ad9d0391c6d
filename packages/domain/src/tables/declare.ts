import type { z } from 'zod';
import type { ZoneFormatters } from '../dates.ts';

/**
 * A server-paged table declared once: its columns (id, header, what may be done with them, how
 * a cell reads as text), the screen's order, the CSV's columns and order, and where its page,
 * `/Filters` and `/Export` endpoints live. The server binds it to its SQL (http/table-routes.ts),
 * the web draws it (components/DataTable/use-declared-table.ts); both write a cell's text with
 * the same function, dates always in the caller's zone.
 */

export type DeclaredColumnKind = 'text' | 'number' | 'date';

export interface DeclaredColumn<Row> {
  /** The row field name: what `orderBy` and a filter's `column` send. */
  id: string;
  header: string;
  kind: DeclaredColumnKind;
  /** The cell as text: on the screen, in its tooltip and in the CSV file (dates in `dates`' zone). */
  text: (row: Row, dates: ZoneFormatters) => string;
  isSortable: boolean;
  isFilterable: boolean;
  /** Shown on the screen (false: a column of the CSV file only). */
  isOnScreen: boolean;
  /** The CSV cell is led by a tab, so a spreadsheet keeps it as text (spec 3 §9: the phone number). */
  isTabLed?: boolean;
}

export interface TableDeclaration<Row, List = unknown> {
  /** The page endpoint (PUT with the table body); `/Filters` and `/Export` sit under it. */
  path: string;
  /** The screen's title, and the OpenAPI summaries' subject. */
  title: string;
  /** The export's file name. */
  csvFile: string;
  /** The page's answer: the rows under `listKey`, with `page` and `totalCount`. */
  list: z.ZodType<List>;
  listKey: string;
  rowId: (row: Row) => number;
  /** Every column, in the screen's order. */
  columns: readonly DeclaredColumn<Row>[];
  /** The CSV file's columns, in its order (default: the screen's). */
  csvColumns: readonly DeclaredColumn<Row>[];
  /**
   * The page body when the table reads fields besides the table body's (e.g. onlyMe, userid):
   * `tableQuery.extend(...)`. `/Filters` adds `column` to it, `/Export` takes it as it is.
   * Default: `tableQuery`.
   */
  body?: z.ZodObject;
  /**
   * The page path's parameters when it has some (e.g. `{ userId }` for `…/userDetailsList/:userId`):
   * every endpoint takes them, the reader finds them inside the query beside the body's fields,
   * and the web fills them in from its `params`. Default: none.
   */
  params?: z.ZodObject;
  /**
   * The filter menus' endpoint when it is shared with another table (My Requests' and the User
   * Access Overview's `PUT /api/Catalogs/Filters/`, told apart by `body`'s `source`): the web asks
   * it with the table body, `column` and `body`; `tableRoutes` registers no `/Filters` of its own,
   * the module that owns the shared path does. Default: `{path}/Filters`.
   */
  sharedFilters?: { path: string; body: Readonly<Record<string, unknown>> };
  /** False: the table has no `/Export` endpoint and no Export CSV button. Default: true. */
  hasExport?: boolean;
  /**
   * The columns a call shows, in order, on the screen and in its CSV file, when they follow a
   * field of its body (the Database Manager's type): picked from `columns`, a header may be
   * renamed. Default: `columns` on the screen, `csvColumns` in the file.
   */
  columnsFor?: (body: Readonly<Record<string, unknown>>) => readonly DeclaredColumn<Row>[];
}

/** The fields of a row that hold text (what a `field` column may name). */
type TextField<Row> = {
  [K in keyof Row]: Row[K] extends string | null ? K : never;
}[keyof Row] &
  string;

type ColumnOptions = Partial<
  Pick<DeclaredColumn<unknown>, 'isSortable' | 'isFilterable' | 'isOnScreen' | 'isTabLed'>
>;

/**
 * Column builders for one row type: `text` and `number` columns sort and filter by default,
 * `date` columns sort only, and every date is written in the caller's zone. A `field` column is
 * the text column of the row's field of the same name.
 */
export function columnsOf<Row>() {
  const make = (
    id: string,
    header: string,
    kind: DeclaredColumnKind,
    text: DeclaredColumn<Row>['text'],
    options: ColumnOptions,
  ): DeclaredColumn<Row> => ({
    id,
    header,
    kind,
    text,
    isSortable: true,
    isFilterable: kind !== 'date',
    isOnScreen: true,
    ...options,
  });
  const text = (
    id: string,
    header: string,
    value: (row: Row) => string | null,
    options: ColumnOptions = {},
  ) => make(id, header, 'text', (row) => value(row) ?? '', options);
  return {
    text,
    /** A text column of the row's field of the same name (the column id is the field). */
    field: (id: TextField<Row>, header: string, options: ColumnOptions = {}) =>
      text(id, header, (row) => row[id] as string | null, options),
    number: (id: string, header: string, value: (row: Row) => number | null, options: ColumnOptions = {}) =>
      make(id, header, 'number', (row) => String(value(row) ?? ''), options),
    date: (id: string, header: string, value: (row: Row) => string | null, options: ColumnOptions = {}) =>
      make(id, header, 'date', (row, dates) => dates.date(value(row)), options),
    dateTime: (id: string, header: string, value: (row: Row) => string | null, options: ColumnOptions = {}) =>
      make(id, header, 'date', (row, dates) => dates.dateTime(value(row)), options),
  };
}

export interface TableDeclarationInput<Row, List> extends Omit<
  TableDeclaration<Row, List>,
  'csvColumns' | 'csvFile'
> {
  /** Column ids in the CSV's order, when it is not the screen's. */
  csvOrder?: readonly string[];
  /** The export's file name; only a table with `hasExport: false` goes without. */
  csvFile?: string;
}

/** A table's declaration; throws at load on a repeated column id or a CSV column it does not have. */
export function declareTable<Row, List>(
  input: TableDeclarationInput<Row, List>,
): TableDeclaration<Row, List> {
  const { csvOrder, csvFile, ...table } = input;
  if (csvFile === undefined && table.hasExport !== false) {
    throw new Error(`${table.title}: a table with an export names its CSV file`);
  }
  const byId = new Map(table.columns.map((column) => [column.id, column]));
  if (byId.size !== table.columns.length) {
    throw new Error(`${table.title}: a column id is declared twice`);
  }
  const csvColumns = (csvOrder ?? table.columns.map((column) => column.id)).map((id) => {
    const column = byId.get(id);
    if (!column) {
      throw new Error(`${table.title}: the CSV names an undeclared column '${id}'`);
    }
    return column;
  });
  return { ...table, csvFile: csvFile ?? '', csvColumns };
}

/** The ids of the columns a table sorts or filters by (what the server must map to SQL). */
export function declaredKeys(table: TableDeclaration<never>, use: 'sort' | 'filter'): string[] {
  return table.columns
    .filter((column) => (use === 'sort' ? column.isSortable : column.isFilterable))
    .map((column) => column.id);
}
