import { masterApproversTable, type MasterApproverRow } from '@uap/domain';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { AbsencePanel } from '../../components/ApproverAssignments/AbsencePanel.tsx';
import { assignmentStatusCells } from '../../components/ApproverAssignments/status-cells.tsx';

/** The caller's own rows. */
const onlyMe = { onlyMe: true };

/** My Master Approver Role Details: the user's master approver paths, read-only and server-paged. */
export function MyMasterApprovalPathPage() {
  const table = useDeclaredTable(masterApproversTable, {
    cells: assignmentStatusCells,
    canExport: false,
    body: onlyMe,
  });
  return (
    <>
      <AbsencePanel userId={null} />
      <DataTable<MasterApproverRow> {...table} title="My Master Approver Role Details" syncWithUrl />
    </>
  );
}
