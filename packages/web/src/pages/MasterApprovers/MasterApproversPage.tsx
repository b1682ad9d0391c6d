import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import { masterApproversTable, messages, type MasterApproverRow } from '@uap/domain';
import { useActiveDeactiveMasterApprovers, useDeleteMasterApprovers } from '../../api/master-approvers.ts';
import { reportError } from '../../api/error-store.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useIsReadOnly } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import { StatusOfApproversButton } from '../../components/ApproverStatus/StatusOfApproversButton.tsx';
import { useAssignmentTable } from '../../components/ApproverAssignments/status-cells.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { MasterApproverDialog } from './MasterApproverDialog.tsx';
import { ReassignMasterApproverDialog } from './ReassignMasterApproverDialog.tsx';

type OpenDialog =
  { kind: 'edit'; row: MasterApproverRow | null } | { kind: 'reassign' } | { kind: 'delete' } | null;

const idOf = (row: MasterApproverRow) => row.masterApproverId;

/** ?userId=N pre-filters the table to that person's rows. */
function userIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get('userId') ?? params.get('userid'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Master Approver Assignments (/MasterApprovers, spec 2 §2): every master approver row in the
 * administrator's scope; add, edit, reassign, activate/deactivate and delete (the auditor reads).
 */
export function MasterApproversPage() {
  const [params] = useSearchParams();
  const userId = userIdOf(params);
  const isReadOnly = useIsReadOnly();
  const table = useAssignmentTable(masterApproversTable, userId);
  const { selectedRows, selectedIds, selection, clear } = useRowSelection<MasterApproverRow>(idOf);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const activeDeactive = useActiveDeactiveMasterApprovers();
  const remove = useDeleteMasterApprovers();

  const handleDone = (message: string) => {
    setDialog(null);
    clear();
    notifySuccess(message);
  };
  const isNoneSelected = selectedRows.length === 0;
  const isAllActive = !isNoneSelected && selectedRows.every((r) => !r.isDeleted);
  const isAllInactive = !isNoneSelected && selectedRows.every((r) => r.isDeleted);
  const selectFirst = isNoneSelected ? messages.selectRowsFirst : null;
  const stateBlocker = selectFirst ?? (isAllActive || isAllInactive ? null : messages.selectionMixesStates);
  const editBlocker = selectedRows.length === 1 ? null : messages.selectOneRowToEdit;

  const handleActiveDeactive = () => {
    activeDeactive.mutate(
      { ids: selectedIds, isDeleted: isAllActive },
      { onSuccess: (answer) => handleDone(answer.message), onError: reportError },
    );
  };
  const handleDelete = () => {
    remove.mutate(selectedIds, {
      onSuccess: (answer) => handleDone(answer.message),
      onError: (error) => {
        setDialog(null);
        reportError(error);
      },
    });
  };

  // Status of Approvers and Provisioners belongs to /Approvers (spec 2 §2); offered here as well,
  // as it lists master approvers too.
  const toolbar = isReadOnly ? (
    <StatusOfApproversButton />
  ) : (
    <>
      <Button variant="contained" onClick={() => setDialog({ kind: 'edit', row: null })}>
        Add New Master Approver
      </Button>
      <ReasonButton
        reason={editBlocker}
        variant="outlined"
        onClick={() => setDialog({ kind: 'edit', row: selectedRows[0] ?? null })}
      >
        Edit
      </ReasonButton>
      <ReasonButton reason={selectFirst} variant="outlined" onClick={() => setDialog({ kind: 'reassign' })}>
        Reassign
      </ReasonButton>
      <ReasonButton
        reason={stateBlocker}
        isBusy={activeDeactive.isPending}
        variant="outlined"
        onClick={handleActiveDeactive}
      >
        {isAllInactive ? 'Activate' : isAllActive ? 'Deactivate' : 'Activate/Deactivate'}
      </ReasonButton>
      <ReasonButton
        reason={selectFirst}
        variant="outlined"
        color="error"
        onClick={() => setDialog({ kind: 'delete' })}
      >
        Delete
      </ReasonButton>
      <StatusOfApproversButton />
    </>
  );

  return (
    <>
      <DataTable<MasterApproverRow>
        {...table}
        key={userId ?? 0}
        syncWithUrl
        selection={isReadOnly ? undefined : selection}
        toolbar={toolbar}
      />
      {dialog?.kind === 'edit' && (
        <MasterApproverDialog row={dialog.row} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.kind === 'reassign' && (
        <ReassignMasterApproverDialog ids={selectedIds} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete master approver"
          text={messages.confirmDeleteMasterApprover(selectedIds.length)}
          confirmLabel="Yes, delete"
          isPending={remove.isPending}
          onConfirm={handleDelete}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
