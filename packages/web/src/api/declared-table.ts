import { filterOptions, type TableDeclaration, type TableQuery } from '@uap/domain';
import type { DataTablePage } from '../components/DataTable/DataTable.tsx';
import { apiDownload, apiRequest } from './client.ts';

/**
 * The calls of a declared table (packages/domain/src/tables): its page, a column's filter menu
 * and its CSV file, all at the paths the declaration names.
 */
export function declaredTableApi<Row, List>(table: TableDeclaration<Row, List>) {
  return {
    /** TanStack Query key prefix: the path's words after /api (e.g. ['Request', 'UserRecords']). */
    queryKey: table.path.split('/').slice(2),
    fetchPage: async (query: TableQuery, signal: AbortSignal): Promise<DataTablePage<Row>> => {
      const page = await apiRequest(table.path, { method: 'PUT', body: query, schema: table.list, signal });
      const { totalCount, isCountEstimate } = page as { totalCount: number; isCountEstimate?: boolean };
      return { rows: (page as Record<string, Row[]>)[table.listKey] ?? [], totalCount, isCountEstimate };
    },
    fetchFilterOptions: async (column: string, query: TableQuery, signal: AbortSignal): Promise<string[]> => {
      const options = await apiRequest(`${table.path}/Filters`, {
        method: 'PUT',
        body: { ...query, column },
        schema: filterOptions,
        signal,
      });
      return options.values;
    },
    exportCsv: (query: TableQuery) => apiDownload(`${table.path}/Export`, query, table.csvFile),
  };
}
