import { useQuery } from '@tanstack/react-query';
import type { TaskCounts } from '@uap/domain';
import { apiRequest } from './client.ts';

/**
 * GET /api/Request/TaskCounts: the home tile badges. Read without a schema, as GET /api/config
 * (src/api/config.ts): the server checks the answer against the domain's schema.
 */
export function useTaskCountsQuery(isEnabled: boolean) {
  return useQuery({
    queryKey: ['Request', 'TaskCounts'],
    queryFn: ({ signal }) => apiRequest<TaskCounts>('/api/Request/TaskCounts', { signal }),
    enabled: isEnabled,
  });
}
