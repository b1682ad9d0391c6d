import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  deactivateLeaversInput,
  deactivateLeaversResult,
  envelope,
  leaverCommentEntry,
  leaverCommentInput,
  type DeactivateLeaversInput,
  type LeaverCommentEntry,
} from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query keys of Leavers User Records. */
export const leaverKeys = {
  comments: (requestId: number) => ['Request', 'LeaverUserComments', requestId] as const,
};

/** GET api/Request/LeaverUserComments/{requestId}: the record's leaver comments, newest first. */
export function fetchLeaverComments(requestId: number, signal: AbortSignal): Promise<LeaverCommentEntry[]> {
  return apiRequest(`/api/Request/LeaverUserComments/${requestId}`, {
    schema: z.array(leaverCommentEntry),
    signal,
  });
}

const messageOnly = envelope(z.null());
const deactivateAnswer = envelope(deactivateLeaversResult);

/** POST api/Request/LeaverUserCommentRequest: answers the server's sentence. */
export function useLeaverComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { comment: string; requestIds: number[] }) => {
      const body = leaverCommentInput.parse({ Comments: input.comment, RequestIds: input.requestIds });
      const answer = await apiRequest('/api/Request/LeaverUserCommentRequest', {
        method: 'POST',
        body: { Comments: body.comment, RequestIds: body.requestIds },
        schema: messageOnly,
        isWholeEnvelope: true,
      });
      return answer.message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['Request'] }),
    meta: { errorDialog: false },
  });
}

/** POST api/Request/DeactivateLeaversRecord: answers the server's sentence. */
export function useDeactivateLeavers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DeactivateLeaversInput) => {
      const answer = await apiRequest('/api/Request/DeactivateLeaversRecord', {
        method: 'POST',
        body: deactivateLeaversInput.parse(input),
        schema: deactivateAnswer,
        isWholeEnvelope: true,
      });
      return answer.message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['Request'] }),
    meta: { errorDialog: false },
  });
}
