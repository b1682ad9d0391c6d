import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterDomLink, useParams } from 'react-router';
import { messages, type ProfileLogRow } from '@uap/domain';
import { fetchParentGuidLogPage, profileKeys } from '../../api/profiles.ts';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { LogTable } from './LogTable.tsx';
import { profileLogColumns } from './profile-log-columns.tsx';

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
  if (parentGuid === '') {
    return <Alert severity="error">{messages.parentGuidMissing}</Alert>;
  }
  return (
    <LogTable
      heading={`ParentGUID ${parentGuid}`}
      links={<RouterLink to="/AllUserProfiles">Back to All User Profiles</RouterLink>}
      title="ParentGUID changes"
      columns={columns}
      queryKey={profileKeys.parentGuidLogs(parentGuid)}
      id={parentGuid}
      fetchLogs={fetchParentGuidLogPage}
      emptyMessage="No changes are logged for these profiles."
    />
  );
}
