import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterDomLink, useParams } from 'react-router';
import { formatDateTime, messages } from '@uap/domain';
import { fetchSecondaryEmailLogs, fetchUserLogs, profileKeys } from '../../api/profiles.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { failureText } from '../ChangeUserRecords/form-parts.tsx';
import { localTimeZone } from '../../app/time-zone.ts';

const timeZone = localTimeZone();

/** A positive integer id from the address, or null. */
function idOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /UserLogs/{userId}: every change of a profile, old and new value per changed field. */
export function UserLogsPage() {
  const userId = idOf(useParams().userId);
  const logs = useQuery({
    queryKey: profileKeys.logs(userId ?? 0),
    queryFn: ({ signal }) => fetchUserLogs(userId ?? 0, signal),
    enabled: userId !== null,
    meta: { errorDialog: false },
  });
  if (userId === null) {
    return <Alert severity="error">{messages.uapIdMissing}</Alert>;
  }
  return (
    <>
      <Typography variant="h2" sx={{ mb: 1 }}>{`UAP Id ${userId}`}</Typography>
      <Typography sx={{ mb: 2 }}>
        <Link component={RouterDomLink} to="/AllUserProfiles">
          Back to All User Profiles
        </Link>
        {' · '}
        <Link component={RouterDomLink} to={`/LogUserAditionalEmail/${userId}`}>
          Secondary email log
        </Link>
      </Typography>
      {logs.isPending && <PageSpinner />}
      {logs.error && <Alert severity="error">{failureText(logs.error)}</Alert>}
      {logs.data?.length === 0 && <Typography>No changes are logged for this profile.</Typography>}
      {logs.data && logs.data.length > 0 && (
        <Table size="small" aria-label="Profile changes">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Changed</TableCell>
              <TableCell>Changed By</TableCell>
              <TableCell>Field</TableCell>
              <TableCell>Old Value</TableCell>
              <TableCell>New Value</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {logs.data.flatMap((log) =>
              (log.changes.length > 0 ? log.changes : [{ field: '', oldValue: '', newValue: '' }]).map(
                (c, i) => (
                  <TableRow key={`${log.serialNo}-${c.field}`}>
                    <TableCell>{i === 0 ? log.serialNo : ''}</TableCell>
                    <TableCell>{i === 0 ? formatDateTime(log.newLastUpdated, timeZone) : ''}</TableCell>
                    <TableCell>{i === 0 ? log.lastModifiedByName : ''}</TableCell>
                    <TableCell>{c.field}</TableCell>
                    <TableCell>{c.oldValue}</TableCell>
                    <TableCell>{c.newValue}</TableCell>
                  </TableRow>
                ),
              ),
            )}
          </TableBody>
        </Table>
      )}
    </>
  );
}

/** /LogUserAditionalEmail/{userid}: the secondary email changes of a profile. */
export function SecondaryEmailLogPage() {
  const userId = idOf(useParams().userid);
  const logs = useQuery({
    queryKey: profileKeys.emailLogs(userId ?? 0),
    queryFn: ({ signal }) => fetchSecondaryEmailLogs(userId ?? 0, signal),
    enabled: userId !== null,
    meta: { errorDialog: false },
  });
  if (userId === null) {
    return <Alert severity="error">{messages.userIdMissing}</Alert>;
  }
  return (
    <>
      <Typography variant="h2" sx={{ mb: 1 }}>{`UAP Id ${userId}`}</Typography>
      <Typography sx={{ mb: 2 }}>
        <Link component={RouterDomLink} to={`/UserLogs/${userId}`}>
          Profile log
        </Link>
      </Typography>
      {logs.isPending && <PageSpinner />}
      {logs.error && <Alert severity="error">{failureText(logs.error)}</Alert>}
      {logs.data?.length === 0 && (
        <Typography>No secondary email changes are logged for this profile.</Typography>
      )}
      {logs.data && logs.data.length > 0 && (
        <Table size="small" aria-label="Secondary email changes">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Operation</TableCell>
              <TableCell>Old Email</TableCell>
              <TableCell>New Email</TableCell>
              <TableCell>Changed</TableCell>
              <TableCell>Changed By</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {logs.data.map((log) => (
              <TableRow key={log.serialNo}>
                <TableCell>{log.serialNo}</TableCell>
                <TableCell>{log.operation}</TableCell>
                <TableCell>{log.oldEmail ?? ''}</TableCell>
                <TableCell>{log.newEmail ?? ''}</TableCell>
                <TableCell>{formatDateTime(log.newLastUpdated, timeZone)}</TableCell>
                <TableCell>{log.lastModifiedBy}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
