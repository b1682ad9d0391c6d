import Alert from '@mui/material/Alert';
import { messages, type MasterApproverRow } from '@uap/domain';
import { useMyMasterApproversQuery } from '../../api/assignments.ts';
import { ApiError } from '../../api/client.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { ReadOnlyTable, type ReadOnlyColumn } from './ReadOnlyTable.tsx';

const columns: ReadOnlyColumn<MasterApproverRow>[] = [
  { header: 'Name', value: (r) => r.masterApproverName },
  { header: 'Email', value: (r) => r.masterApproverEmail },
  { header: 'Region', value: (r) => r.regionName },
  { header: 'Market', value: (r) => r.marketName },
  { header: 'Agency', value: (r) => r.agencyName },
  { header: 'Practice', value: (r) => r.practiceName },
];

/** My Master Approver Role Details: the user's master approver paths, read-only. */
export function MyMasterApprovalPathPage() {
  const query = useMyMasterApproversQuery();
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
      title="My Master Approver Role Details"
      rows={query.data.masterApprovers}
      columns={columns}
      getRowId={(r) => r.masterApproverId}
    />
  );
}
