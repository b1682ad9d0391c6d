import { filterOptions, type TableDeclaration, type TableQuery } from '@uap/domain';
import type { DataTablePage } from '../components/DataTable/DataTable.tsx';
import { apiDownload, apiRequest } from './client.ts';

/** Fields a table's every call sends beside the table body (e.g. onlyMe, userid: its `body`). */
export type DeclaredTableBody = Readonly<Record<string, unknown>>;

/** The values of a declared path's parameters (e.g. `{ userId: 12 }` for `…/:userId`). */
export type DeclaredTableParams = Readonly<Record<string, string | number>>;

/** The path with each `:name` replaced by its value in `params`. */
function filledPath(path: string, params: DeclaredTableParams | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/**
 * The calls of a declared table (packages/domain/src/tables): its page, a column's filter menu
 * and its CSV file, all at the paths the declaration names. `body` goes with every call and into
 * the query key; `onList` sees each page's whole answer (fields beside its rows); `params` fill
 * the path's parameters (and so the query key's words).
 */
export function declaredTableApi<Row, List>(
  table: TableDeclaration<Row, List>,
  body?: DeclaredTableBody,
  onList?: (list: List) => void,
  params?: DeclaredTableParams,
) {
  const path = filledPath(table.path, params);
  const words = path.split('/').slice(2);
  return {
    /** TanStack Query key prefix: the path's words after /api (e.g. ['Request', 'UserRecords']), then `body`. */
    queryKey: body ? [...words, body] : words,
    fetchPage: async (query: TableQuery, signal: AbortSignal): Promise<DataTablePage<Row>> => {
      const page = await apiRequest(path, {
        method: 'PUT',
        body: { ...query, ...body },
        schema: table.list,
        signal,
      });
      onList?.(page);
      const { totalCount, isCountEstimate } = page as { totalCount: number; isCountEstimate?: boolean };
      return { rows: (page as Record<string, Row[]>)[table.listKey] ?? [], totalCount, isCountEstimate };
    },
    fetchFilterOptions: async (column: string, query: TableQuery, signal: AbortSignal): Promise<string[]> => {
      const options = await apiRequest(table.sharedFilters?.path ?? `${path}/Filters`, {
        method: 'PUT',
        body: { ...query, ...body, ...table.sharedFilters?.body, column },
        schema: filterOptions,
        signal,
      });
      return options.values;
    },
    exportCsv: (query: TableQuery) => apiDownload(`${path}/Export`, { ...query, ...body }, table.csvFile),
  };
}
