import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activeDeactiveResult,
  checkMergedProfileResult,
  modifyResult,
  platformUserType,
  requestDetail,
  type ActiveDeactiveInput,
  type ReassignRequestInput,
  type UpdateExpiredRequestInput,
  type UpdateMultipleRequestInput,
  type UpdateRequestInput,
} from '@uap/domain';
import { apiRequest } from './client.ts';

/** GET api/Request/RequestDetail/{id}/{flag}: flag 1 for a record (with its pending change), 0 for a line. */
export function useRequestDetailQuery(requestId: number | null, asRecord: boolean) {
  return useQuery({
    queryKey: ['Request', 'RequestDetail', requestId, asRecord],
    queryFn: ({ signal }) =>
      apiRequest(`/api/Request/RequestDetail/${requestId ?? 0}/${asRecord ? 1 : 0}`, {
        schema: requestDetail,
        signal,
      }),
    enabled: requestId !== null,
    staleTime: 0,
  });
}

const userTypes = platformUserType.array();

/** GET api/Catalogs/AllAccountAccess/{assetId}?PlatformId=: the roles a record may change to. */
export function useAccountAccessQuery(assetId: number | null, platformId: number | null) {
  return useQuery({
    queryKey: ['Catalogs', 'AllAccountAccess', assetId, platformId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/Catalogs/AllAccountAccess/${assetId ?? 0}?PlatformId=${platformId ?? 0}`, {
        schema: userTypes,
        signal,
      }),
    enabled: platformId !== null,
    staleTime: 5 * 60_000,
  });
}

/** Every modify call refreshes the request tables and details; the screen shows failures itself. */
function useModifyMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['Request'] }),
    meta: { errorDialog: false },
  });
}

/** PATCH api/Request/UpdateRequest: the answer names the change request created or edited. */
export const useUpdateRequestMutation = () =>
  useModifyMutation((body: UpdateRequestInput) =>
    apiRequest('/api/Request/UpdateRequest', {
      method: 'PATCH',
      body,
      schema: modifyResult,
      isWholeEnvelope: true,
    }),
  );

/** PATCH api/Request/UpdateMultipleRequest. */
export const useUpdateMultipleMutation = () =>
  useModifyMutation((body: UpdateMultipleRequestInput) =>
    apiRequest<boolean>('/api/Request/UpdateMultipleRequest', { method: 'PATCH', body }),
  );

/** PATCH api/Request/ReassignRequest: the answer names the change request created or edited. */
export const useReassignMutation = () =>
  useModifyMutation((body: ReassignRequestInput) =>
    apiRequest('/api/Request/ReassignRequest', {
      method: 'PATCH',
      body,
      schema: modifyResult,
      isWholeEnvelope: true,
    }),
  );

/** POST api/Request/ActiveDeactiveRequest. */
export const useActiveDeactiveMutation = () =>
  useModifyMutation((body: ActiveDeactiveInput) =>
    apiRequest('/api/Request/ActiveDeactiveRequest', { method: 'POST', body, schema: activeDeactiveResult }),
  );

/** POST api/Request/CheckMergedProfile/: the message to confirm when a user has two profiles. */
export function checkMergedProfile(userIds: number[]) {
  return apiRequest('/api/Request/CheckMergedProfile/', {
    method: 'POST',
    body: userIds,
    schema: checkMergedProfileResult,
  });
}

/** PATCH api/Request/UpdateExpiredRequest: a future length of access for an expired pending deactivation or record. */
export const useUpdateExpiredRequestMutation = () =>
  useModifyMutation((body: UpdateExpiredRequestInput) =>
    apiRequest<boolean>('/api/Request/UpdateExpiredRequest', { method: 'PATCH', body }),
  );
