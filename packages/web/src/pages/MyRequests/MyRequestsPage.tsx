import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import { limits, messages, myRequestsTable, whyNotCancellable, type MyRequestRow } from '@uap/domain';
import { useCancelRequestsMutation } from '../../api/records.ts';
import { useCurrentUser } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { requestIdOf as rowIdOf, useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { CancelRequestsDialog } from './CancelRequestsDialog.tsx';
import { useDeclaredTable, type ColumnExtras } from '../../components/DataTable/use-declared-table.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { notifySuccess } from '../../api/notice-store.ts';

/** The address parameters (either spelling) of ?requestId=N. */
const requestIdParams = ['requestId', 'RequestId'];

/** ?requestId=N opens My Requests on that request (and the rest of its submission). */
function requestIdOf(params: URLSearchParams): number {
  const id = Number(params.get('requestId') ?? params.get('RequestId'));
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** My Requests' cells that are more than text (myRequestsTable). */
const cells: Readonly<Record<string, ColumnExtras<MyRequestRow>>> = {
  status: { cell: (r) => <StatusChip label={r.status.description} /> },
  requestTypeName: { cell: (r) => <StatusChip label={r.requestTypeName} /> },
  secondaryEmail: { truncate: limits.secondaryEmailInTable },
  comments: { truncate: limits.requestorCommentInTable },
  decisionComment: { truncate: limits.requestorCommentInTable },
};

/** My Requests (spec 1 §2.5): what I asked for or am the subject of; cancel Submitted ones. */
export function MyRequestsPage() {
  const [params] = useSearchParams();
  const requestId = requestIdOf(params);
  const { user, shellUser } = useCurrentUser();
  const whyNotSelectable = useCallback(
    (row: MyRequestRow) =>
      whyNotCancellable(
        { statusId: row.statusId, status: row.status.description, createdByEmail: row.createdBy.email },
        { email: user.email, roleId: shellUser.roleId },
      ),
    [user.email, shellUser.roleId],
  );
  const { selectedIds, selection, clear } = useRowSelection<MyRequestRow>(rowIdOf, { whyNotSelectable });
  const [isConfirming, setIsConfirming] = useState(false);
  const cancelRequests = useCancelRequestsMutation();
  const body = useMemo(() => ({ requestId }), [requestId]);
  const table = useDeclaredTable(myRequestsTable, { cells, canExport: false, body });

  const handleConfirm = () => {
    cancelRequests.mutate(selectedIds, {
      onSuccess: () => {
        clear();
        notifySuccess(messages.requestsCancelled);
      },
      onSettled: () => {
        setIsConfirming(false);
      },
    });
  };

  return (
    <>
      <DataTable<MyRequestRow>
        key={requestId}
        {...table}
        syncWithUrl
        addressFilters={
          requestId > 0
            ? [{ label: messages.myRequestsOfSubmission(requestId), params: requestIdParams }]
            : []
        }
        selection={selection}
        toolbar={
          <Button
            variant="contained"
            color="error"
            disabled={selectedIds.length === 0}
            onClick={() => {
              setIsConfirming(true);
            }}
          >
            Cancel selected requests
          </Button>
        }
      />
      {isConfirming && (
        <CancelRequestsDialog
          count={selectedIds.length}
          isPending={cancelRequests.isPending}
          onConfirm={handleConfirm}
          onClose={() => {
            setIsConfirming(false);
          }}
        />
      )}
    </>
  );
}
