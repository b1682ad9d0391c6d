import Alert from '@mui/material/Alert';
import { useParams } from 'react-router';
import { formatDateTime, type ProfileLogRow, type SecondaryEmailLogRow, messages } from '@uap/domain';
import { fetchSecondaryEmailLogPage, fetchUserLogPage, profileKeys } from '../../api/profiles.ts';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { LogTable } from './LogTable.tsx';
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
  if (userId === null) {
    return <Alert severity="error">{messages.uapIdMissing}</Alert>;
  }
  return (
    <LogTable
      heading={`UAP Id ${userId}`}
      links={
        <>
          <RouterLink to="/AllUserProfiles">Back to All User Profiles</RouterLink>
          {' · '}
          <RouterLink to={`/LogUserAditionalEmail/${userId}`}>Secondary email log</RouterLink>
        </>
      }
      title="Profile changes"
      columns={profileLogColumnList}
      queryKey={profileKeys.logs(userId)}
      id={userId}
      fetchLogs={fetchUserLogPage}
      emptyMessage="No changes are logged for this profile."
    />
  );
}

/** /LogUserAditionalEmail/{userid}: the secondary email changes of a profile, paged on the server. */
export function SecondaryEmailLogPage() {
  const userId = idOf(useParams().userid);
  if (userId === null) {
    return <Alert severity="error">{messages.userIdMissing}</Alert>;
  }
  return (
    <LogTable
      heading={`UAP Id ${userId}`}
      links={<RouterLink to={`/UserLogs/${userId}`}>Profile log</RouterLink>}
      title="Secondary email changes"
      columns={emailLogColumns}
      queryKey={profileKeys.emailLogs(userId)}
      id={userId}
      fetchLogs={fetchSecondaryEmailLogPage}
      emptyMessage="No secondary email changes are logged for this profile."
    />
  );
}
