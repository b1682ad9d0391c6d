import Alert from '@mui/material/Alert';
import { messages, type ApproverAssignmentList, type ApproverAssignmentRow } from '@uap/domain';
import { useMyApproverAssignmentsQuery } from '../../api/assignments.ts';
import { ApiError } from '../../api/client.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { ReadOnlyTable, type ReadOnlyColumn } from './ReadOnlyTable.tsx';

const person = (name: string, email: string) => (email ? `${name} (${email})` : '');

const columns: ReadOnlyColumn<ApproverAssignmentRow>[] = [
  { header: 'Region', value: (r) => r.regionName },
  { header: 'Market', value: (r) => r.marketName },
  { header: 'Agency', value: (r) => r.agencyName },
  { header: 'Practice', value: (r) => r.practiceName },
  { header: 'Platform', value: (r) => r.platformName },
  { header: 'Client', value: (r) => r.clientName },
  { header: 'Approver', value: (r) => person(r.approverName, r.approverEmail) },
  { header: 'Secondary Approver', value: (r) => person(r.secondaryApproverName, r.secondaryApproverEmail) },
  { header: 'Provisioner', value: (r) => person(r.provisionerName, r.provisionerEmail) },
  { header: 'Provisioner Backup', value: (r) => person(r.provisionerBackupName, r.provisionerBackupEmail) },
];

/** The title names the roles the user holds (spec 2 "Role-details pages"). */
function titleOf(list: ApproverAssignmentList): string {
  if (list.holdsApprover && list.holdsProvisioner) {
    return messages.approverProvisionerRoleDetails;
  }
  return list.holdsProvisioner ? messages.provisionerRoleDetails : messages.approverRoleDetails;
}

/** My Approver/Provisioner Role Details: the user's own assignments, read-only. */
export function MyApprovalPathsPage() {
  const query = useMyApproverAssignmentsQuery();
  if (query.isError) {
    return (
      <Alert severity="error">
        {query.error instanceof ApiError ? query.error.message : messages.serverError}
      </Alert>
    );
  }
  if (!query.data) {
    return <PageSpinner />;
  }
  return (
    <ReadOnlyTable
      title={titleOf(query.data)}
      rows={query.data.approvers}
      columns={columns}
      getRowId={(r) => r.approverId}
    />
  );
}
