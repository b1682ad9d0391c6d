import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterDomLink, useParams } from 'react-router';
import { messages, type ProfileLogRow, type TableQuery } from '@uap/domain';
import { fetchParentGuidLogPage, profileKeys } from '../../api/profiles.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { profileLogColumns } from './profile-log-columns.tsx';
import { useFetchFailure } from '../../components/DataTable/use-fetch-failure.ts';

const columns: DataTableColumn<ProfileLogRow>[] = [
  profileLogColumns.serialNo,
  {
    id: 'userId',
    header: 'UAP Id',
    sortable: true,
    text: (r) => String(r.userId),
    cell: (r) => (
      <Link component={RouterDomLink} to={`/UserLogs/${r.userId}`} aria-label={`Log of UAP Id ${r.userId}`}>
        {r.userId}
      </Link>
    ),
  },
  ...profileLogColumns.rest,
];

/**
 * /ParentGUIDLogs/{parentGuid}: the ParentGUID log (spec 3 §8), every change of the profiles
 * that carry the ParentGUID (a parent and the profiles merged into it), paged on the server,
 * each naming its UAP Id.
 */
export function ParentGuidLogsPage() {
  const parentGuid = useParams().parentGuid?.trim() ?? '';
  const { failure, track } = useFetchFailure();
  const fetchPage = useCallback(
    async (query: TableQuery, signal: AbortSignal) => {
      const page = await track(fetchParentGuidLogPage(parentGuid, query, signal), signal);
      return { rows: page.logs, totalCount: page.totalCount };
    },
    [parentGuid, track],
  );
  if (parentGuid === '') {
    return <Alert severity="error">{messages.parentGuidMissing}</Alert>;
  }
  return (
    <>
      <Typography variant="h2" sx={{ mb: 1 }}>{`ParentGUID ${parentGuid}`}</Typography>
      <Typography sx={{ mb: 2 }}>
        <RouterLink to="/AllUserProfiles">Back to All User Profiles</RouterLink>
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <DataTable<ProfileLogRow>
        title="ParentGUID changes"
        columns={columns}
        queryKey={profileKeys.parentGuidLogs(parentGuid)}
        getRowId={(r) => r.serialNo}
        fetchPage={fetchPage}
        initialPageSize={20}
        emptyMessage="No changes are logged for these profiles."
      />
    </>
  );
}
