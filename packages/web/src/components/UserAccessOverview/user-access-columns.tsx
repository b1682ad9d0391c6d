import { isAccessRecord, type UserRecordRow } from '@uap/domain';
import { RouterLink } from '../RouterLink.tsx';
import { StatusChip } from '../StatusChip.tsx';
import type { DataTableColumn } from '../DataTable/DataTable.tsx';

/** What the User Access Overview columns read: a user record, or a line of someone's existing access. */
type AccessRow = Pick<
  UserRecordRow,
  | 'requestId'
  | 'status'
  | 'statusDescription'
  | 'requestTypeName'
  | 'requestUser'
  | 'email'
  | 'agencyName'
  | 'practiceName'
  | 'platformName'
  | 'clientName'
  | 'clientCodeName'
  | 'assetName'
  | 'clientAccountName'
  | 'platformUserTypeName'
>;

/**
 * The columns of spec 1 §2.4, in its order; ids are the server's column names. The Record ID
 * links to Modify an Existing Access for the rows `canModify` allows.
 */
export function accessColumns<Row extends AccessRow>(
  canModify: (row: Row) => boolean,
): DataTableColumn<Row>[] {
  const textColumn = (id: string, header: string, text: (row: Row) => string): DataTableColumn<Row> => ({
    id,
    header,
    text,
    sortable: true,
    filterable: true,
    truncate: 60,
  });
  const chipColumn = (id: string, header: string, text: (row: Row) => string): DataTableColumn<Row> => ({
    ...textColumn(id, header, text),
    cell: (r) => <StatusChip label={text(r)} />,
  });
  return [
    {
      id: 'requestId',
      header: 'Record ID',
      text: (r) => String(r.requestId),
      cell: (r) =>
        canModify(r) ? (
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
}

/** The caller's own records and requests: only an access record can be modified. */
export const userAccessColumns = accessColumns<UserRecordRow>(isAccessRecord);
