import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { approverStatusTable, messages, type ApproverStatusRow } from '@uap/domain';
import { useAcknowledgeApprovers } from '../../api/approver-status.ts';
import { reportError } from '../../api/error-store.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCanExportTables, useIsReadOnly } from '../../session/current-user.ts';
import { DataTable } from '../DataTable/DataTable.tsx';
import { useDeclaredTable } from '../DataTable/use-declared-table.ts';
import { useRowSelection } from '../DataTable/use-row-selection.ts';
import { DisabledReason } from '../DisabledReason.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

const idOf = (row: ApproverStatusRow) => row.id;

/**
 * Status of Approvers and Provisioners (spec 2 §2): assigned people whose directory account is
 * disabled or whose profile is inactive; Acknowledge takes the selected people off the list.
 */
export function StatusOfApproversDialog(props: { onClose: () => void }) {
  const isReadOnly = useIsReadOnly();
  const { selectedRows, selection, clear } = useRowSelection<ApproverStatusRow>(idOf);
  const [isConfirming, setIsConfirming] = useState(false);
  const acknowledge = useAcknowledgeApprovers();
  const userIds = [...new Set(selectedRows.map((r) => r.userID))];

  const handleAcknowledge = () => {
    acknowledge.mutate(userIds, {
      onSuccess: (message) => {
        clear();
        notifySuccess(message);
      },
      onError: reportError,
      onSettled: () => setIsConfirming(false),
    });
  };

  const table = useDeclaredTable(approverStatusTable, { canExport: useCanExportTables() });
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="approver-status-title" fullWidth maxWidth="lg">
      <DialogTitle id="approver-status-title">Status of Approvers and Provisioners</DialogTitle>
      <DialogContent dividers>
        <DataTable<ApproverStatusRow>
          {...table}
          tableId="approver-status"
          selection={isReadOnly ? undefined : selection}
          initialPageSize={10}
          emptyMessage={messages.nobodyToAcknowledge}
          toolbar={
            isReadOnly ? undefined : (
              <DisabledReason reason={userIds.length === 0 ? messages.selectRowsFirst : null}>
                <Button
                  variant="contained"
                  disabled={userIds.length === 0}
                  onClick={() => setIsConfirming(true)}
                >
                  {`Acknowledge (${userIds.length})`}
                </Button>
              </DisabledReason>
            )
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
      {isConfirming && (
        <ConfirmDialog
          title="Acknowledge"
          text={messages.confirmAcknowledge}
          confirmLabel="Yes, acknowledge"
          isPending={acknowledge.isPending}
          onConfirm={handleAcknowledge}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </Dialog>
  );
}
