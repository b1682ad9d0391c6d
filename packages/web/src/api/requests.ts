import { useQuery } from '@tanstack/react-query';
import { taskCounts } from '@uap/domain';
import { apiRequest } from './client.ts';

/** GET /api/Request/TaskCounts: the home tile badges. */
export function useTaskCountsQuery(isEnabled: boolean) {
  return useQuery({
    queryKey: ['Request', 'TaskCounts'],
    queryFn: ({ signal }) => apiRequest('/api/Request/TaskCounts', { schema: taskCounts, signal }),
    enabled: isEnabled,
  });
}
