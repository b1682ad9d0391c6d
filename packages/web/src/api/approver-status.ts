import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acknowledgeApproversInput,
  acknowledgeApproversResult,
  approverStatusList,
  envelope,
  filterOptions,
  type ApproverStatusList,
  type TableQuery,
} from '@uap/domain';
import { apiDownload, apiRequest } from './client.ts';

/** TanStack Query key prefix of the Status of Approvers and Provisioners table. */
export const approverStatusKeys = { all: ['Approvers', 'CheckApprovalGrid'] as const };

/** PUT api/Approvers/CheckApprovalGrid: one page of the status rows. */
export function fetchApproverStatus(query: TableQuery, signal: AbortSignal): Promise<ApproverStatusList> {
  return apiRequest('/api/Approvers/CheckApprovalGrid', {
    method: 'PUT',
    body: query,
    schema: approverStatusList,
    signal,
  });
}

/** PUT api/Approvers/CheckApprovalGrid/Filters: the distinct values of one column. */
/** PUT api/Approvers/CheckApprovalGrid/Export: the whole filtered table as CSV. */
export function exportApproverStatus(query: TableQuery): Promise<void> {
  return apiDownload('/api/Approvers/CheckApprovalGrid/Export', query, 'approver-status.csv');
}

export async function fetchApproverStatusFilterOptions(
  column: string,
  query: TableQuery,
  signal: AbortSignal,
): Promise<string[]> {
  const options = await apiRequest('/api/Approvers/CheckApprovalGrid/Filters', {
    method: 'PUT',
    body: { ...query, column },
    schema: filterOptions,
    signal,
  });
  return options.values;
}

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
