import { useQuery } from '@tanstack/react-query';
import { approverAssignmentList, masterApproverList } from '@uap/domain';
import { apiRequest } from './client.ts';

/** GET api/Approvers?onlyMe=true: the signed-in user's approver/provisioner assignments. */
export function useMyApproverAssignmentsQuery() {
  return useQuery({
    queryKey: ['Approvers', 'onlyMe'],
    queryFn: ({ signal }) =>
      apiRequest('/api/Approvers?onlyMe=true', { schema: approverAssignmentList, signal }),
  });
}

/** GET api/Approvers/GetMasterApprover?onlyMe=true: the signed-in user's master approver rows. */
export function useMyMasterApproversQuery() {
  return useQuery({
    queryKey: ['Approvers', 'GetMasterApprover', 'onlyMe'],
    queryFn: ({ signal }) =>
      apiRequest('/api/Approvers/GetMasterApprover?onlyMe=true', { schema: masterApproverList, signal }),
  });
}
