import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addedEmail,
  agency,
  agencyPractice,
  businessManagerFindings,
  client,
  clientAccount,
  createRequestResult,
  market,
  platform,
  platformRequestFindings,
  platformUserType,
  region,
  savedUser,
  userSearchItem,
  type CreateRequestBody,
  type SaveExternalUserInput,
  type UpdateUserInput,
  type ValidateBusinessManagerAccountInput,
  type ValidatePlatformRequestQuery,
} from '@uap/domain';
import { z } from 'zod';
import { apiRequest } from './client.ts';

const staleTime = 5 * 60_000;

/** A catalog list that loads only once its parent is chosen. */
function useCatalog<T>(key: unknown[], path: string, schema: { parse: (d: unknown) => T }, isEnabled = true) {
  return useQuery({
    queryKey: ['Catalogs', ...key],
    queryFn: ({ signal }) => apiRequest(path, { schema, signal }),
    enabled: isEnabled,
    staleTime,
  });
}

/** Regions that lead to at least one platform (the wizard's first select). */
export const useRegionsQuery = () =>
  useCatalog(['AllRegions', 1, 0], '/api/Catalogs/AllRegions/1/0', region.array());
export const useMarketsQuery = (regionId: number | null) =>
  useCatalog(
    ['AllMarkets', regionId],
    `/api/Catalogs/AllMarkets/${regionId}/1/0`,
    market.array(),
    !!regionId,
  );
export const useAgenciesQuery = (marketId: number | null) =>
  useCatalog(
    ['AllAgencies', marketId],
    `/api/Catalogs/AllAgencies/${marketId}/1`,
    agency.array(),
    !!marketId,
  );
export const usePracticesQuery = (agencyId: number | null) =>
  useCatalog(
    ['AllPractices', agencyId],
    `/api/Catalogs/AllPractices/${agencyId}/1`,
    agencyPractice.array(),
    !!agencyId,
  );
export const usePlatformsQuery = (agencyId: number | null, practiceId: number | null) =>
  useCatalog(
    ['AllPlatforms', agencyId, practiceId],
    `/api/Catalogs/AllPlatforms/${agencyId}/${practiceId}/1`,
    platform.array(),
    !!agencyId && !!practiceId,
  );
export const useClientsQuery = (platformId: number | null, agencyId: number | null) =>
  useCatalog(
    ['AllClients', platformId, agencyId],
    `/api/Catalogs/AllClients/${platformId}/${agencyId}/1`,
    client.array(),
    !!platformId && !!agencyId,
  );
export const useClientAccountsQuery = (clientId: number | null, assetId: number | null) =>
  useCatalog(
    ['AllClientAccounts', clientId, assetId],
    `/api/Catalogs/AllClientAccounts/${clientId}/${assetId}`,
    clientAccount.array(),
    !!clientId && !!assetId,
  );
/** User types of an asset type, or (assetId null) the platform-level ones of business access. */
export const useUserTypesQuery = (platformId: number | null, assetId: number | null) =>
  useCatalog(
    ['AllAccountAccess', platformId, assetId],
    assetId
      ? `/api/Catalogs/AllAccountAccess/${assetId}`
      : `/api/Catalogs/AllAccountAccess/0?PlatformId=${platformId}&OnlyPlatform=true`,
    platformUserType.array(),
    !!platformId,
  );

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

/** GET api/Request/ValidatePlatformRequest. */
export function useValidatePlatformMutation() {
  return useMutation({
    mutationFn: (q: ValidatePlatformRequestQuery) => {
      const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
      return apiRequest(`/api/Request/ValidatePlatformRequest?${params.toString()}`, {
        schema: platformRequestFindings,
      });
    },
  });
}

/** POST api/Request/ValidateBusinessManagerAccount. */
export function useValidateBusinessManagerMutation() {
  return useMutation({
    mutationFn: (body: ValidateBusinessManagerAccountInput) =>
      apiRequest('/api/Request/ValidateBusinessManagerAccount', {
        method: 'POST',
        body,
        schema: businessManagerFindings,
      }),
  });
}

/** POST api/Request/Create; the wizard shows the failure (it may offer the existing record). */
export function useCreateRequestMutation() {
  return useMutation({
    mutationFn: (body: CreateRequestBody) =>
      apiRequest('/api/Request/Create', { method: 'POST', body, schema: createRequestResult }),
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
