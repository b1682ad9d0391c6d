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

export interface DataTableProps<Row> {
  /** Rendered as an h2 with the total count, e.g. 'User Access Overview (12)'. */
  title: string;
  columns: DataTableColumn<Row>[];
  /** TanStack Query key prefix; the table adds its state. */
  queryKey: readonly unknown[];
  fetchPage: (query: TableQuery, signal: AbortSignal) => Promise<{ requests: Row[]; totalCount: number }>;
  fetchFilterOptions?: (column: string, query: TableQuery, signal: AbortSignal) => Promise<string[]>;
  /** Downloads the whole filtered result; the button is hidden for the standard role. */
  exportCsv?: (query: TableQuery) => Promise<void>;
  getRowId: (row: Row) => number;
  selection?: {
    selectedIds: number[];
    onChange: (ids: number[]) => void;
    isRowSelectable?: (row: Row) => boolean;
  };
  /** Extra buttons beside Clear Filters / Export CSV. */
  toolbar?: ReactNode;
  initialFilters?: ColumnFilter[];
  initialSearch?: string;
  /** Shown between the title and the table. */
  intro?: ReactNode;
}
