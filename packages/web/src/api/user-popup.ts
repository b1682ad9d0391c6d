import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  additionalEmailsPage,
  popupPaging,
  usersForPopupPage,
  type AdditionalEmailsPage,
  type UsersForPopupPage,
  type UsersForPopupQuery,
} from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query keys of the user-details popup (under ['User'], refreshed with the profiles). */
export const userPopupKeys = {
  users: (query: UsersForPopupQuery) => ['User', 'GetAllUsersforpopup', query] as const,
  emails: (userId: number) => ['User', 'GetAllAdditionalEmails', userId] as const,
};

/** GET api/User/GetAllUsersforpopup: one page of profiles, searched on the server. */
export function useUsersForPopup(query: UsersForPopupQuery) {
  return useQuery({
    queryKey: userPopupKeys.users(query),
    queryFn: ({ signal }): Promise<UsersForPopupPage> => {
      const params = new URLSearchParams({
        page: String(query.page),
        pageSize: String(query.pageSize),
        search: query.search,
      });
      return apiRequest(`/api/User/GetAllUsersforpopup?${params.toString()}`, {
        schema: usersForPopupPage,
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET api/User/GetAllAdditionalEmails?userId=: one profile's additional emails, active and deactivated. */
export function useAdditionalEmailsOf(userId: number) {
  return useQuery({
    queryKey: userPopupKeys.emails(userId),
    queryFn: ({ signal }): Promise<AdditionalEmailsPage> => {
      const params = new URLSearchParams({
        userId: String(userId),
        pageSize: String(popupPaging.maxPageSize),
      });
      return apiRequest(`/api/User/GetAllAdditionalEmails?${params.toString()}`, {
        schema: additionalEmailsPage,
        signal,
      });
    },
  });
}
