import { useCallback, useState } from 'react';
import {
  Role,
  approverAssignmentsTable,
  messages,
  type ApproverAssignmentList,
  type ApproverAssignmentRow,
} from '@uap/domain';
import { useCurrentUser } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { AbsencePanel } from '../../components/ApproverAssignments/AbsencePanel.tsx';
import { assignmentStatusCells } from '../../components/ApproverAssignments/status-cells.tsx';

interface HeldRoles {
  holdsApprover: boolean;
  holdsProvisioner: boolean;
}

/** The caller's own rows. */
const onlyMe = { onlyMe: true };

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
  const onList = useCallback((page: ApproverAssignmentList) => {
    setHeld({ holdsApprover: page.holdsApprover, holdsProvisioner: page.holdsProvisioner });
  }, []);
  const table = useDeclaredTable(approverAssignmentsTable, {
    cells: assignmentStatusCells,
    canExport: false,
    body: onlyMe,
    onList,
  });
  return (
    <>
      <AbsencePanel userId={null} />
      <DataTable<ApproverAssignmentRow> {...table} title={titleOf(held)} syncWithUrl />
    </>
  );
}
