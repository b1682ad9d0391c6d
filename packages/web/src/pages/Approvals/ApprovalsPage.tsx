import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import { approvalsTable, messages, type ApprovalDetail, type ApprovalRow } from '@uap/domain';
import { approvalKeys } from '../../api/approvals.ts';
import { useIsReadOnly } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { requestIdOf, useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { ModifyRequestDialog } from '../../components/RecordActions/ModifyRequestDialog.tsx';
import { ApprovalRequestDialog } from './ApprovalRequestDialog.tsx';
import { BulkActionDialog } from './BulkActionDialog.tsx';
import { ExpiredRequestDialog } from './ExpiredRequestDialog.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { approvalCells, inUrgentColour } from './approval-cells.tsx';
import { notifySuccess } from '../../api/notice-store.ts';
import { DisabledReason } from '../../components/DisabledReason.tsx';

type Modal =
  | { kind: 'request'; requestId: number }
  | { kind: 'modify'; detail: ApprovalDetail }
  | { kind: 'expired'; detail: ApprovalDetail }
  | { kind: 'bulk' };

/**
 * My Approval Tasks (/Approvals) and, with `archive`, My Archive Approvals (/ArchiveApprovals):
 * the requests routed to the signed-in approver, or what they already decided (no selection).
 */
export function ApprovalsPage({ archive = false }: { archive?: boolean }) {
  const { selectedRows, selectedIds, selection, remove } = useRowSelection<ApprovalRow>(requestIdOf);
  // ?requestId=N (a notification's link) opens that request's decision dialog.
  const [params] = useSearchParams();
  const [modal, setModal] = useState<Modal | null>(() => {
    const requestId = Number(params.get('requestId'));
    return !archive && Number.isInteger(requestId) && requestId > 0 ? { kind: 'request', requestId } : null;
  });
  const queryClient = useQueryClient();
  // The auditor reads the list (every Submitted request) and decides nothing: no selection,
  // no action button, no decision dialog, and a title that is not a task count.
  const isReadOnly = useIsReadOnly();
  const canAct = !archive && !isReadOnly;

  const cells = useMemo(
    () =>
      approvalCells(
        isReadOnly
          ? undefined
          : (row) => {
              setModal({ kind: 'request', requestId: row.requestId });
            },
      ),
    [isReadOnly],
  );
  const body = useMemo(() => ({ archaic: archive }), [archive]);
  const table = useDeclaredTable(approvalsTable, { cells, canExport: false, body });
  const columns = useMemo(() => inUrgentColour(table.columns), [table.columns]);

  const handleDecided = (message: string, decidedIds: number[]) => {
    setModal(null);
    remove(decidedIds);
    notifySuccess(message);
  };
  /** After a modification the approver returns to the request to decide it. */
  const handleModified = (message: string, requestId: number) => {
    void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    notifySuccess(message);
    setModal({ kind: 'request', requestId });
  };

  return (
    <>
      <DataTable<ApprovalRow>
        {...table}
        title={isReadOnly ? 'Submitted Requests' : archive ? 'My Archive Approvals' : 'My Approval Tasks'}
        syncWithUrl
        columns={columns}
        selection={canAct ? selection : undefined}
        emptyMessage={canAct ? messages.nothingWaiting : undefined}
        toolbar={
          !canAct ? undefined : (
            <DisabledReason reason={selectedIds.length === 0 ? messages.selectRequestsFirst : null}>
              <Button
                variant="contained"
                disabled={selectedIds.length === 0}
                onClick={() => {
                  setModal({ kind: 'bulk' });
                }}
              >
                {`Action on Selected Requests (${selectedIds.length})`}
              </Button>
            </DisabledReason>
          )
        }
      />
      {modal?.kind === 'request' && (
        <ApprovalRequestDialog
          requestId={modal.requestId}
          onClose={() => {
            setModal(null);
          }}
          onDecided={(message) => {
            handleDecided(message, [modal.requestId]);
          }}
          onModify={(detail) => {
            setModal({ kind: 'modify', detail });
          }}
          onEditExpired={(detail) => {
            setModal({ kind: 'expired', detail });
          }}
        />
      )}
      {modal?.kind === 'modify' && (
        <ModifyRequestDialog
          requestIds={[modal.detail.requestId]}
          isRecord={false}
          onClose={() => {
            setModal({ kind: 'request', requestId: modal.detail.requestId });
          }}
          onDone={(outcome) => {
            handleModified(outcome.message, modal.detail.requestId);
          }}
        />
      )}
      {modal?.kind === 'expired' && (
        <ExpiredRequestDialog
          detail={modal.detail}
          onClose={() => {
            setModal({ kind: 'request', requestId: modal.detail.requestId });
          }}
          onDone={(message) => {
            handleModified(message, modal.detail.requestId);
          }}
        />
      )}
      {modal?.kind === 'bulk' && (
        <BulkActionDialog
          rows={selectedRows}
          onClose={() => {
            setModal(null);
          }}
          onDone={(message) => {
            handleDecided(message, selectedIds);
          }}
        />
      )}
    </>
  );
}

/** My Archive Approvals (/ArchiveApprovals). */
export function ArchiveApprovalsPage() {
  return <ApprovalsPage archive />;
}
