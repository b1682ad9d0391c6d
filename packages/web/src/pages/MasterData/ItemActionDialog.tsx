import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { messages, type MasterDataRow } from '@uap/domain';
import { itemAction, useMasterDataWrite } from '../../api/master-data.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { failureText } from '../ChangeUserRecords/form-parts.tsx';

export type ItemActionKind = 'Activate' | 'Deactivate' | 'Delete';

function questionOf(kind: ItemActionKind, row: MasterDataRow): string {
  if (kind === 'Activate') {
    return messages.confirmActivateMasterData(row.masterDataType, row.description);
  }
  if (kind === 'Deactivate') {
    return messages.confirmDeactivateMasterData(row.masterDataType, row.description);
  }
  return row.masterDataType === 'Platform User Type'
    ? messages.confirmDeletePlatformUserType
    : messages.confirmDeleteMasterData(row.masterDataType);
}

/**
 * Asks before activating, deactivating or deleting one item (spec 3 §5). A deletion the server
 * refuses (the item is still used) says how many use it and offers deactivation instead.
 */
export function ItemActionDialog(props: {
  kind: ItemActionKind;
  row: MasterDataRow;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { kind, row } = props;
  const write = useMasterDataWrite();
  const [error, setError] = useDialogError();
  const [offersDeactivate, setOffersDeactivate] = useState(false);

  const run = (action: ItemActionKind) => {
    setError(null);
    write.mutate(itemAction(action === 'Delete' ? 'DeleteMasterData' : action, row.masterDataType, row.id), {
      onSuccess: props.onDone,
      onError: (failure) => {
        setError(failureText(failure));
        setOffersDeactivate(action === 'Delete' && !row.isDeleted);
      },
    });
  };

  const verb = kind === 'Delete' ? 'delete' : kind.toLowerCase();
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="item-action-title" maxWidth="xs" fullWidth>
      <DialogTitle id="item-action-title">{`${kind} ${row.masterDataType}`}</DialogTitle>
      <DialogContent>
        <DialogError error={error} />
        <DialogContentText>{questionOf(kind, row)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>No</Button>
        {offersDeactivate ? (
          <Button variant="contained" onClick={() => run('Deactivate')} disabled={write.isPending}>
            {messages.deactivateInstead}
          </Button>
        ) : (
          <Button
            variant="contained"
            color={kind === 'Activate' ? 'primary' : 'error'}
            onClick={() => run(kind)}
            disabled={write.isPending}
          >
            {`Yes, ${verb}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
