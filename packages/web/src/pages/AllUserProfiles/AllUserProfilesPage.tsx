import { useMemo, useState } from 'react';
import { allUserProfilesTable, messages, type ProfileRow } from '@uap/domain';
import { useDeleteProfile } from '../../api/profiles.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCanExportTables, useIsReadOnly } from '../../session/current-user.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { reportError } from '../../api/error-store.ts';
import { EditProfileDialog } from '../../components/ProfileDialogs/EditProfileDialog.tsx';
import { MergeProfileDialog } from './MergeProfileDialog.tsx';
import { ProfileMatcherLine, ProfilesToolbar } from './ProfilesToolbar.tsx';
import type { ProfileAction } from './ProfileRowActions.tsx';
import { SyncProfileDialog } from '../../components/ProfileDialogs/SyncProfileDialog.tsx';
import { profileActionsColumn, profileCells } from './profile-columns.tsx';

type OpenDialog = { action: ProfileAction; row: ProfileRow } | { action: 'add' } | null;

/** All User Profiles (/AllUserProfiles, spec 3 §2.4): every profile, server-paged, with its row actions. */
export function AllUserProfilesPage() {
  const isReadOnly = useIsReadOnly();
  const table = useDeclaredTable(allUserProfilesTable, {
    cells: profileCells,
    canExport: useCanExportTables(),
  });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const remove = useDeleteProfile();
  const columns = useMemo(
    () => [profileActionsColumn(isReadOnly, (action, row) => setDialog({ action, row })), ...table.columns],
    [isReadOnly, table.columns],
  );
  const handleDone = (message: string) => {
    setDialog(null);
    notifySuccess(message);
  };

  return (
    <>
      <DataTable<ProfileRow>
        {...table}
        syncWithUrl
        columns={columns}
        toolbar={<ProfilesToolbar isReadOnly={isReadOnly} onAdd={() => setDialog({ action: 'add' })} />}
        intro={<ProfileMatcherLine />}
      />
      {dialog?.action === 'add' && <EditProfileDialog onClose={() => setDialog(null)} onDone={handleDone} />}
      {dialog?.action === 'edit' && (
        <EditProfileDialog row={dialog.row} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.action === 'merge' && (
        <MergeProfileDialog row={dialog.row} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.action === 'sync' && (
        <SyncProfileDialog row={dialog.row} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.action === 'delete' && (
        <ConfirmDialog
          title="Delete user"
          text={messages.confirmDeleteUser}
          confirmLabel="Delete"
          isPending={remove.isPending}
          onConfirm={() =>
            remove.mutate(dialog.row.userId, {
              onSuccess: handleDone,
              onError: (error) => {
                setDialog(null);
                reportError(error);
              },
            })
          }
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
