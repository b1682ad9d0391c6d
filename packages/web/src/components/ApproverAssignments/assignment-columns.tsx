import Chip from '@mui/material/Chip';
import { AssignmentStatus, type ApproverAssignmentRow, type MasterApproverRow } from '@uap/domain';
import type { DataTableColumn } from '../DataTable/DataTable.tsx';

const person = (name: string, email: string) => (email ? `${name} (${email})` : '');

const text = <Row,>(id: string, header: string, value: (row: Row) => string): DataTableColumn<Row> => ({
  id,
  header,
  text: value,
  sortable: true,
  filterable: true,
});

/** The Status column: Active or Inactive as a chip. */
function statusColumn<Row extends { status: string }>(): DataTableColumn<Row> {
  return {
    ...text<Row>('status', 'Status', (r) => r.status),
    cell: (r) => (
      <Chip
        size="small"
        label={r.status}
        color={r.status === AssignmentStatus.ACTIVE ? 'success' : 'default'}
      />
    ),
  };
}

/** My Approver/Provisioner Role Details: one column per path part and role (filters by name). */
export const approverAssignmentColumns: DataTableColumn<ApproverAssignmentRow>[] = [
  statusColumn(),
  text('regionName', 'Region', (r) => r.regionName),
  text('marketName', 'Market', (r) => r.marketName),
  text('agencyName', 'Agency', (r) => r.agencyName),
  text('practiceName', 'Practice', (r) => r.practiceName),
  text('platformName', 'Platform', (r) => r.platformName),
  text('clientName', 'Client', (r) => r.clientName),
  text('approverName', 'Approver', (r) => person(r.approverName, r.approverEmail)),
  text('secondaryApproverName', 'Secondary Approver', (r) =>
    person(r.secondaryApproverName, r.secondaryApproverEmail),
  ),
  text('provisionerName', 'Provisioner', (r) => person(r.provisionerName, r.provisionerEmail)),
  text('provisionerBackupName', 'Provisioner Backup', (r) =>
    person(r.provisionerBackupName, r.provisionerBackupEmail),
  ),
];

/** My Master Approver Role Details. */
export const masterApproverColumns: DataTableColumn<MasterApproverRow>[] = [
  statusColumn(),
  text('masterApproverName', 'Name', (r) => r.masterApproverName),
  text('masterApproverEmail', 'Email', (r) => r.masterApproverEmail),
  text('regionName', 'Region', (r) => r.regionName),
  text('marketName', 'Market', (r) => r.marketName),
  text('agencyName', 'Agency', (r) => r.agencyName),
  text('practiceName', 'Practice', (r) => r.practiceName),
];
