import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { messages, type MasterDataRow } from '@uap/domain';
import {
  fetchRecordsByClientAssets,
  useAdminClients,
  useMasterDataWrite,
  usePlatformAgencies,
  type MasterDataWrite,
} from '../../api/master-data.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { failureText } from '../../components/forms/failure-text.ts';

/** Where the selected items can go: the clients of their platform and agency, or the agencies offering their platform. */
function useTargets(isAsset: boolean, first: MasterDataRow) {
  const clients = useAdminClients(isAsset ? first.platformId : null, isAsset ? first.agencyId : null);
  const agencies = usePlatformAgencies(isAsset ? null : first.platformId);
  if (isAsset) {
    return (clients.data ?? [])
      .filter((c) => !c.isDeleted)
      .map((c) => ({ id: c.clientId, label: c.description }));
  }
  const seen = new Map<number, string>();
  for (const a of agencies.data ?? []) {
    if (!a.isDeleted) {
      seen.set(a.agencyId, a.agencyName);
    }
  }
  return [...seen].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * 'Reassign Client Asset' (Select Client) and 'Reassign Client - Client Code' (Select Agency):
 * moves one or many selected items (spec 3 §2.1, §7). Assets attached to a submitted or
 * approved request are moved only after the spec's confirmation.
 */
export function ReassignItemsDialog(props: {
  rows: MasterDataRow[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { rows } = props;
  const first = rows[0]!;
  const isAsset = first.masterDataType === 'Client Asset';
  const targets = useTargets(isAsset, first);
  const [targetId, setTargetId] = useState<number | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isChecking, setIsChecking] = useState(false);
  const [error, setError] = useDialogError();
  const write = useMasterDataWrite();
  const ids = rows.map((r) => r.id);

  const move = () => {
    if (targetId === null) {
      setError(messages.fillAllFields);
      return;
    }
    const single = ids.length === 1;
    const request: MasterDataWrite = isAsset
      ? single
        ? {
            path: '/api/Catalogs/MoveClientAccount',
            method: 'PUT',
            body: { ClientId: targetId, ClientAccountId: ids[0] },
          }
        : {
            path: '/api/Catalogs/MoveMultipleClientAccount',
            method: 'PUT',
            body: { ClientId: targetId, ClientAccountIds: ids.join(',') },
          }
      : single
        ? { path: '/api/Catalogs/MoveClient', method: 'PUT', body: { AgencyId: targetId, ClientId: ids[0] } }
        : {
            path: '/api/Catalogs/MoveMultipleClient',
            method: 'PUT',
            body: { AgencyId: targetId, ClientIds: ids.join(',') },
          };
    setError(null);
    write.mutate(request, {
      onSuccess: props.onDone,
      onError: (failure) => {
        setIsConfirming(false);
        setError(failureText(failure));
      },
    });
  };

  const handleReassign = async () => {
    if (targetId === null) {
      setError(messages.fillAllFields);
      return;
    }
    if (!isAsset) {
      move();
      return;
    }
    setIsChecking(true);
    try {
      const lines = await fetchRecordsByClientAssets(ids);
      if (lines.some((l) => l.isPending)) {
        setIsConfirming(true);
        return;
      }
      move();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setIsChecking(false);
    }
  };

  const title = isAsset ? 'Reassign Client Asset' : 'Reassign Client - Client Code';
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="reassign-items-title" fullWidth maxWidth="sm">
      <DialogTitle id="reassign-items-title">{title}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        <DialogContentText sx={{ mb: 2 }}>
          {rows.length === 1
            ? rows[0]!.description
            : `${rows.length} items: ${rows.map((r) => r.description).join(', ')}`}
        </DialogContentText>
        {isConfirming ? (
          <DialogContentText role="alert">{messages.confirmReassignAsset}</DialogContentText>
        ) : (
          <TextField
            select
            fullWidth
            label={isAsset ? 'Select Client' : 'Select Agency'}
            value={targetId === null ? '' : String(targetId)}
            onChange={(e) => setTargetId(Number(e.target.value))}
          >
            {targets.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        {isConfirming ? (
          <Button variant="contained" onClick={move} disabled={write.isPending}>
            Okay
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => void handleReassign()}
            disabled={write.isPending || isChecking}
          >
            Reassign
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
