import { useQuery } from '@tanstack/react-query';
import {
  coveragePage,
  filterOptions,
  pathPreview,
  type CoveragePage,
  type PathPreviewQuery,
  type TableQuery,
} from '@uap/domain';
import { apiDownload, apiRequest } from './client.ts';

/** TanStack Query key prefix of the Coverage tab (the DataTable adds its state). */
export const coverageKeys = {
  table: ['Approvers', 'Coverage'] as const,
  preview: (path: PathPreviewQuery | null) => ['Approvers', 'PathPreview', path] as const,
};

/** PUT api/Approvers/Coverage: one page of the approval paths in the admin's scope. */
export function fetchCoverage(query: TableQuery, signal: AbortSignal): Promise<CoveragePage> {
  return apiRequest('/api/Approvers/Coverage', { method: 'PUT', body: query, schema: coveragePage, signal });
}

/** PUT api/Approvers/Coverage/Filters: the distinct values of one column. */
export async function fetchCoverageFilterOptions(
  column: string,
  query: TableQuery,
  signal: AbortSignal,
): Promise<string[]> {
  const options = await apiRequest('/api/Approvers/Coverage/Filters', {
    method: 'PUT',
    body: { ...query, column },
    schema: filterOptions,
    signal,
  });
  return options.values;
}

/** PUT api/Approvers/Coverage/Export: the whole filtered table as CSV. */
export function exportCoverage(query: TableQuery): Promise<void> {
  return apiDownload('/api/Approvers/Coverage/Export', query, 'approval-coverage.csv');
}

/** GET api/Approvers/PathPreview: who will approve and provision a line of this path. */
export function usePathPreview(path: PathPreviewQuery | null) {
  return useQuery({
    queryKey: coverageKeys.preview(path),
    enabled: path !== null,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(
        Object.entries(path ?? {}).flatMap(([key, value]) => (value ? [[key, String(value)]] : [])),
      );
      return apiRequest(`/api/Approvers/PathPreview?${params.toString()}`, { schema: pathPreview, signal });
    },
  });
}
