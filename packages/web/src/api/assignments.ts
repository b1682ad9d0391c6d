import {
  approverAssignmentList,
  filterOptions,
  masterApproverList,
  type ApproverAssignmentList,
  type MasterApproverList,
  type TableQuery,
} from '@uap/domain';
import { apiRequest } from './client.ts';

/** TanStack Query key prefixes of the role-details tables (the DataTable adds its state). */
export const assignmentKeys = {
  myApprovalPaths: ['Approvers', 'Assignments', 'onlyMe'] as const,
  myMasterApprovalPaths: ['Approvers', 'MasterApprovers', 'onlyMe'] as const,
};

/** Which assignment table: approver/provisioner rows or master approver rows. */
export type AssignmentTable = 'Assignments' | 'MasterApprovers';

/** PUT api/Approvers/Assignments (onlyMe): one page of the caller's approver/provisioner rows. */
export function fetchMyApproverAssignments(
  query: TableQuery,
  signal: AbortSignal,
): Promise<ApproverAssignmentList> {
  return apiRequest('/api/Approvers/Assignments', {
    method: 'PUT',
    body: { ...query, onlyMe: true },
    schema: approverAssignmentList,
    signal,
  });
}

/** PUT api/Approvers/MasterApprovers (onlyMe): one page of the caller's master approver rows. */
export function fetchMyMasterApprovers(query: TableQuery, signal: AbortSignal): Promise<MasterApproverList> {
  return apiRequest('/api/Approvers/MasterApprovers', {
    method: 'PUT',
    body: { ...query, onlyMe: true },
    schema: masterApproverList,
    signal,
  });
}

/** PUT api/Approvers/{table}/Filters (onlyMe): the distinct values of one column. */
export async function fetchMyAssignmentFilterOptions(
  table: AssignmentTable,
  column: string,
  query: TableQuery,
  signal: AbortSignal,
): Promise<string[]> {
  const options = await apiRequest(`/api/Approvers/${table}/Filters`, {
    method: 'PUT',
    body: { ...query, onlyMe: true, column },
    schema: filterOptions,
    signal,
  });
  return options.values;
}
