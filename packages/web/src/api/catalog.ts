import { useQuery } from '@tanstack/react-query';
import {
  agency,
  agencyClient,
  agencyPractice,
  client,
  clientAccount,
  market,
  platform,
  platformUserType,
  region,
  type AgencyPlatform,
} from '@uap/domain';
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

const agencyClientList = agencyClient.array();

/** GET /api/Catalogs/AgencyPlatforms. */
export function useAgencyPlatformsQuery() {
  return useQuery({
    queryKey: ['Catalogs', 'AgencyPlatforms'],
    queryFn: ({ signal }) => apiRequest<AgencyPlatform[]>('/api/Catalogs/AgencyPlatforms', { signal }),
    staleTime,
  });
}

/** GET /api/Catalogs/GetAgencyClients/{platformId}/{agencyId}. */
export function useAgencyClientsQuery(platformId: number, agencyId: number) {
  return useQuery({
    queryKey: ['Catalogs', 'GetAgencyClients', platformId, agencyId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/Catalogs/GetAgencyClients/${platformId}/${agencyId}`, {
        schema: agencyClientList,
        signal,
      }),
    staleTime,
  });
}
