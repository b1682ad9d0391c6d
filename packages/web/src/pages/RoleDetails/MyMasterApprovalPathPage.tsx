import type { MasterApproverRow } from '@uap/domain';
import {
  assignmentKeys,
  fetchMyAssignmentFilterOptions,
  fetchMyMasterApprovers,
} from '../../api/assignments.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { AbsencePanel } from '../../components/ApproverAssignments/AbsencePanel.tsx';
import { masterApproverColumns } from '../../components/ApproverAssignments/assignment-columns.tsx';

/** My Master Approver Role Details: the user's master approver paths, read-only and server-paged. */
export function MyMasterApprovalPathPage() {
  return (
    <>
      <AbsencePanel userId={null} />
      <DataTable<MasterApproverRow>
        title="My Master Approver Role Details"
        syncWithUrl
        columns={masterApproverColumns}
        queryKey={assignmentKeys.myMasterApprovalPaths}
        getRowId={(r) => r.masterApproverId}
        fetchPage={async (query, signal) => {
          const page = await fetchMyMasterApprovers(query, signal);
          return { rows: page.masterApprovers, totalCount: page.totalCount };
        }}
        fetchFilterOptions={(column, query, signal) =>
          fetchMyAssignmentFilterOptions('MasterApprovers', column, query, signal)
        }
      />
    </>
  );
}
