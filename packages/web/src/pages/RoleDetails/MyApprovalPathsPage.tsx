import { useState } from 'react';
import { Role, messages, type ApproverAssignmentRow, type TableQuery } from '@uap/domain';
import {
  assignmentKeys,
  fetchMyApproverAssignments,
  fetchMyAssignmentFilterOptions,
} from '../../api/assignments.ts';
import { useCurrentUser } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { AbsencePanel } from '../../components/ApproverAssignments/AbsencePanel.tsx';
import { approverAssignmentColumns } from '../../components/ApproverAssignments/assignment-columns.tsx';

interface HeldRoles {
  holdsApprover: boolean;
  holdsProvisioner: boolean;
}

/** The title names the roles the user holds (spec 2 "Role-details pages"). */
function titleOf(held: HeldRoles): string {
  if (held.holdsApprover && held.holdsProvisioner) {
    return messages.approverProvisionerRoleDetails;
  }
  return held.holdsProvisioner ? messages.provisionerRoleDetails : messages.approverRoleDetails;
}

/** My Approver/Provisioner Role Details: the user's own assignments, read-only and server-paged. */
export function MyApprovalPathsPage() {
  const { shellUser } = useCurrentUser();
  // Until the first page says which roles the user holds, guess from the role.
  const [held, setHeld] = useState<HeldRoles>({
    holdsApprover: shellUser.roleId !== Role.PROVISIONER,
    holdsProvisioner: shellUser.roleId === Role.PROVISIONER,
  });
  const fetchPage = async (query: TableQuery, signal: AbortSignal) => {
    const page = await fetchMyApproverAssignments(query, signal);
    setHeld({ holdsApprover: page.holdsApprover, holdsProvisioner: page.holdsProvisioner });
    return { rows: page.approvers, totalCount: page.totalCount };
  };
  return (
    <>
      <AbsencePanel userId={null} />
      <DataTable<ApproverAssignmentRow>
        title={titleOf(held)}
        syncWithUrl
        columns={approverAssignmentColumns}
        queryKey={assignmentKeys.myApprovalPaths}
        getRowId={(r) => r.approverId}
        fetchPage={fetchPage}
        fetchFilterOptions={(column, query, signal) =>
          fetchMyAssignmentFilterOptions('Assignments', column, query, signal)
        }
      />
    </>
  );
}
