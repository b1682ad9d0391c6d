import { useQuery } from '@tanstack/react-query';
import { agencyClient } from '@uap/domain';
import { apiRequest } from './client.ts';

/**
 * One platform of the What's Included? page with its agencies.
 * Not yet in packages/domain: move it there as a zod schema next to agencyClient.
 */
export interface AgencyPlatform {
  platformId: number;
  platform: string;
  agencies: { agencyId: number; agency: string }[];
}

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
      apiRequest(`/api/Catalogs/GetAgencyClients/${platformId}/${agencyId}`, { schema: agencyClientList, signal }),
    staleTime: 5 * 60_000,
  });
}
