import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterDomLink, useNavigate, useParams } from 'react-router';
import { formatDate, messages, type UserDetailsRow } from '@uap/domain';
import { fetchFamily, mergeKeys, useUnmergeProfiles } from '../../api/merges.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { reportError } from '../../api/error-store.ts';
import { useIsReadOnly } from '../../app/current-user.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { EditProfileDialog } from '../AllUserProfiles/EditProfileDialog.tsx';
import { SyncProfileDialog } from '../AllUserProfiles/SyncProfileDialog.tsx';
import { failureText } from '../ChangeUserRecords/form-parts.tsx';
import { localTimeZone } from '../../app/time-zone.ts';

const timeZone = localTimeZone();

type OpenDialog = { action: 'edit' | 'sync'; row: UserDetailsRow } | { action: 'unmerge' } | null;

/** A positive integer id from the address, or null. */
function idOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const columns = [
  'UAP Id',
  'First Name',
  'Last Name',
  'Primary Email',
  'Role Name',
  'AD Account Enabled',
  'Created Date',
  'Parent GUID',
  'Child GUID',
] as const;

function cellsOf(row: UserDetailsRow): string[] {
  return [
    row.uapId,
    row.name,
    row.lastName,
    row.email,
    row.roleName,
    row.adEnabled,
    formatDate(row.createdDate, timeZone),
    row.parentGUID ?? '',
    row.childGUID ?? '',
  ];
}

/**
 * /UserDetailsList/{userId} (spec 3 §2.8): a merged family, its parent first and marked; log,
 * edit and sync as on All User Profiles; the ticked profiles are unmerged ('Unmerged Selected
 * Profiles'; the server refuses the parent alone). One profile or none left: back to All User
 * Profiles.
 */
export function UserDetailsListPage() {
  const userId = idOf(useParams().userId);
  const navigate = useNavigate();
  const isReadOnly = useIsReadOnly();
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const unmerge = useUnmergeProfiles();
  const family = useQuery({
    queryKey: mergeKeys.family(userId ?? 0),
    queryFn: ({ signal }) => fetchFamily(userId ?? 0, signal),
    enabled: userId !== null,
    meta: { errorDialog: false },
  });
  const rows = family.data;

  useEffect(() => {
    if (rows && rows.length <= 1) {
      void navigate('/AllUserProfiles', { replace: true });
    }
  }, [rows, navigate]);

  if (userId === null) {
    return <Alert severity="error">{messages.uapIdMissing}</Alert>;
  }
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const handleDone = (message: string) => {
    setDialog(null);
    notifySuccess(message);
  };
  const handleUnmerge = () => {
    setDialog(null);
    unmerge.mutate(selected, {
      onSuccess: (message) => {
        setSelected([]);
        notifySuccess(message);
      },
      onError: reportError,
    });
  };
  const who = (row: UserDetailsRow) => `${row.name} ${row.lastName}`;

  return (
    <>
      <Typography sx={{ mb: 2 }}>
        <Link component={RouterDomLink} to="/AllUserProfiles">
          Back to All User Profiles
        </Link>
      </Typography>
      {family.isPending && <PageSpinner />}
      {family.error && <Alert severity="error">{failureText(family.error)}</Alert>}
      {rows && rows.length > 1 && (
        <>
          {!isReadOnly && (
            <Box sx={{ mb: 1 }}>
              <Button
                variant="contained"
                size="small"
                disabled={selected.length === 0 || unmerge.isPending}
                onClick={() => setDialog({ action: 'unmerge' })}
              >
                Unmerged Selected Profiles
              </Button>
            </Box>
          )}
          <TableContainer>
            <Table size="small" aria-label="User Details List">
              <TableHead>
                <TableRow>
                  {!isReadOnly && <TableCell padding="checkbox">Select</TableCell>}
                  <TableCell>Actions</TableCell>
                  <TableCell>Profile</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c}>{c}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow
                    key={row.userId}
                    selected={selected.includes(row.userId)}
                    sx={row.isParent ? { bgcolor: 'action.hover', '& td': { fontWeight: 600 } } : undefined}
                  >
                    {!isReadOnly && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.includes(row.userId)}
                          onChange={() => toggle(row.userId)}
                          slotProps={{ input: { 'aria-label': `Select ${who(row)} (UAP Id ${row.userId})` } }}
                        />
                      </TableCell>
                    )}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        component={RouterDomLink}
                        to={`/UserLogs/${row.userId}`}
                        aria-label={`Log of ${who(row)} (UAP Id ${row.userId})`}
                      >
                        Log
                      </Button>
                      {!isReadOnly && !row.isChild && !row.isDeleted && (
                        <Button
                          size="small"
                          aria-label={`Edit ${who(row)} (UAP Id ${row.userId})`}
                          onClick={() => setDialog({ action: 'edit', row })}
                        >
                          Edit
                        </Button>
                      )}
                      {!isReadOnly && row.isSyncButtonEnabled && (
                        <Button
                          size="small"
                          aria-label={`Sync ${who(row)} (UAP Id ${row.userId})`}
                          onClick={() => setDialog({ action: 'sync', row })}
                        >
                          Sync
                        </Button>
                      )}
                    </TableCell>
                    <TableCell>
                      {row.isParent ? (
                        <Chip size="small" color="primary" label={messages.parentProfileMark} />
                      ) : (
                        messages.mergedIntoMark(row.mergedUserId ?? 0)
                      )}
                    </TableCell>
                    {cellsOf(row).map((text, i) => (
                      <TableCell key={columns[i]}>{text}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      {dialog?.action === 'edit' && (
        <EditProfileDialog row={dialog.row} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.action === 'sync' && (
        <SyncProfileDialog row={dialog.row} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.action === 'unmerge' && (
        <ConfirmDialog
          title="Unmerge profiles"
          text={messages.confirmUnmerge}
          confirmLabel="Yes"
          isPending={unmerge.isPending}
          onConfirm={handleUnmerge}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
