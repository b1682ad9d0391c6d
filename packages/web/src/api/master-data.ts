import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  agency,
  agencyPractice,
  client,
  clientAssetRequest,
  clientCode,
  market,
  masterDataLogPage,
  platform,
  platformAgency,
  region,
  type MasterDataLogPage,
  type MasterDataType,
} from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query keys of the Database Manager; every write refreshes all of them and the catalogs. */
export const masterDataKeys = {
  all: ['MasterData'] as const,
  /** The Database Manager table's pages and menus (useDeclaredTable's key: the path's words). */
  table: ['Catalogs', 'MasterDataTable'] as const,
  log: (type: MasterDataType, id: number) => ['MasterData', 'log', type, id] as const,
  catalog: (...key: unknown[]) => ['MasterData', 'catalog', ...key] as const,
};

/** GET api/Catalogs/MasterDataLog/{type}/{id}: an item's history, newest first. */
export function fetchMasterDataLog(
  type: MasterDataType,
  id: number,
  page: { page: number; pageSize: number },
  signal: AbortSignal,
): Promise<MasterDataLogPage> {
  const params = new URLSearchParams({ page: String(page.page), pageSize: String(page.pageSize) });
  return apiRequest(`/api/Catalogs/MasterDataLog/${encodeURIComponent(type)}/${id}?${params.toString()}`, {
    schema: masterDataLogPage,
    signal,
  });
}

// ---------------------------------------------------------------- catalog reads, inactive items included

/** An administrator's catalog list (OnlyActive=false: inactive items too), once its parent is chosen. */
function useAdminCatalog<T>(key: unknown[], path: string, schema: z.ZodType<T>, isEnabled = true) {
  return useQuery({
    queryKey: masterDataKeys.catalog(...key),
    queryFn: ({ signal }) =>
      apiRequest(`${path}${path.includes('?') ? '&' : '?'}OnlyActive=false`, { schema, signal }),
    enabled: isEnabled,
  });
}

export const useAdminRegions = () =>
  useAdminCatalog(['regions'], '/api/Catalogs/AllRegions/0/0', region.array());
export const useAdminMarkets = (regionId: number | null) =>
  useAdminCatalog(
    ['markets', regionId],
    `/api/Catalogs/AllMarkets/${regionId}/0/0`,
    market.array(),
    !!regionId,
  );
export const useAdminAgencies = (marketId: number | null) =>
  useAdminCatalog(
    ['agencies', marketId],
    `/api/Catalogs/AllAgencies/${marketId}/0`,
    agency.array(),
    !!marketId,
  );
export const useAdminPractices = (agencyId: number | null) =>
  useAdminCatalog(
    ['practices', agencyId],
    `/api/Catalogs/AllPractices/${agencyId}/0`,
    agencyPractice.array(),
    !!agencyId,
  );
export const useAdminPlatforms = (agencyId: number | null, practiceId: number | null) =>
  useAdminCatalog(
    ['platforms', agencyId, practiceId],
    `/api/Catalogs/AllPlatforms/${agencyId}/${practiceId}/0`,
    platform.array(),
    !!agencyId && !!practiceId,
  );
export const useAdminClients = (platformId: number | null, agencyId: number | null) =>
  useAdminCatalog(
    ['clients', platformId, agencyId],
    `/api/Catalogs/AllClients/${platformId}/${agencyId}/0`,
    client.array(),
    !!platformId && !!agencyId,
  );
/** A platform with its asset types (inactive ones too). */
export const usePlatformWithAssets = (platformId: number | null) =>
  useAdminCatalog(['platform', platformId], `/api/Catalogs/Platform/${platformId}`, platform, !!platformId);
export const useClientCodes = (clientId: number | null) =>
  useAdminCatalog(
    ['clientCodes', clientId],
    `/api/Catalogs/ClientCodes/${clientId}`,
    clientCode.array(),
    !!clientId,
  );
/** The agency and practice paths a platform is offered on. */
export const usePlatformAgencies = (platformId: number | null) =>
  useAdminCatalog(
    ['platformAgencies', platformId],
    `/api/Catalogs/AllPlatformAgencys/${platformId}/0/0`,
    platformAgency.array(),
    !!platformId,
  );

/** GET GetRecordsByClientAssets?assetIds=1,2: the request lines that use these client assets. */
export function fetchRecordsByClientAssets(ids: readonly number[]) {
  return apiRequest(`/api/Catalogs/GetRecordsByClientAssets?assetIds=${ids.join(',')}`, {
    schema: clientAssetRequest.array(),
  });
}

// ---------------------------------------------------------------- writes

const messageOnly = z.object({ message: z.string() });

/** One write: its path, method and body (already checked by the domain schema). */
export interface MasterDataWrite {
  path: string;
  method: 'POST' | 'PUT';
  body?: unknown;
}

async function send(write: MasterDataWrite): Promise<string> {
  const answer = await apiRequest(write.path, {
    method: write.method,
    body: write.body,
    schema: messageOnly,
    isWholeEnvelope: true,
  });
  return answer.message;
}

/** Sends a Database Manager write; on success every table, log and catalog list is read again. */
export function useMasterDataWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: masterDataKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['Catalogs'] }),
      ]);
    },
    meta: { errorDialog: false },
  });
}

/** PUT api/Catalogs/Activate | Deactivate | DeleteMasterData/?itemId&masterDataType. */
export function itemAction(
  action: 'Activate' | 'Deactivate' | 'DeleteMasterData',
  type: MasterDataType,
  itemId: number,
): MasterDataWrite {
  const params = new URLSearchParams({ itemId: String(itemId), masterDataType: type });
  return { path: `/api/Catalogs/${action}/?${params.toString()}`, method: 'PUT' };
}

/** GET api/Catalogs/ValidatePlatform: the existing platform of that name (reused by SavePlatform), or null. */
export function fetchExistingPlatform(description: string) {
  return apiRequest(`/api/Catalogs/ValidatePlatform?${new URLSearchParams({ description }).toString()}`, {
    schema: platform.nullable(),
  });
}
