import type { ReactNode } from 'react';
import type { ColumnFilter, TableQuery } from '@uap/domain';

/** One column of a server-paged table; `id` is the row field name the server sorts and filters by. */
export interface DataTableColumn<Row> {
  id: string;
  header: string;
  /** Renders the cell (a link, a chip); without it the cell shows `text`. */
  cell?: (row: Row) => ReactNode;
  /** The cell as plain text: shown when there is no `cell`, truncated and put in the tooltip. */
  text?: (row: Row) => string;
  sortable?: boolean;
  filterable?: boolean;
  /** Cut the text at this many characters ('...' added); the full text shows on hover. */
  truncate?: number;
}

/** One page of any table: its rows and the total under the current filters. */
export interface DataTablePage<Row> {
  rows: Row[];
  totalCount: number;
  /** The total is an estimate (shown as 'about …', with a button to count exactly). */
  isCountEstimate?: boolean;
}

/** A table's row selection; which rows may be selected is the screen's rule. */
export interface RowSelection<Row> {
  selectedIds: number[];
  /** The new selection, and the rows of the page it was made on (see useRowSelection). */
  onChange: (ids: number[], pageRows: Row[]) => void;
  isRowSelectable?: (row: Row) => boolean;
  /** Why a row cannot be selected (shown on its greyed checkbox), or null when it can. */
  whyNotSelectable?: (row: Row) => string | null;
}

/** The shown page's edge row a step to the next (or previous: isBefore) page reads on from. */
export interface PageAnchor {
  requestId: number;
  isBefore: boolean;
}

/** A table's page request: the table query, and for a step from the shown page its edge row. */
export type PageQuery = TableQuery & { anchor?: PageAnchor };

/** A filter of the screen's own that the address holds (My Requests' ?requestId=N). */
export interface AddressFilter {
  /** The chip's text, e.g. 'Submission of request 12'. */
  label: string;
  /** The address parameters that hold it: removing its chip, or Clear Filters, deletes them. */
  params: string[];
}

export interface DataTableProps<Row> {
  /** Rendered as an h2 with the total count, e.g. 'User Access Overview (12)'. */
  title: string;
  columns: DataTableColumn<Row>[];
  /** TanStack Query key prefix; the table adds its state. */
  queryKey: readonly unknown[];
  fetchPage: (query: PageQuery, signal: AbortSignal) => Promise<DataTablePage<Row>>;
  /**
   * The server reads a step to the next or previous page on from the shown page's edge row
   * (`anchor`: its id as `requestId`), so a deep page costs what the first does (the Request
   * Tracker). Without it every page is asked for by number.
   */
  anchorSteps?: boolean;
  fetchFilterOptions?: (column: string, query: TableQuery, signal: AbortSignal) => Promise<string[]>;
  /**
   * Downloads the whole filtered result; without it there is no Export CSV button. The caller
   * decides who may export (the standard role may not: `useCanExportTables`).
   */
  exportCsv?: (query: TableQuery) => Promise<void>;
  getRowId: (row: Row) => number;
  /** Row selection, when the screen has one; which rows may be selected is the caller's rule. */
  selection?: RowSelection<Row>;
  /** Extra buttons beside Clear Filters / Export CSV. */
  toolbar?: ReactNode;
  /**
   * Rows-per-page choices (default 5, 10, 20, 50, 100 and ALL_ROWS). ALL_ROWS (-1) is offered as
   * 'All (N)', disabled with its reason when the exact total is over ALL_ROWS_MAX.
   */
  pageSizeOptions?: readonly number[];
  /** Rows per page at first (default 50). */
  initialPageSize?: number;
  initialFilters?: ColumnFilter[];
  /**
   * Keep page, sort, filters and search in the address (a screen's main table), so the view can
   * be shared and survives Back. Tables inside dialogs keep them in memory.
   */
  syncWithUrl?: boolean;
  initialSearch?: string;
  /**
   * Filters the screen reads from the address itself (with `syncWithUrl`): shown as removable
   * chips beside the table's own, and cleared by Clear Filters.
   */
  addressFilters?: AddressFilter[];
  /** Names the table in the remembered layout (columns, density); default: the title. */
  tableId?: string;
  /** What an empty table says when nothing filters it (default 'No data found'). */
  emptyMessage?: string;
  /** Shown between the title and the table. */
  intro?: ReactNode;
}
