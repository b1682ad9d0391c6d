import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { messages, type LoggedUser } from '@uap/domain';
import { onForbidden } from '../api/client.ts';
import { notifySuccess } from '../api/notice-store.ts';
import { loggedUserKey, loggedUserPath, loggedUserQuery } from '../api/user.ts';

/**
 * Keeps the signed-in user current while the app stays open, so that a role an administrator
 * changes redraws the menus without a reload: validates again on navigation (when the last
 * answer is stale; window focus is the query's own refetch) and after any refused call, which
 * is what a demoted user's stale menus lead to. A changed role says so, and the screens' data,
 * read under the old role, is fetched again.
 */
export function useUserRevalidation(user: LoggedUser | undefined): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();

  useEffect(() => {
    void queryClient.prefetchQuery(loggedUserQuery);
  }, [pathname, queryClient]);

  useEffect(
    () =>
      onForbidden((path) => {
        if (path !== loggedUserPath) {
          void queryClient.invalidateQueries({ queryKey: loggedUserKey });
        }
      }),
    [queryClient],
  );

  const shownRoleId = useRef<number | null>(null);
  useEffect(() => {
    if (!user) {
      return;
    }
    const previous = shownRoleId.current;
    shownRoleId.current = user.roleId;
    if (previous !== null && previous !== user.roleId) {
      notifySuccess(messages.roleChanged(user.role.description));
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] !== loggedUserKey[0] || query.queryKey[1] !== loggedUserKey[1],
      });
    }
  }, [user, queryClient]);
}
