import { existingAccessPage, filterOptions, type ExistingAccessPage, type TableQuery } from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query key prefix of the existing-access table (the DataTable adds its state). */
export const existingAccessKeys = {
  page: (userId: number) => ['Request', 'ExistingAccess', userId] as const,
};

/** PUT api/Request/ExistingAccess: one page of the subject's pending and active access. */
export function fetchExistingAccess(
  userId: number,
  query: TableQuery,
  signal: AbortSignal,
): Promise<ExistingAccessPage> {
  return apiRequest('/api/Request/ExistingAccess', {
    method: 'PUT',
    body: { ...query, userId },
    schema: existingAccessPage,
    signal,
  });
}

/** PUT api/Request/ExistingAccess/Filters: the distinct values of one column under the other filters. */
export async function fetchExistingAccessFilterOptions(
  userId: number,
  column: string,
  query: TableQuery,
  signal: AbortSignal,
): Promise<string[]> {
  const options = await apiRequest('/api/Request/ExistingAccess/Filters', {
    method: 'PUT',
    body: { ...query, userId, column },
    schema: filterOptions,
    signal,
  });
  return options.values;
}
