import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accessReviewCreated,
  accessReviewDecided,
  accessReviewDetail,
  accessReviewMoved,
  accessReviewStarted,
  agency,
  agencyPlatform,
  client,
  market,
  messages,
  platformAgency,
  platformUserType,
  region,
  type AccessReviewDecisionInput,
  type AccessReviewInput,
} from '@uap/domain';
import { localTimeZone } from '../session/time-zone.ts';
import { apiDownload, apiRequest, type Parser } from './client.ts';

/** TanStack Query key prefixes: the tables' (the path's words) and the home badges'. */
export const accessReviewKeys = {
  all: ['AccessReviews'] as const,
  taskCounts: ['Request', 'TaskCounts'] as const,
};

/** After any write: the campaigns, the items and the home badge are read again. */
function useAccessReviewWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all(
        [accessReviewKeys.all, accessReviewKeys.taskCounts].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    meta: { errorDialog: false },
  });
}

/** GET api/AccessReviews/{id}: a campaign with its scope as it was sent (the edit of a draft). */
export function useAccessReviewDetailQuery(reviewId: number | null) {
  return useQuery({
    queryKey: [...accessReviewKeys.all, 'Detail', reviewId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/AccessReviews/${reviewId ?? 0}`, { schema: accessReviewDetail, signal }),
    enabled: reviewId !== null,
    staleTime: 0,
  });
}
// ---------------------------------------------------------------- the scope's catalog lists

const staleTime = 5 * 60_000;

function useScopeList<T>(key: string, path: string, schema: Parser<T>) {
  return useQuery({
    queryKey: ['Catalogs', 'AccessReviewScope', key],
    queryFn: ({ signal }) => apiRequest(path, { schema, signal }),
    staleTime,
  });
}

/** Every option of a campaign's scope, flat (the catalog's '0: every' lists), active items only. */
export function useScopeCatalog() {
  return {
    // Regions and markets inside the caller's admin rows (every one for a super admin).
    regions: useScopeList('regions', '/api/Catalogs/AllRegions/0/1', region.array()),
    markets: useScopeList('markets', '/api/Catalogs/AllMarkets/0/0/1', market.array()),
    agencies: useScopeList('agencies', '/api/Catalogs/AllAgencies/0/0', agency.array()),
    paths: useScopeList('paths', '/api/Catalogs/AllPlatformAgencys/0/0/0', platformAgency.array()),
    platforms: useScopeList('platforms', '/api/Catalogs/AgencyPlatforms', agencyPlatform.array()),
    clients: useScopeList('clients', '/api/Catalogs/AllClients/0/0/0', client.array()),
    userTypes: useScopeList('userTypes', '/api/Catalogs/AllAccountAccess/0', platformUserType.array()),
  };
}

// ---------------------------------------------------------------- writes

/** POST api/AccessReviews (a new draft) or PUT api/AccessReviews/{id} (a draft's edit). */
export function useSaveAccessReview() {
  return useAccessReviewWrite(async (o: { reviewId?: number | undefined; input: AccessReviewInput }) => {
    await (o.reviewId === undefined
      ? apiRequest('/api/AccessReviews', { method: 'POST', body: o.input, schema: accessReviewCreated })
      : apiRequest(`/api/AccessReviews/${o.reviewId}`, { method: 'PUT', body: o.input }));
    return messages.accessReviewSaved;
  });
}

/** What a campaign's confirmation moves it by: PUT api/AccessReviews/{id}/{move}. */
export type CampaignMove = 'Start' | 'Close' | 'Cancel';

/** Start (the snapshot), Close or Cancel a campaign; answers what happened in words. */
export function useAccessReviewMove() {
  return useAccessReviewWrite(async (o: { reviewId: number; move: CampaignMove }) => {
    const path = `/api/AccessReviews/${o.reviewId}/${o.move}`;
    if (o.move === 'Start') {
      const started = await apiRequest(path, { method: 'PUT', schema: accessReviewStarted });
      return messages.accessReviewStarted(started.itemCount);
    }
    const moved = await apiRequest(path, { method: 'PUT', schema: accessReviewMoved });
    if (o.move === 'Cancel') {
      return messages.accessReviewCancelled;
    }
    // 'Hand to the administrators': the campaign stays open until they decide what is left.
    return moved.handedCount > 0
      ? messages.accessReviewHandedToAdministrators(moved.handedCount)
      : messages.accessReviewClosed;
  });
}

/** PATCH api/AccessReviews/Items: keep or revoke the items, all or none; answers how many were decided. */
export function useDecideAccessReviewItems() {
  return useAccessReviewWrite(async (input: AccessReviewDecisionInput) => {
    const decided = await apiRequest('/api/AccessReviews/Items', {
      method: 'PATCH',
      body: input,
      schema: accessReviewDecided,
    });
    return messages.accessReviewsDecided(decided.decidedCount);
  });
}

/** GET api/AccessReviews/{id}/Evidence: the campaign's items as a CSV file, times in the browser's zone. */
export function downloadAccessReviewEvidence(reviewId: number): Promise<void> {
  const zone = new URLSearchParams({ localTimeZone: localTimeZone() });
  return apiDownload(
    `/api/AccessReviews/${reviewId}/Evidence?${zone.toString()}`,
    undefined,
    `access-review-${reviewId}-evidence.csv`,
    'GET',
  );
}

/** GET api/AccessReviews/{id}/Evidence/Pdf: the campaign's evidence as a PDF file, times in the browser's zone. */
export function downloadAccessReviewEvidencePdf(reviewId: number): Promise<void> {
  const zone = new URLSearchParams({ localTimeZone: localTimeZone() });
  return apiDownload(
    `/api/AccessReviews/${reviewId}/Evidence/Pdf?${zone.toString()}`,
    undefined,
    `access-review-${reviewId}-evidence.pdf`,
    'GET',
  );
}
