import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import {
  ARCHIVE_ELIGIBLE_STATUS,
  RequestStatus,
  messages,
  provisioningTable,
  type ProvisioningRow,
} from '@uap/domain';
import { fetchProvisionerComments, provisioningKeys, useArchiveRequests } from '../../api/provisioning.ts';
import { reportError } from '../../api/error-store.ts';
import { useIsReadOnly } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { requestIdOf, useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { ArchiveConfirmDialog } from './ArchiveConfirmDialog.tsx';
import { BulkProvisioningDialog } from './BulkProvisioningDialog.tsx';
import { CommentHistoryDialog } from '../../components/CommentHistoryDialog.tsx';
import { ProvisionerCommentDialog } from './ProvisionerCommentDialog.tsx';
import { ProvisioningLinkDialog } from './ProvisioningLinkDialog.tsx';
import { ProvisioningRequestDialog } from './ProvisioningRequestDialog.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { provisioningCells } from './provisioning-cells.tsx';
import { notifySuccess } from '../../api/notice-store.ts';
import { DisabledReason } from '../../components/DisabledReason.tsx';

type OpenDialog =
  | { kind: 'request'; row: ProvisioningRow }
  | { kind: 'link'; requestId: number }
  | { kind: 'bulk' }
  | { kind: 'comment'; requestIds: number[] }
  | { kind: 'history'; requestId: number }
  | { kind: 'archive' }
  | null;

/**
 * My Provisioning Tasks (/Provisioners) and, with `archive`, My Archive Provisionings
 * (/ArchiveProvisioners, no selection): provision or reject approved requests singly or in bulk,
 * keep provisioner comments, and archive completed requests.
 */
export function ProvisionersPage({ archive = false }: { archive?: boolean }) {
  const { selectedRows, selectedIds, selection, clear } = useRowSelection<ProvisioningRow>(requestIdOf);
  // The auditor reads every Approved line and acts on none: no selection, buttons or dialogs.
  const isReadOnly = useIsReadOnly();
  const canAct = !archive && !isReadOnly;
  // ?requestId=N (a notification's link) opens that request's provisioning dialog.
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<OpenDialog>(() => {
    const requestId = Number(params.get('requestId'));
    return canAct && Number.isInteger(requestId) && requestId > 0 ? { kind: 'link', requestId } : null;
  });
  const archiveRequests = useArchiveRequests();

  const cells = useMemo(
    () =>
      provisioningCells({
        onOpenRequest: canAct ? (row) => setDialog({ kind: 'request', row }) : undefined,
        onOpenComments: (row) => setDialog({ kind: 'history', requestId: row.requestId }),
      }),
    [canAct],
  );
  const body = useMemo(() => ({ Archive: archive }), [archive]);
  const table = useDeclaredTable(provisioningTable, { cells, canExport: false, body });
  const allApproved =
    selectedRows.length > 0 && selectedRows.every((r) => r.statusId === RequestStatus.APPROVED);
  const allCompleted =
    selectedRows.length > 0 && selectedRows.every((r) => r.statusId === ARCHIVE_ELIGIBLE_STATUS);

  const isNoneSelected = selectedIds.length === 0;
  const blockerOf = (isAllowed: boolean, wrongStatus: string) =>
    isAllowed ? null : isNoneSelected ? messages.selectRequestsFirst : wrongStatus;
  const provisionBlocker = blockerOf(allApproved, messages.provisionOnlyApproved);
  const archiveBlocker = blockerOf(allCompleted, messages.archiveOnlyCompleted);

  const handleDone = (message: string) => {
    setDialog(null);
    clear();
    notifySuccess(message);
  };
  const handleArchive = () => {
    archiveRequests.mutate(selectedIds, {
      onSuccess: () => {
        handleDone(messages.requestsArchived);
      },
      onError: (error) => {
        setDialog(null);
        reportError(error);
      },
    });
  };

  const toolbar = !canAct ? undefined : (
    <>
      <DisabledReason reason={provisionBlocker}>
        <Button
          variant="contained"
          disabled={!allApproved}
          onClick={() => {
            setDialog({ kind: 'bulk' });
          }}
        >
          {/* The name of the dialog it opens, whose verbs are the request modal's: one vocabulary. */}
          {`${messages.actionOnSelectedRequests} (${selectedIds.length})`}
        </Button>
      </DisabledReason>
      <DisabledReason reason={isNoneSelected ? messages.selectRequestsFirst : null}>
        <Button
          variant="outlined"
          disabled={isNoneSelected}
          onClick={() => {
            setDialog({ kind: 'comment', requestIds: selectedIds });
          }}
        >
          Provisioner Comment
        </Button>
      </DisabledReason>
      <DisabledReason reason={archiveBlocker}>
        <Button
          variant="outlined"
          disabled={!allCompleted}
          onClick={() => {
            setDialog({ kind: 'archive' });
          }}
        >
          Archive
        </Button>
      </DisabledReason>
    </>
  );

  return (
    <>
      <DataTable<ProvisioningRow>
        key={String(archive)}
        {...table}
        title={
          isReadOnly ? 'Approved Requests' : archive ? 'My Archive Provisionings' : 'My Provisioning Tasks'
        }
        syncWithUrl
        selection={canAct ? selection : undefined}
        emptyMessage={canAct ? messages.nothingWaiting : undefined}
        toolbar={toolbar}
      />
      {dialog?.kind === 'request' && (
        <ProvisioningRequestDialog row={dialog.row} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.kind === 'link' && (
        <ProvisioningLinkDialog
          requestId={dialog.requestId}
          onClose={() => setDialog(null)}
          onDone={handleDone}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkProvisioningDialog rows={selectedRows} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.kind === 'comment' && (
        <ProvisionerCommentDialog
          requestIds={dialog.requestIds}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            notifySuccess(message);
          }}
        />
      )}
      {dialog?.kind === 'history' && (
        <CommentHistoryDialog
          title={`Comment History of Request #${dialog.requestId}`}
          queryKey={provisioningKeys.provisionerComments(dialog.requestId)}
          fetchComments={(signal) => fetchProvisionerComments(dialog.requestId, signal)}
          onAdd={!canAct ? undefined : () => setDialog({ kind: 'comment', requestIds: [dialog.requestId] })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'archive' && (
        <ArchiveConfirmDialog
          count={selectedIds.length}
          isPending={archiveRequests.isPending}
          onConfirm={handleArchive}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** /ArchiveProvisioners: My Archive Provisionings. */
export function ArchiveProvisionersPage() {
  return <ProvisionersPage archive />;
}
