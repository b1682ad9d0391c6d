import { useQuery } from '@tanstack/react-query';
import { accessReviewDetail } from '@uap/domain';
import { accessReviewKeys } from './access-reviews.ts';
import { apiRequest } from './client.ts';

/**
 * GET api/AccessReviews/{id} for the campaign page (issue 46 item 5): its name, due day and
 * overall progress. A campaign the caller does not reach (404) is told on the page, not in the
 * error dialog; any write on access reviews reads it again (its key is under theirs).
 */
export function useCampaignProgressQuery(reviewId: number | null) {
  return useQuery({
    queryKey: [...accessReviewKeys.all, 'Progress', reviewId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/AccessReviews/${reviewId ?? 0}`, { schema: accessReviewDetail, signal }),
    enabled: reviewId !== null,
    staleTime: 0,
    meta: { errorDialog: false },
  });
}
