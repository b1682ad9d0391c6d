import { useMemo } from 'react';
import type { TableDeclaration } from '@uap/domain';
import {
  declaredTableApi,
  type DeclaredTableBody,
  type DeclaredTableParams,
} from '../../api/declared-table.ts';
import { declaredColumns, type DeclaredColumnExtras } from './declared-columns.ts';
import type { DataTableProps } from './types.ts';

/** What a screen adds to a declared column: a cell that is more than text, a truncation. */
export type ColumnExtras<Row> = DeclaredColumnExtras<Row>;

export interface DeclaredTableOptions<Row, List = unknown> {
  /** Cells that need more than their text, by column id. */
  cells?: Readonly<Record<string, ColumnExtras<Row>>>;
  /** Offer Export CSV (the standard role may not: useCanExportTables). */
  canExport: boolean;
  /** Fields every call sends beside the table body (the declaration's `body`); keep it memoised. */
  body?: DeclaredTableBody;
  /** Sees each page's whole answer (fields beside its rows); keep it stable. */
  onList?: (list: List) => void;
  /** The values of the path's parameters (the declaration's `params`); keep it memoised. */
  params?: DeclaredTableParams;
}

/**
 * The DataTable props of a declared table: its title, the screen's columns with their text in the
 * browser's zone (the same text its CSV file holds), and its calls. The screen adds selection,
 * toolbar and dialogs.
 */
export function useDeclaredTable<Row, List>(
  table: TableDeclaration<Row, List>,
  { cells, canExport, body, onList, params }: DeclaredTableOptions<Row, List>,
): Pick<
  DataTableProps<Row>,
  'title' | 'columns' | 'queryKey' | 'fetchPage' | 'fetchFilterOptions' | 'exportCsv' | 'getRowId'
> {
  const api = useMemo(() => declaredTableApi(table, body, onList, params), [table, body, onList, params]);
  const columns = useMemo(
    () => declaredColumns(table.columnsFor?.(body ?? {}) ?? table.columns, cells),
    [table, cells, body],
  );
  return {
    title: table.title,
    columns,
    queryKey: api.queryKey,
    fetchPage: api.fetchPage,
    fetchFilterOptions: api.fetchFilterOptions,
    exportCsv: canExport && table.hasExport !== false ? api.exportCsv : undefined,
    getRowId: table.rowId,
  };
}
