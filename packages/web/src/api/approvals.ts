import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalDetail, approveRejectResult, messages, type ApproveRejectInput } from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query key prefixes of the approval screens (the DataTable adds its state). */
export const approvalKeys = {
  all: ['Approvers'] as const,
  detail: (requestId: number | null) => ['Approvers', 'RequestDetail', requestId] as const,
};

/** GET api/Approvers/RequestDetail/{id}: the Approval Request modal's request with its people. */
export function useApprovalDetailQuery(requestId: number | null) {
  return useQuery({
    queryKey: approvalKeys.detail(requestId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/Approvers/RequestDetail/${requestId ?? 0}`, { schema: approvalDetail, signal }),
    enabled: requestId !== null,
    staleTime: 0,
  });
}

/**
 * PATCH api/Approvers/ApproveRejectRequest; resolves to the spec's answer ('Request was
 * Approved' / 'Request was Rejected') and the ids the server decided, and refreshes the lists
 * and the home badge.
 */
export function useApproveRejectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApproveRejectInput) => {
      const { requestIds } = await apiRequest('/api/Approvers/ApproveRejectRequest', {
        method: 'PATCH',
        body,
        schema: approveRejectResult,
      });
      return { message: body.isApproved ? messages.requestApproved : messages.requestRejected, requestIds };
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['Request'] }),
      ]);
    },
    meta: { errorDialog: false },
  });
}
