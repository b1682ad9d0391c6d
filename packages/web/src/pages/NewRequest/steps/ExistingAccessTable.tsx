import Typography from '@mui/material/Typography';
import { messages, type ExistingAccessRow } from '@uap/domain';
import {
  existingAccessKeys,
  fetchExistingAccess,
  fetchExistingAccessFilterOptions,
} from '../../../api/existing-access.ts';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { accessColumns } from '../../../components/UserAccessOverview/user-access-columns.tsx';

// A record the caller may modify links to it; the colleague's other access is read-only.
const columns = accessColumns<ExistingAccessRow>((r) => r.canModify);

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
