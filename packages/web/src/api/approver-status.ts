import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgeApproversInput, acknowledgeApproversResult, envelope } from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query key prefix of the Status of Approvers and Provisioners table (its path's words). */
export const approverStatusKeys = { all: ['Approvers', 'CheckApprovalGrid'] as const };

const acknowledgeAnswer = envelope(acknowledgeApproversResult);

/** PUT api/Approvers/AcknowledgeApproverOrProvisioner: acknowledges these people's rows; answers the sentence. */
export function useAcknowledgeApprovers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userIds: number[]) => {
      const answer = await apiRequest('/api/Approvers/AcknowledgeApproverOrProvisioner', {
        method: 'PUT',
        body: acknowledgeApproversInput.parse({ Ids: userIds, IsDeleted: true }),
        schema: acknowledgeAnswer,
        isWholeEnvelope: true,
      });
      return answer.message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approverStatusKeys.all }),
  });
}
