import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  markedRead,
  notificationPage,
  notificationSetting,
  sentMailPage,
  type NotificationSetting,
} from '@uap/domain';
import { apiRequest } from './client.ts';
import { notificationKeys } from './notification-count.ts';

const PAGE_SIZE = 20;

/** GET /api/Notifications: the caller's notifications, newest first (the bell's list). */
export function useNotifications(page: number, isEnabled = true) {
  return useQuery({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/Notifications?page=${page}&pageSize=${PAGE_SIZE}`, {
        schema: notificationPage,
        signal,
      }),
    enabled: isEnabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** PATCH one read (`notificationId`) or all of them (null); the bell and the list refresh. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number | null) =>
      apiRequest(
        notificationId === null ? '/api/Notifications/ReadAll' : `/api/Notifications/${notificationId}/Read`,
        { method: 'PATCH', schema: markedRead },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

const settingList = z.array(notificationSetting);

/** GET /api/Notifications/Settings: the caller's email choice per event. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => apiRequest('/api/Notifications/Settings', { schema: settingList, signal }),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSetting[]) =>
      apiRequest('/api/Notifications/Settings', { method: 'PUT', body: { settings }, schema: settingList }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  });
}

/** GET /api/SentMail (super admin): the outbox, newest first. */
export function useSentMail(page: number) {
  return useQuery({
    queryKey: notificationKeys.sentMail(page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/SentMail?page=${page}&pageSize=${PAGE_SIZE}`, { schema: sentMailPage, signal }),
    placeholderData: keepPreviousData,
  });
}
