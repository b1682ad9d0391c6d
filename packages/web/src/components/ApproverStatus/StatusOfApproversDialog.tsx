import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { messages, type ApproverStatusRow } from '@uap/domain';
import {
  exportApproverStatus,
  approverStatusKeys,
  fetchApproverStatus,
  fetchApproverStatusFilterOptions,
  useAcknowledgeApprovers,
} from '../../api/approver-status.ts';
import { reportError } from '../../api/error-store.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCanExportTables, useIsReadOnly } from '../../session/current-user.ts';
import { DataTable, type DataTableColumn } from '../DataTable/DataTable.tsx';
import { useRowSelection } from '../DataTable/use-row-selection.ts';
import { DisabledReason } from '../DisabledReason.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

const text = (
  id: string,
  header: string,
  value: (r: ApproverStatusRow) => string,
  filterable = true,
): DataTableColumn<ApproverStatusRow> => ({ id, header, text: value, sortable: true, filterable });

const columns: DataTableColumn<ApproverStatusRow>[] = [
  text('operationDate', 'Date', (r) => r.operationDateFormat, false),
  text('fullName', 'Name', (r) => r.fullName),
  text('emailAddress', 'Email', (r) => r.emailAddress),
  text('role', 'Role', (r) => r.role),
  text('changeDescription', 'Change', (r) => r.changeDescription),
];

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

  const canExport = useCanExportTables();
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="approver-status-title" fullWidth maxWidth="lg">
      <DialogTitle id="approver-status-title">Status of Approvers and Provisioners</DialogTitle>
      <DialogContent dividers>
        <DataTable<ApproverStatusRow>
          title="Approvers and Provisioners who left"
          tableId="approver-status"
          columns={columns}
          queryKey={approverStatusKeys.all}
          getRowId={idOf}
          fetchPage={async (query, signal) => {
            const page = await fetchApproverStatus(query, signal);
            return { rows: page.statusRows, totalCount: page.totalCount };
          }}
          fetchFilterOptions={fetchApproverStatusFilterOptions}
          exportCsv={canExport ? exportApproverStatus : undefined}
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
