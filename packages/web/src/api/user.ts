import { useQuery } from '@tanstack/react-query';
import type { LoggedUser } from '@uap/domain';
import { apiRequest } from './client.ts';

export const loggedUserKey = ['User', 'ValidateNewUser'] as const;

/**
 * How long the signed-in user counts as fresh: a role changed by an administrator reaches the
 * menus on the next navigation or window focus after it, without a call on every click.
 */
export const loggedUserStaleTime = 10_000;

/** The path of the user check: a refusal of it is no sign that the role changed. */
export const loggedUserPath = '/api/User/ValidateNewUser';

/**
 * POST /api/User/ValidateNewUser: the route guard's first call, then again on navigation and
 * window focus once the answer is older than `loggedUserStaleTime` and after any refused call
 * (src/app/RequireAuth.tsx), so that a changed role redraws the menus. Every screen reads the
 * signed-in user from the cache. Read without a schema, as GET /api/config (src/api/config.ts):
 * the server checks the answer against the domain's schema.
 */
export const loggedUserQuery = {
  queryKey: loggedUserKey,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<LoggedUser>(loggedUserPath, { method: 'POST', signal }),
  staleTime: loggedUserStaleTime,
  refetchOnWindowFocus: true,
  meta: { errorDialog: false },
};

export function useLoggedUserQuery() {
  return useQuery(loggedUserQuery);
}
