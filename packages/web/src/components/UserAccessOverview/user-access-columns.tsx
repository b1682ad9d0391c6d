import { RequestStatus, type UserRecordRow } from '@uap/domain';
import { RouterLink } from '../RouterLink.tsx';
import { StatusChip } from '../StatusChip.tsx';
import type { DataTableColumn } from '../DataTable/DataTable.tsx';

const isRecord = (row: UserRecordRow) =>
  row.statusId === RequestStatus.COMPLETED || row.statusId === RequestStatus.ARCHIVED;

const textColumn = (
  id: string,
  header: string,
  text: (row: UserRecordRow) => string,
): DataTableColumn<UserRecordRow> => ({ id, header, text, sortable: true, filterable: true, truncate: 60 });

const chipColumn = (
  id: string,
  header: string,
  text: (row: UserRecordRow) => string,
): DataTableColumn<UserRecordRow> => ({
  ...textColumn(id, header, text),
  cell: (r) => <StatusChip label={text(r)} />,
});

/** The columns of spec 1 §2.4, in its order; ids are the server's column names. */
export const userAccessColumns: DataTableColumn<UserRecordRow>[] = [
  {
    id: 'requestId',
    header: 'Record ID',
    text: (r) => String(r.requestId),
    // Only an access record can be modified.
    cell: (r) =>
      isRecord(r) ? (
        <RouterLink to={`/ChangeUserRecords?Id=${r.requestId}`}>{r.requestId}</RouterLink>
      ) : (
        String(r.requestId)
      ),
    sortable: true,
    filterable: true,
  },
  chipColumn('status', 'Request Status', (r) => r.status.description),
  chipColumn('statusDescription', 'Record Status', (r) => r.statusDescription),
  chipColumn('requestTypeName', 'Request Type', (r) => r.requestTypeName),
  textColumn('requestUserName', 'User Name', (r) => r.requestUser.fullName),
  textColumn('requestUserEmail', 'User Primary Email', (r) => r.requestUser.email),
  textColumn('email', 'User Platform Email', (r) => r.email),
  textColumn('agencyName', 'Agency', (r) => r.agencyName),
  textColumn('practiceName', 'Practice', (r) => r.practiceName),
  textColumn('platformName', 'Platform', (r) => r.platformName),
  textColumn('clientName', 'Client', (r) => r.clientName),
  textColumn('clientCodeName', 'Client Code', (r) => r.clientCodeName),
  textColumn('assetName', 'Asset Type', (r) => r.assetName),
  textColumn('clientAccountName', 'Asset Name', (r) => r.clientAccountName),
  textColumn('platformUserTypeName', 'Platform User Type', (r) => r.platformUserTypeName),
];
