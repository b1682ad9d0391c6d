import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessBundleDetail, envelope, fittingBundles, messages, type AccessBundleInput } from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query key prefix: the table's (the path's words), the details' and the wizard's lists. */
export const accessBundleKeys = {
  all: ['AccessBundles'] as const,
};

const detailAnswer = envelope(accessBundleDetail);

/** GET api/AccessBundles/{id}: a bundle, its place and its accesses (each with what became unavailable). */
export function useAccessBundleDetailQuery(bundleId: number | null) {
  return useQuery({
    queryKey: [...accessBundleKeys.all, 'Detail', bundleId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/AccessBundles/${bundleId ?? 0}`, { schema: accessBundleDetail, signal }),
    enabled: bundleId !== null,
    staleTime: 0,
  });
}

/** After any write: the table, the details and the wizard's lists are read again. */
function useAccessBundleWrite<Input>(write: (input: Input) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accessBundleKeys.all });
    },
    meta: { errorDialog: false },
  });
}

/** POST api/AccessBundles (a new bundle) or PUT api/AccessBundles/{id}; answers the server's sentence. */
export function useSaveAccessBundle() {
  return useAccessBundleWrite(async (o: { bundleId?: number | undefined; input: AccessBundleInput }) => {
    const answer = await apiRequest(
      o.bundleId === undefined ? '/api/AccessBundles' : `/api/AccessBundles/${o.bundleId}`,
      {
        method: o.bundleId === undefined ? 'POST' : 'PUT',
        body: o.input,
        schema: detailAnswer,
        isWholeEnvelope: true,
      },
    );
    return answer.message || messages.bundleSaved;
  });
}

/** PUT api/AccessBundles/{id}/Active: offered in new requests again, or no longer. */
export function useSetAccessBundleActive() {
  return useAccessBundleWrite(async (o: { bundleId: number; isActive: boolean }) => {
    const answer = await apiRequest(`/api/AccessBundles/${o.bundleId}/Active`, {
      method: 'PUT',
      body: { isActive: o.isActive },
      schema: detailAnswer,
      isWholeEnvelope: true,
    });
    return answer.message || (o.isActive ? messages.bundleActivated : messages.bundleDeactivated);
  });
}

/** Where a request is made: the wizard's region, market and agency. */
export interface BundlePlace {
  regionId: number;
  marketId: number;
  agencyId: number;
}

/** GET api/AccessBundles/Fitting: the active bundles of the wizard's place. */
export function useFittingBundlesQuery(place: BundlePlace) {
  const search = new URLSearchParams({
    regionId: String(place.regionId),
    marketId: String(place.marketId),
    agencyId: String(place.agencyId),
  });
  return useQuery({
    queryKey: [...accessBundleKeys.all, 'Fitting', place.regionId, place.marketId, place.agencyId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/AccessBundles/Fitting?${search.toString()}`, { schema: fittingBundles, signal }),
    staleTime: 0,
  });
}
