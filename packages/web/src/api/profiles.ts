import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  addedEmail,
  deactivateAdditionalEmailInput,
  envelope,
  profileEditInput,
  profileLogPage,
  savedUser,
  secondaryEmailLogPage,
  syncComparison,
  syncUserInput,
  type ProfileEditFormInput,
  type ProfileLogPage,
  type SecondaryEmailLogPage,
  type SyncComparison,
  type SyncUserInput,
  type SaveExternalUserInput,
  type TableQuery,
  type UpdateUserInput,
  userSearchItem,
} from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query keys of All User Profiles and the profile logs. */
export const profileKeys = {
  sync: (userId: number) => ['User', 'SyncUserData', userId] as const,
  logs: (userId: number) => ['User', 'UserLogs', userId] as const,
  emailLogs: (userId: number) => ['User', 'LogUserAditionalEmail', userId] as const,
  parentGuidLogs: (parentGuid: string) => ['User', 'ParentGUIDLogs', parentGuid] as const,
};

/** GET api/User/SyncUserData/{userId}: the profile beside its directory entry. */
export function fetchSyncComparison(userId: number, signal: AbortSignal): Promise<SyncComparison> {
  return apiRequest(`/api/User/SyncUserData/${userId}`, { schema: syncComparison, signal });
}

/** PUT api/User/UserLogs/{userId}: one page of a profile's log, newest first by default. */
export function fetchUserLogPage(
  userId: number,
  query: TableQuery,
  signal: AbortSignal,
): Promise<ProfileLogPage> {
  return apiRequest(`/api/User/UserLogs/${userId}`, {
    method: 'PUT',
    body: query,
    schema: profileLogPage,
    signal,
  });
}

/** PUT api/User/ParentGUIDLogs/{parentGuid}: one page of the changes of every profile carrying the ParentGUID. */
export function fetchParentGuidLogPage(
  parentGuid: string,
  query: TableQuery,
  signal: AbortSignal,
): Promise<ProfileLogPage> {
  return apiRequest(`/api/User/ParentGUIDLogs/${encodeURIComponent(parentGuid)}`, {
    method: 'PUT',
    body: query,
    schema: profileLogPage,
    signal,
  });
}

/** PUT api/User/LogUserAditionalEmail/{userId}: one page of a profile's secondary email log. */
export function fetchSecondaryEmailLogPage(
  userId: number,
  query: TableQuery,
  signal: AbortSignal,
): Promise<SecondaryEmailLogPage> {
  return apiRequest(`/api/User/LogUserAditionalEmail/${userId}`, {
    method: 'PUT',
    body: query,
    schema: secondaryEmailLogPage,
    signal,
  });
}

const messageOnly = envelope(z.null());
const savedAnswer = envelope(savedUser);

/** A profile change: answers the server's sentence and refreshes the table and logs. */
function useProfileChange<Input>(send: (input: Input) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['User'] }),
    meta: { errorDialog: false },
  });
}

/** PUT api/User from the Edit User Profile modal. */
export function useEditProfile() {
  return useProfileChange(async (input: ProfileEditFormInput) => {
    const answer = await apiRequest('/api/User', {
      method: 'PUT',
      body: profileEditInput.parse(input),
      schema: savedAnswer,
      isWholeEnvelope: true,
    });
    return answer.message;
  });
}

/** POST api/User/SyncUserData. */
export function useSyncProfile() {
  return useProfileChange(async (input: SyncUserInput) => {
    const answer = await apiRequest('/api/User/SyncUserData', {
      method: 'POST',
      body: syncUserInput.parse(input),
      schema: messageOnly,
      isWholeEnvelope: true,
    });
    return answer.message;
  });
}

/** PUT api/User/DeactivateAdditionalEmail. */
export function useDeactivateSecondaryEmail() {
  return useProfileChange(async (input: { userId: number; email: string }) => {
    const answer = await apiRequest('/api/User/DeactivateAdditionalEmail', {
      method: 'PUT',
      body: deactivateAdditionalEmailInput.parse(input),
      schema: messageOnly,
      isWholeEnvelope: true,
    });
    return answer.message;
  });
}

/** GET api/User/deleteUser/{userId}. */
export function useDeleteProfile() {
  return useProfileChange(async (userId: number) => {
    const answer = await apiRequest(`/api/User/deleteUser/${userId}`, {
      schema: messageOnly,
      isWholeEnvelope: true,
    });
    return answer.message;
  });
}

const searchResults = userSearchItem.array();

/** GET api/User/SearchInternal or SearchExternalUser; failures are shown by the screen. */
export function useUserSearchMutation() {
  return useMutation({
    mutationFn: ({ value, isInternal }: { value: string; isInternal: boolean }) => {
      const params = isInternal
        ? new URLSearchParams({
            filterType: value.includes('@') ? 'mail' : 'displayname',
            value,
            onAzure: 'true',
          })
        : new URLSearchParams({ filtervalue: value });
      const path = isInternal ? 'SearchInternal' : 'SearchExternalUser';
      return apiRequest(`/api/User/${path}?${params.toString()}`, { schema: searchResults });
    },
    meta: { errorDialog: false },
  });
}

/** POST api/User/Save (an external user with no id yet). */
export function useSaveExternalUserMutation() {
  return useMutation({
    mutationFn: (body: SaveExternalUserInput) =>
      apiRequest('/api/User/Save', { method: 'POST', body, schema: savedUser }),
  });
}

/** PUT api/User: the wizard's user record; answers the user's id (made for a colleague with none). */
export function useUpdateUserMutation() {
  return useMutation({
    mutationFn: (body: UpdateUserInput) =>
      apiRequest('/api/User', { method: 'PUT', body, schema: savedUser }),
  });
}

/** POST api/User/SaveAdditionalEmail; the dialog shows the failure itself. */
export function useSaveAdditionalEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { Email: string; UserId: number }) =>
      apiRequest<null>('/api/User/SaveAdditionalEmail', { method: 'POST', body }),
    onSuccess: (_data, body) => queryClient.invalidateQueries({ queryKey: addedEmailsKey(body.UserId) }),
    meta: { errorDialog: false },
  });
}

const addedEmailsKey = (userId: number | null) => ['User', 'AdditionalEmails', userId];

/** GET api/User/AdditionalEmails/{userId}: with who added each; only for the owner or an admin. */
export function useAddedEmails(userId: number | null) {
  return useQuery({
    queryKey: addedEmailsKey(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/User/AdditionalEmails/${userId ?? 0}`, { schema: z.array(addedEmail), signal }),
    enabled: userId !== null,
    meta: { errorDialog: false },
  });
}

/** DELETE api/User/AdditionalEmail/{id}. */
export function useRemoveAddedEmailMutation(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/api/User/AdditionalEmail/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addedEmailsKey(userId) }),
    meta: { errorDialog: false },
  });
}
