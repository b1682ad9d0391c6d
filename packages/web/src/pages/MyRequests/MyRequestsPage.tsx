import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import { messages, whyNotCancellable, type MyRequestRow } from '@uap/domain';
import {
  fetchFilterOptions,
  fetchMyRequests,
  recordKeys,
  useCancelRequestsMutation,
} from '../../api/records.ts';
import { useCurrentUser } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { requestIdOf as rowIdOf, useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { CancelRequestsDialog } from './CancelRequestsDialog.tsx';
import { myRequestColumns } from './my-requests-columns.tsx';
import { notifySuccess } from '../../api/notice-store.ts';

/** The address parameters (either spelling) of ?requestId=N. */
const requestIdParams = ['requestId', 'RequestId'];

/** ?requestId=N opens My Requests on that request (and the rest of its submission). */
function requestIdOf(params: URLSearchParams): number {
  const id = Number(params.get('requestId') ?? params.get('RequestId'));
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

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
        title="My Requests"
        syncWithUrl
        addressFilters={
          requestId > 0
            ? [{ label: messages.myRequestsOfSubmission(requestId), params: requestIdParams }]
            : []
        }
        columns={myRequestColumns}
        queryKey={recordKeys.myRequests(requestId)}
        getRowId={(r) => r.requestId}
        fetchPage={async (query, signal) => {
          const page = await fetchMyRequests(requestId, query, signal);
          return { rows: page.requests, totalCount: page.totalCount, isCountEstimate: page.isCountEstimate };
        }}
        fetchFilterOptions={(column, query, signal) =>
          fetchFilterOptions('MyRequests', {}, column, query, signal)
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
