import { useCallback, useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import {
  messages,
  myAccessReviewItemsTable,
  type AccessReviewDecision,
  type AccessReviewItemRow,
} from '@uap/domain';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCanExportTables, useIsReadOnly } from '../../session/current-user.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import { DecisionDialog } from './DecisionDialog.tsx';

const itemIdOf = (row: AccessReviewItemRow) => row.itemId;
/** Why the caller cannot decide an item now (already decided, campaign closed …), as the server says. */
const whyNotSelectable = (row: AccessReviewItemRow) => row.notDecidableReason;

/**
 * My Access Reviews (/MyAccessReviews, issue 46): the access records the signed-in reviewer is
 * asked about. Keep or Revoke one item (its row's buttons) or the selected ones; a revoke asks
 * for a comment and sends a deactivation to the provisioners.
 */
export function MyAccessReviewsPage() {
  const isReadOnly = useIsReadOnly();
  const { selectedRows, selectedIds, selection, remove } = useRowSelection(itemIdOf, {
    isRowSelectable: (row) => row.notDecidableReason === null,
    whyNotSelectable,
  });
  const [dialog, setDialog] = useState<{
    decision: AccessReviewDecision;
    rows: AccessReviewItemRow[];
  } | null>(null);
  const table = useDeclaredTable(myAccessReviewItemsTable, { canExport: useCanExportTables() });

  const actionsColumn = useMemo<DataTableColumn<AccessReviewItemRow>>(
    () => ({
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <Stack direction="row" spacing={1}>
          {/* Its words first, then which record (a name holds the visible words, WCAG 2.5.3). */}
          <ReasonButton
            reason={row.notDecidableReason}
            size="small"
            variant="outlined"
            aria-label={`Keep, record ${row.recordId}`}
            onClick={() => setDialog({ decision: 'keep', rows: [row] })}
          >
            Keep
          </ReasonButton>
          <ReasonButton
            reason={row.notRevocableReason}
            size="small"
            variant="outlined"
            color="error"
            aria-label={`Revoke, record ${row.recordId}`}
            onClick={() => setDialog({ decision: 'revoke', rows: [row] })}
          >
            Revoke
          </ReasonButton>
        </Stack>
      ),
    }),
    [],
  );
  // Keep and Revoke first: the table holds its first column in view while the rest scrolls.
  const columns = useMemo(
    () => (isReadOnly ? table.columns : [actionsColumn, ...table.columns]),
    [isReadOnly, table.columns, actionsColumn],
  );

  const handleDone = useCallback(
    (message: string, itemIds: number[]) => {
      setDialog(null);
      remove(itemIds);
      notifySuccess(message);
    },
    [remove],
  );
  const selectFirst = selectedIds.length === 0 ? messages.selectRowsFirst : null;
  // One selected item that cannot be revoked (an approved change waits) holds back the bulk revoke.
  const revokeBlocked =
    selectFirst ?? selectedRows.find((row) => row.notRevocableReason)?.notRevocableReason ?? null;

  const toolbar = isReadOnly ? undefined : (
    <>
      <ReasonButton
        reason={selectFirst}
        variant="outlined"
        onClick={() => setDialog({ decision: 'keep', rows: selectedRows })}
      >
        {`Keep Selected (${selectedIds.length})`}
      </ReasonButton>
      <ReasonButton
        reason={revokeBlocked}
        variant="contained"
        color="error"
        onClick={() => setDialog({ decision: 'revoke', rows: selectedRows })}
      >
        {`Revoke Selected (${selectedIds.length})`}
      </ReasonButton>
    </>
  );

  return (
    <>
      <DataTable<AccessReviewItemRow>
        {...table}
        columns={columns}
        syncWithUrl
        selection={isReadOnly ? undefined : selection}
        toolbar={toolbar}
        emptyMessage={messages.noAccessReviewItems}
      />
      {dialog && (
        <DecisionDialog
          decision={dialog.decision}
          rows={dialog.rows}
          onClose={() => setDialog(null)}
          onDone={handleDone}
        />
      )}
    </>
  );
}
