import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelRequestsInput,
  filterOptions,
  userRecordsPage,
  type FilterSource,
  type TableQuery,
  type UserRecordsPage,
} from '@uap/domain';
import { apiDownload, apiRequest } from './client.ts';

/** Whose records a table shows: a user id, an email, or (neither) the signed-in user. */
export interface RecordSubject {
  userId?: number;
  email?: string;
}

/** TanStack Query key prefixes of the two tables (the DataTable adds its state). */
export const recordKeys = {
  userRecords: (subject: RecordSubject) => ['Request', 'UserRecords', subject] as const,
};

/** PUT api/Request/UserRecords: one page of the User Access Overview. */
export function fetchUserRecords(
  subject: RecordSubject,
  query: TableQuery,
  signal: AbortSignal,
): Promise<UserRecordsPage> {
  return apiRequest('/api/Request/UserRecords', {
    method: 'PUT',
    body: { ...query, ...subject },
    schema: userRecordsPage,
    signal,
  });
}

/** PUT api/Catalogs/Filters/: the distinct values of one column under the other filters. */
export async function fetchFilterOptions(
  source: FilterSource,
  subject: RecordSubject,
  column: string,
  query: TableQuery,
  signal: AbortSignal,
): Promise<string[]> {
  const options = await apiRequest('/api/Catalogs/Filters/', {
    method: 'PUT',
    body: { ...query, ...subject, source, column },
    schema: filterOptions,
    signal,
  });
  return options.values;
}

/** PUT api/Request/UserRecords/Export: downloads the whole filtered result as CSV. */
export function exportUserRecords(subject: RecordSubject, query: TableQuery): Promise<void> {
  return apiDownload('/api/Request/UserRecords/Export', { ...query, ...subject }, 'user-records.csv');
}

/** POST api/Request/CancelMultipleRequest/; refreshes every request table on success. */
export function useCancelRequestsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestIds: number[]) =>
      apiRequest<null>('/api/Request/CancelMultipleRequest/', {
        method: 'POST',
        body: cancelRequestsInput.parse(requestIds),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['Request'] }),
  });
}
