import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { messages, type ProfileRow, type SyncComparison, type SyncUserInput } from '@uap/domain';
import { fetchSyncComparison, profileKeys, useSyncProfile } from '../../api/profiles.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { DialogError, useDialogError } from '../DialogError.tsx';
import { DisabledReason } from '../DisabledReason.tsx';
import { PageSpinner } from '../PageSpinner.tsx';
import { failureText } from '../forms/failure-text.ts';

type Tick = Exclude<keyof SyncUserInput, 'userId'>;

/** Each synced field: its tick, its label, and where its value is in UAP and in Azure AD. */
const rows: {
  tick: Tick;
  label: string;
  uap: keyof SyncComparison['uap'];
  ad: keyof SyncComparison['azureADUserInfo'];
}[] = [
  { tick: 'isFirstName', label: 'First Name', uap: 'name', ad: 'givenName' },
  { tick: 'isLastName', label: 'Last Name', uap: 'lastName', ad: 'surName' },
  { tick: 'isTitle', label: 'Title', uap: 'title', ad: 'jobTitle' },
  { tick: 'isOrganization', label: 'Organization', uap: 'organization', ad: 'company' },
  { tick: 'isDepartment', label: 'Department', uap: 'department', ad: 'department' },
  { tick: 'isOfficeLocation', label: 'Office Location', uap: 'locationCountry', ad: 'officeLocation' },
];

/**
 * The Sync User Profile modal (spec 3 §2.6): Fields, Values In UAP, Values In Azure AD with the
 * differences highlighted, a tick per field; Sync stays disabled until a field is ticked.
 */
export function SyncProfileDialog(props: {
  row: ProfileRow;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { row } = props;
  const comparison = useQuery({
    queryKey: profileKeys.sync(row.userId),
    queryFn: ({ signal }) => fetchSyncComparison(row.userId, signal),
  });
  const [ticks, setTicks] = useState<Partial<Record<Tick, boolean>>>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useDialogError();
  const sync = useSyncProfile();
  const isTicked = Object.values(ticks).some(Boolean);

  const handleConfirm = () => {
    setIsConfirming(false);
    sync.mutate({ userId: row.userId, ...ticks } as SyncUserInput, {
      onSuccess: props.onDone,
      onError: (failure) => setError(failureText(failure)),
    });
  };

  return (
    <>
      <Dialog open onClose={props.onClose} aria-labelledby="sync-profile-title" maxWidth="md" fullWidth>
        <DialogTitle id="sync-profile-title">{`Sync User Profile — ${row.name} ${row.lastName}`}</DialogTitle>
        <DialogContent>
          <DialogError
            error={error ?? (comparison.error ? { message: failureText(comparison.error) } : null)}
          />
          {comparison.isPending && <PageSpinner />}
          {comparison.data && (
            <Table size="small" aria-label="Fields to sync">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>Fields</TableCell>
                  <TableCell>Values In UAP</TableCell>
                  <TableCell>Values In Azure AD</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => {
                  const uap = comparison.data.uap[r.uap] ?? '';
                  const ad = comparison.data.azureADUserInfo[r.ad] ?? '';
                  const differs = uap !== ad;
                  return (
                    <TableRow
                      key={r.tick}
                      data-differs={differs}
                      sx={differs ? { bgcolor: 'warning.light' } : undefined}
                    >
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={ticks[r.tick] ?? false}
                          onChange={(e) => setTicks({ ...ticks, [r.tick]: e.target.checked })}
                          slotProps={{ input: { 'aria-label': `Sync ${r.label}` } }}
                        />
                      </TableCell>
                      <TableCell component="th" scope="row">
                        {differs ? `${r.label} (differs)` : r.label}
                      </TableCell>
                      <TableCell>{uap}</TableCell>
                      <TableCell>{ad}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <DisabledReason reason={isTicked ? null : messages.syncTickAField}>
            <Button
              variant="contained"
              disabled={!isTicked || sync.isPending}
              onClick={() => setIsConfirming(true)}
            >
              Sync
            </Button>
          </DisabledReason>
        </DialogActions>
      </Dialog>
      {isConfirming && (
        <ConfirmDialog
          title="Sync profile"
          text={messages.confirmSync}
          isPending={false}
          onConfirm={handleConfirm}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </>
  );
}
