import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import {
  formatDateTime,
  type ProfileLogRow,
  type SecondaryEmailLogRow,
  type TableQuery,
  messages,
} from '@uap/domain';
import { fetchSecondaryEmailLogPage, fetchUserLogPage, profileKeys } from '../../api/profiles.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useFetchFailure } from '../../components/DataTable/use-fetch-failure.ts';
import { profileLogColumns, timeZone } from './profile-log-columns.tsx';

/** A positive integer id from the address, or null. */
function idOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A log row is one change of the profile: its number, when, by whom, and each field's old and new value. */
const profileLogColumnList: DataTableColumn<ProfileLogRow>[] = [
  profileLogColumns.serialNo,
  ...profileLogColumns.rest,
];

const emailLogColumns: DataTableColumn<SecondaryEmailLogRow>[] = [
  { id: 'serialNo', header: '#', sortable: true, text: (r) => String(r.serialNo) },
  { id: 'operation', header: 'Operation', text: (r) => r.operation },
  { id: 'oldEmail', header: 'Old Email', text: (r) => r.oldEmail ?? '' },
  { id: 'newEmail', header: 'New Email', text: (r) => r.newEmail ?? '' },
  {
    id: 'newLastUpdated',
    header: 'Changed',
    sortable: true,
    text: (r) => formatDateTime(r.newLastUpdated, timeZone),
  },
  { id: 'lastModifiedBy', header: 'Changed By', text: (r) => r.lastModifiedBy },
];

/** /UserLogs/{userId}: every change of a profile, paged on the server, old and new value per changed field. */
export function UserLogsPage() {
  const userId = idOf(useParams().userId);
  const { failure, track } = useFetchFailure();
  const fetchPage = useCallback(
    async (query: TableQuery, signal: AbortSignal) => {
      const page = await track(fetchUserLogPage(userId ?? 0, query, signal), signal);
      return { rows: page.logs, totalCount: page.totalCount };
    },
    [userId, track],
  );
  if (userId === null) {
    return <Alert severity="error">{messages.uapIdMissing}</Alert>;
  }
  return (
    <>
      <Typography variant="h2" sx={{ mb: 1 }}>{`UAP Id ${userId}`}</Typography>
      <Typography sx={{ mb: 2 }}>
        <RouterLink to="/AllUserProfiles">Back to All User Profiles</RouterLink>
        {' · '}
        <RouterLink to={`/LogUserAditionalEmail/${userId}`}>Secondary email log</RouterLink>
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <DataTable<ProfileLogRow>
        title="Profile changes"
        columns={profileLogColumnList}
        queryKey={profileKeys.logs(userId)}
        getRowId={(r) => r.serialNo}
        fetchPage={fetchPage}
        initialPageSize={20}
        emptyMessage="No changes are logged for this profile."
      />
    </>
  );
}

/** /LogUserAditionalEmail/{userid}: the secondary email changes of a profile, paged on the server. */
export function SecondaryEmailLogPage() {
  const userId = idOf(useParams().userid);
  const { failure, track } = useFetchFailure();
  const fetchPage = useCallback(
    async (query: TableQuery, signal: AbortSignal) => {
      const page = await track(fetchSecondaryEmailLogPage(userId ?? 0, query, signal), signal);
      return { rows: page.logs, totalCount: page.totalCount };
    },
    [userId, track],
  );
  if (userId === null) {
    return <Alert severity="error">{messages.userIdMissing}</Alert>;
  }
  return (
    <>
      <Typography variant="h2" sx={{ mb: 1 }}>{`UAP Id ${userId}`}</Typography>
      <Typography sx={{ mb: 2 }}>
        <RouterLink to={`/UserLogs/${userId}`}>Profile log</RouterLink>
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <DataTable<SecondaryEmailLogRow>
        title="Secondary email changes"
        columns={emailLogColumns}
        queryKey={profileKeys.emailLogs(userId)}
        getRowId={(r) => r.serialNo}
        fetchPage={fetchPage}
        initialPageSize={20}
        emptyMessage="No secondary email changes are logged for this profile."
      />
    </>
  );
}
