import { useState } from 'react';
import { messages, type MasterDataRow } from '@uap/domain';
import { itemAction, useMasterDataWrite } from '../../api/master-data.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useDialogError } from '../../components/DialogError.tsx';
import { failureText } from '../../components/forms/failure-text.ts';

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
 * Asks before activating, deactivating or deleting one item (spec 3 §5): a deletion asks 'Are
 * you sure want to delete this {type}?' (the spec's 'Region/Market/…/Client Asset' lists the
 * type names; a platform user type has its own sentence). A deletion the server refuses (the
 * item is still used) says how many use it and offers deactivation instead.
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
    <ConfirmDialog
      title={`${kind} ${row.masterDataType}`}
      text={questionOf(kind, row)}
      error={error}
      confirmLabel={offersDeactivate ? messages.deactivateInstead : `Yes, ${verb}`}
      confirmColor={offersDeactivate || kind === 'Activate' ? 'primary' : 'error'}
      isPending={write.isPending}
      onConfirm={() => run(offersDeactivate ? 'Deactivate' : kind)}
      onClose={props.onClose}
    />
  );
}
