import { useMemo, useState } from 'react';
import Link from '@mui/material/Link';
import { leaverRecordsTable, limits, messages, truncate, type LeaverRecordRow } from '@uap/domain';
import { fetchLeaverComments, leaverKeys } from '../../api/leavers.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCanExportTables, useIsReadOnly } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { requestIdOf, useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import { DeactivateLeaversDialog } from './DeactivateLeaversDialog.tsx';
import { LeaverCommentDialog } from './LeaverCommentDialog.tsx';
import { CommentHistoryDialog } from '../../components/CommentHistoryDialog.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';

/** A record's latest leaver comment, cut for the table; 'Add comment' when it has none. */
const leaverCommentText = (r: LeaverRecordRow) =>
  r.leaverUserComment ? truncate(r.leaverUserComment, limits.requestorCommentInTable) : 'Add comment';

type OpenDialog =
  | { kind: 'history'; requestId: number }
  | { kind: 'comment'; requestIds: number[] }
  | { kind: 'deactivate' }
  | null;

/**
 * Leavers User Records (/LeaversUserRecords, spec 2 §2): active records of users whose directory
 * account is disabled; comment on them and send them for deactivation (the auditor reads).
 */
export function LeaversUserRecordsPage() {
  const isReadOnly = useIsReadOnly();
  const { selectedIds, selection, clear } = useRowSelection<LeaverRecordRow>(requestIdOf);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const cells = useMemo(
    () => ({
      leaverUserComment: {
        cell: (r: LeaverRecordRow) =>
          !r.leaverUserComment && isReadOnly ? null : (
            <Link
              component="button"
              // Its words first, then which record (a name holds the visible words, WCAG 2.5.3).
              aria-label={`${leaverCommentText(r)}, comments of record ${r.requestId}`}
              onClick={() => setDialog({ kind: 'history', requestId: r.requestId })}
            >
              {leaverCommentText(r)}
            </Link>
          ),
      },
    }),
    [isReadOnly],
  );
  const table = useDeclaredTable(leaverRecordsTable, { cells, canExport: useCanExportTables() });
  const handleDone = (message: string) => {
    setDialog(null);
    clear();
    notifySuccess(message);
  };
  const selectFirst = selectedIds.length === 0 ? messages.selectRowsFirst : null;

  const toolbar = isReadOnly ? undefined : (
    <>
      <ReasonButton
        reason={selectFirst}
        variant="outlined"
        onClick={() => setDialog({ kind: 'comment', requestIds: selectedIds })}
      >
        Leaver Comment
      </ReasonButton>
      <ReasonButton
        reason={selectFirst}
        variant="contained"
        color="error"
        onClick={() => setDialog({ kind: 'deactivate' })}
      >
        {`Deactivate Selected (${selectedIds.length})`}
      </ReasonButton>
    </>
  );

  return (
    <>
      <DataTable<LeaverRecordRow>
        {...table}
        syncWithUrl
        selection={isReadOnly ? undefined : selection}
        toolbar={toolbar}
      />
      {dialog?.kind === 'history' && (
        <CommentHistoryDialog
          title={`Leaver Comment History of Record #${dialog.requestId}`}
          tableId="leaver-comments"
          queryKey={leaverKeys.comments(dialog.requestId)}
          fetchComments={(signal) => fetchLeaverComments(dialog.requestId, signal)}
          onAdd={
            isReadOnly ? undefined : () => setDialog({ kind: 'comment', requestIds: [dialog.requestId] })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'comment' && (
        <LeaverCommentDialog
          requestIds={dialog.requestIds}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            notifySuccess(message);
          }}
        />
      )}
      {dialog?.kind === 'deactivate' && (
        <DeactivateLeaversDialog
          requestIds={selectedIds}
          onClose={() => setDialog(null)}
          onDone={handleDone}
        />
      )}
    </>
  );
}
