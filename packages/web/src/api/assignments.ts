import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assignmentSavePreview,
  assignmentWriteResult,
  envelope,
  pathlessWarning,
  type ApproverAssignmentInput,
  type ApproverAssignmentUpdate,
  type AssignmentSavePreviewInput,
  type AssignmentWriteResult,
  type ReassignApproverInput,
} from '@uap/domain';
import { ApiError, apiRequest } from './client.ts';

/** A write's answer: what it touched and the server's message for the success notice. */
export interface WriteOutcome {
  result: AssignmentWriteResult;
  message: string;
}

const writeEnvelope = envelope(assignmentWriteResult);

async function write(method: 'POST' | 'PUT', path: string, body?: unknown): Promise<WriteOutcome> {
  const answer = await apiRequest(path, { method, body, isWholeEnvelope: true, schema: writeEnvelope });
  return { result: answer.data, message: answer.message };
}

/**
 * PUT api/Approvers/SavePreview: how many waiting lines the save of this body (approverId: a
 * modify) would give to someone else; nothing is saved.
 */
export async function previewAssignmentSave(input: AssignmentSavePreviewInput): Promise<number> {
  const preview = await apiRequest('/api/Approvers/SavePreview', {
    method: 'PUT',
    body: input,
    schema: assignmentSavePreview,
  });
  return preview.linesChangingHands;
}

/**
 * The count of pending requests a refused deactivation or deletion would leave with no approval
 * path (its 409), or null when the error is something else.
 */
export function pendingWithoutPathOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) {
    return null;
  }
  const parsed = pathlessWarning.safeParse(error.data);
  return parsed.success ? parsed.data.pendingWithoutPath : null;
}

/** What one toolbar or row action sends; `confirm` acknowledges the no-approval-path warning. */
export type AssignmentWrite =
  | { kind: 'create'; input: ApproverAssignmentInput }
  | { kind: 'update'; input: ApproverAssignmentUpdate }
  | { kind: 'state'; ids: number[]; isDeleted: boolean; confirm: boolean }
  | { kind: 'delete'; ids: number[]; confirm: boolean }
  | { kind: 'reassign'; input: ReassignApproverInput };

function send(action: AssignmentWrite): Promise<WriteOutcome> {
  switch (action.kind) {
    case 'create':
      return write('POST', '/api/Approvers', action.input);
    case 'update':
      return write('PUT', '/api/Approvers', action.input);
    case 'state':
      return action.ids.length === 1
        ? write(
            'PUT',
            `/api/Approvers/Approver/ActiveDeactive/${action.ids[0]}/${action.isDeleted}${action.confirm ? '?confirm=true' : ''}`,
          )
        : write('PUT', '/api/Approvers/Approver/ActiveDeactive', {
            ids: action.ids,
            isDeleted: action.isDeleted,
            confirm: action.confirm,
          });
    case 'delete':
      return action.ids.length === 1
        ? write(
            'PUT',
            `/api/Approvers/Approver/DeleteAssignment/${action.ids[0]}${action.confirm ? '?confirm=true' : ''}`,
          )
        : write('PUT', '/api/Approvers/Approver/DeleteBulkAssignment', {
            ids: action.ids,
            isDeleted: true,
            confirm: action.confirm,
          });
    case 'reassign':
      return write('PUT', '/api/Approvers/ReassignApprover', action.input);
  }
}

/**
 * Every assignment write. On success the assignment tables, the role details and the task
 * badges and lists reload (routing is read at read time: pending work moves at once). The
 * screen shows failures itself (409 becomes a confirmation).
 */
export function useAssignmentWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['Approvers'] }),
        queryClient.invalidateQueries({ queryKey: ['Request'] }),
      ]);
    },
    meta: { errorDialog: false },
  });
}
