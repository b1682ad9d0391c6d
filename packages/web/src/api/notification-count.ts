import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

/** TanStack Query keys of the notification centre. */
export const notificationKeys = {
  all: ['Notifications'] as const,
  unread: ['Notifications', 'UnreadCount'] as const,
  list: (page: number) => ['Notifications', 'list', page] as const,
  settings: ['Notifications', 'Settings'] as const,
  sentMail: (page: number) => ['SentMail', page] as const,
};

/** How often the bell asks for its count while the portal is open (also on returning to the tab). */
const POLL_MS = 60_000;

/**
 * GET /api/Notifications/UnreadCount: the bell's number, polled gently. Part of the first load
 * (the top bar), so read without a schema, as the task counts are; a failed poll shows no
 * dialog (the next one tries again).
 */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) =>
      apiRequest<{ unreadCount: number }>('/api/Notifications/UnreadCount', { signal }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    meta: { errorDialog: false },
  });
}
