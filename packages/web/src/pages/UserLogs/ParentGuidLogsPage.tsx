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
import { fetchParentGuidLogs, profileKeys } from '../../api/profiles.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { failureText } from '../ChangeUserRecords/form-parts.tsx';
import { localTimeZone } from '../../app/time-zone.ts';

const timeZone = localTimeZone();

/**
 * /ParentGUIDLogs/{parentGuid}: the ParentGUID log (spec 3 §8), every change of the profiles
 * that carry the ParentGUID (a parent and the profiles merged into it), each naming its UAP Id.
 */
export function ParentGuidLogsPage() {
  const parentGuid = useParams().parentGuid?.trim() ?? '';
  const logs = useQuery({
    queryKey: profileKeys.parentGuidLogs(parentGuid),
    queryFn: ({ signal }) => fetchParentGuidLogs(parentGuid, signal),
    enabled: parentGuid !== '',
    meta: { errorDialog: false },
  });
  if (parentGuid === '') {
    return <Alert severity="error">{messages.parentGuidMissing}</Alert>;
  }
  return (
    <>
      <Typography variant="h2" sx={{ mb: 1 }}>{`ParentGUID ${parentGuid}`}</Typography>
      <Typography sx={{ mb: 2 }}>
        <Link component={RouterDomLink} to="/AllUserProfiles">
          Back to All User Profiles
        </Link>
      </Typography>
      {logs.isPending && <PageSpinner />}
      {logs.error && <Alert severity="error">{failureText(logs.error)}</Alert>}
      {logs.data?.length === 0 && <Typography>No changes are logged for these profiles.</Typography>}
      {logs.data && logs.data.length > 0 && (
        <Table size="small" aria-label="ParentGUID changes">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>UAP Id</TableCell>
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
                    <TableCell>
                      {i === 0 && (
                        <Link
                          component={RouterDomLink}
                          to={`/UserLogs/${log.userId}`}
                          aria-label={`Log of UAP Id ${log.userId}`}
                        >
                          {log.userId}
                        </Link>
                      )}
                    </TableCell>
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
