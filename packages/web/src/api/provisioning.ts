import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StandardCommentType,
  archiveRequestsInput,
  provisionerCommentEntry,
  provisionerDecisionResult,
  provisioningTable,
  standardComment,
  tableQuery,
  type ProvisionerCommentEntry,
  type ProvisionerDecisionInput,
  type StandardComment,
} from '@uap/domain';
import { z } from 'zod';
import { apiRequest } from './client.ts';
import { declaredTableApi } from './declared-table.ts';

/** TanStack Query keys of the provisioning screens. */
export const provisioningKeys = {
  standardComments: ['Request', 'GetAllStandardComments', StandardCommentType.PROVISIONING] as const,
  provisionerComments: (requestId: number) => ['Request', 'ProvisionerComments', requestId] as const,
  task: (requestId: number) => ['Request', 'RequestForProvisioners', false, 'requestId', requestId] as const,
};

/**
 * One line of My Provisioning Tasks by its id (a notification's `?requestId=N`): the list's row,
 * filtered on the request id, so the dialog shows exactly what the list would; null when the
 * line is not one of the caller's tasks.
 */
export function useProvisioningTaskQuery(requestId: number | null) {
  return useQuery({
    queryKey: provisioningKeys.task(requestId ?? 0),
    queryFn: async ({ signal }) => {
      const query = tableQuery.parse({ filters: [{ column: 'requestId', values: [String(requestId)] }] });
      const page = await declaredTableApi(provisioningTable, { Archive: false }).fetchPage(query, signal);
      return page.rows.find((r) => r.requestId === requestId) ?? null;
    },
    enabled: requestId !== null,
    staleTime: 0,
  });
}

/** GET api/Request/GetAllStandardComments/1: the standard comments of type Provisioning. */
export function useStandardComments() {
  return useQuery({
    queryKey: provisioningKeys.standardComments,
    queryFn: ({ signal }) =>
      apiRequest(`/api/Request/GetAllStandardComments/${StandardCommentType.PROVISIONING}`, {
        schema: z.array(standardComment),
        signal,
      }),
  });
}

function useInvalidating<I, O>(mutationFn: (input: I) => Promise<O>, prefix: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prefix }),
  });
}

/** POST api/Request/AddStandardComment. */
export function useAddStandardComment() {
  return useInvalidating(
    (comment: string) =>
      apiRequest<StandardComment>('/api/Request/AddStandardComment', {
        method: 'POST',
        body: { Comment: comment, Type: StandardCommentType.PROVISIONING },
        schema: standardComment,
      }),
    provisioningKeys.standardComments,
  );
}

/** POST api/Request/RemoveStandardComment. */
export function useRemoveStandardComment() {
  return useInvalidating(
    (id: number) =>
      apiRequest<null>('/api/Request/RemoveStandardComment', { method: 'POST', body: { Id: id } }),
    provisioningKeys.standardComments,
  );
}

/** POST api/Request/ApproveRejectForProvisioner; refreshes every request table on success. */
export function useProvisionerDecision() {
  return useInvalidating(
    (input: ProvisionerDecisionInput) =>
      apiRequest('/api/Request/ApproveRejectForProvisioner', {
        method: 'POST',
        body: input,
        schema: provisionerDecisionResult,
      }),
    ['Request'],
  );
}

/** POST api/Request/ProvisionerCommentRequest for one or more lines. */
export function useProvisionerComment() {
  return useInvalidating(
    (input: { comment: string; requestIds: number[] }) =>
      apiRequest<null>('/api/Request/ProvisionerCommentRequest', {
        method: 'POST',
        body: { Comments: input.comment, RequestIds: input.requestIds },
      }),
    ['Request'],
  );
}

/** GET api/Request/ProvisionerComments/{requestId}: the line's comment history, newest first. */
export function fetchProvisionerComments(
  requestId: number,
  signal: AbortSignal,
): Promise<ProvisionerCommentEntry[]> {
  return apiRequest(`/api/Request/ProvisionerComments/${requestId}`, {
    schema: z.array(provisionerCommentEntry),
    signal,
  });
}

/** POST /api/Request/ArchiveMultipleRequest/. */
export function useArchiveRequests() {
  return useInvalidating(
    (requestIds: number[]) =>
      apiRequest<null>('/api/Request/ArchiveMultipleRequest/', {
        method: 'POST',
        body: archiveRequestsInput.parse(requestIds),
      }),
    ['Request'],
  );
}
