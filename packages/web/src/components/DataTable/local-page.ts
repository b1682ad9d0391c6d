import { ALL_ROWS, type TableQuery } from '@uap/domain';
import type { DataTableColumn, DataTablePage } from './types.ts';

/**
 * One page of a short list the server answers whole (a request's comments), searched and paged
 * in the browser as the server pages its tables (ALL_ROWS: every row; the table offers it only
 * up to ALL_ROWS_MAX): the search matches any column's text. Columns
 * of such a table are neither sortable nor filterable; the list keeps the server's order.
 */
export function localPage<Row>(
  rows: Row[],
  query: TableQuery,
  columns: DataTableColumn<Row>[],
): DataTablePage<Row> {
  const term = query.searchCriteria.trim().toLowerCase();
  const matching =
    term === ''
      ? rows
      : rows.filter((row) => columns.some((c) => (c.text?.(row) ?? '').toLowerCase().includes(term)));
  if (query.pageSize === ALL_ROWS) {
    return { rows: matching, totalCount: matching.length };
  }
  const start = (query.page - 1) * query.pageSize;
  return { rows: matching.slice(start, start + query.pageSize), totalCount: matching.length };
}
