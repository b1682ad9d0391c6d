import { useQuery } from '@tanstack/react-query';
import { publicConfig } from '@uap/domain';
import { apiRequest } from './client.ts';

/** GET /api/config: what the SPA needs before sign-in. Loaded once per page load. */
export function usePublicConfigQuery() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => apiRequest('/api/config', { isAnonymous: true, schema: publicConfig, signal }),
    staleTime: Infinity,
    meta: { errorDialog: false },
  });
}
