import Typography from '@mui/material/Typography';
import { messages, type ExistingAccessRow } from '@uap/domain';
import {
  existingAccessKeys,
  fetchExistingAccess,
  fetchExistingAccessFilterOptions,
} from '../../../api/existing-access.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { RouterLink } from '../../../components/RouterLink.tsx';

const textColumn = (
  id: string,
  header: string,
  text: (row: ExistingAccessRow) => string,
): DataTableColumn<ExistingAccessRow> => ({
  id,
  header,
  text,
  sortable: true,
  filterable: true,
  truncate: 60,
});

/** The User Access Overview columns of spec 1 §2.4, in its order; ids are the server's column names. */
const columns: DataTableColumn<ExistingAccessRow>[] = [
  {
    id: 'requestId',
    header: 'Record ID',
    text: (r) => String(r.requestId),
    // A record the caller may modify links to it; the colleague's other access is read-only.
    cell: (r) =>
      r.canModify ? (
        <RouterLink to={`/ChangeUserRecords?Id=${r.requestId}`}>{r.requestId}</RouterLink>
      ) : (
        String(r.requestId)
      ),
    sortable: true,
    filterable: true,
  },
  textColumn('status', 'Request Status', (r) => r.status.description),
  textColumn('statusDescription', 'Record Status', (r) => r.statusDescription),
  textColumn('requestTypeName', 'Request Type', (r) => r.requestTypeName),
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

/**
 * The User Access Overview of the wizard's existing-access check: the subject's pending and
 * active access whoever requested it (read-only; no export), so a duplicate shows before Create.
 */
export function ExistingAccessTable({ userId }: { userId: number }) {
  return (
    <DataTable<ExistingAccessRow>
      title="User Access Overview"
      intro={<Typography sx={{ mb: 1 }}>{messages.existingAccessIntro}</Typography>}
      columns={columns}
      queryKey={existingAccessKeys.page(userId)}
      getRowId={(r) => r.requestId}
      fetchPage={async (query, signal) => {
        const page = await fetchExistingAccess(userId, query, signal);
        return { rows: page.requests, totalCount: page.totalCount };
      }}
      fetchFilterOptions={(column, query, signal) =>
        fetchExistingAccessFilterOptions(userId, column, query, signal)
      }
    />
  );
}
