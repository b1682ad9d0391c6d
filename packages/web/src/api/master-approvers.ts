import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  envelope,
  masterApproverActiveDeactiveInput,
  masterApproverWriteResult,
  reassignMasterApproverInput,
  saveMasterApproverInput,
  updateMasterApproverInput,
  type MasterApproverActiveDeactiveInput,
  type MasterApproverWriteResult,
  type ReassignMasterApproverInput,
  type SaveMasterApproverInput,
  type UpdateMasterApproverInput,
} from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query key prefix of the master approver tables (their path's words). */
export const masterApproverKeys = {
  all: ['Approvers', 'MasterApprovers'] as const,
};

/** A write's rows and the server's sentence. */
export interface MasterApproverWrite {
  data: MasterApproverWriteResult;
  message: string;
}

const writeAnswer = envelope(masterApproverWriteResult);

/** A write call whose answer is the envelope: the rows it changed and the server's sentence. */
async function send(path: string, method: 'POST' | 'PUT', body?: unknown): Promise<MasterApproverWrite> {
  const answer = await apiRequest(path, { method, body, schema: writeAnswer, isWholeEnvelope: true });
  return { data: answer.data, message: answer.message };
}

function useMasterApproverWrite<Input>(send: (input: Input) => Promise<MasterApproverWrite>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterApproverKeys.all }),
    meta: { errorDialog: false },
  });
}

/** POST SaveMasterApprover, or PUT UpdateMasterApprover when the row has an id. */
export function useSaveMasterApprover() {
  return useMasterApproverWrite((input: SaveMasterApproverInput & { masterApproverId?: number }) =>
    input.masterApproverId
      ? send(
          '/api/Approvers/UpdateMasterApprover',
          'PUT',
          updateMasterApproverInput.parse(input as UpdateMasterApproverInput),
        )
      : send('/api/Approvers/SaveMasterApprover', 'POST', saveMasterApproverInput.parse(input)),
  );
}

/** PUT MasterApprover/ActiveDeactive: 'Master Approvers Activated' / 'Deactivated'. */
export function useActiveDeactiveMasterApprovers() {
  return useMasterApproverWrite((input: MasterApproverActiveDeactiveInput) =>
    send(
      '/api/Approvers/MasterApprover/ActiveDeactive',
      'PUT',
      masterApproverActiveDeactiveInput.parse(input),
    ),
  );
}

/** PUT MasterApprover/DeleteMasterApprover/{id}, one row after the other. */
export function useDeleteMasterApprovers() {
  return useMasterApproverWrite(async (ids: number[]) => {
    let last: MasterApproverWrite = { data: { masterApproverIds: [] }, message: '' };
    for (const id of ids) {
      last = await send(`/api/Approvers/MasterApprover/DeleteMasterApprover/${id}`, 'PUT');
    }
    return { data: { masterApproverIds: ids }, message: last.message };
  });
}

/** PUT ReassignMasterApprover: the rows move to the new person. */
export function useReassignMasterApprovers() {
  return useMasterApproverWrite((input: ReassignMasterApproverInput) =>
    send('/api/Approvers/ReassignMasterApprover', 'PUT', reassignMasterApproverInput.parse(input)),
  );
}
