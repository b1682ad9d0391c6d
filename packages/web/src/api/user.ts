import { useQuery } from '@tanstack/react-query';
import type { LoggedUser } from '@uap/domain';
import { apiRequest } from './client.ts';

/**
 * POST /api/User/ValidateNewUser: the route guard's first call, once per sign-in; every
 * screen then reads the signed-in user from the cache. Read without a schema, as GET /api/config
 * (src/api/config.ts): the server checks the answer against the domain's schema.
 */
export function useLoggedUserQuery() {
  return useQuery({
    queryKey: ['User', 'ValidateNewUser'],
    queryFn: ({ signal }) => apiRequest<LoggedUser>('/api/User/ValidateNewUser', { method: 'POST', signal }),
    staleTime: Infinity,
    meta: { errorDialog: false },
  });
}
