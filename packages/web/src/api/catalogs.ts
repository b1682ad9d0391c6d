import { useQuery } from '@tanstack/react-query';
import { agencyClient, type AgencyPlatform } from '@uap/domain';
import { apiRequest } from './client.ts';

const agencyClientList = agencyClient.array();

/** GET /api/Catalogs/AgencyPlatforms. */
export function useAgencyPlatformsQuery() {
  return useQuery({
    queryKey: ['Catalogs', 'AgencyPlatforms'],
    queryFn: ({ signal }) => apiRequest<AgencyPlatform[]>('/api/Catalogs/AgencyPlatforms', { signal }),
    staleTime: 5 * 60_000,
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
    staleTime: 5 * 60_000,
  });
}
