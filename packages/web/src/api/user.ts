import { useQuery } from '@tanstack/react-query';
import { loggedUser } from '@uap/domain';
import { apiRequest } from './client.ts';

/**
 * POST /api/User/ValidateNewUser: the route guard's first call, once per sign-in; every
 * screen then reads the signed-in user from the cache.
 */
export function useLoggedUserQuery() {
  return useQuery({
    queryKey: ['User', 'ValidateNewUser'],
    queryFn: ({ signal }) =>
      apiRequest('/api/User/ValidateNewUser', { method: 'POST', schema: loggedUser, signal }),
    staleTime: Infinity,
    meta: { errorDialog: false },
  });
}
