import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { Link as RouterDomLink } from 'react-router';
import { Role, formatDateTime, messages, type UserStatusRow } from '@uap/domain';
import { fetchUserStatusRows, mergeKeys, useAcknowledgeUsers } from '../../api/merges.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { localPage } from '../../components/DataTable/local-page.ts';
import { useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { failureText } from '../ChangeUserRecords/form-parts.tsx';
import { localTimeZone } from '../../app/time-zone.ts';

type Column = DataTableColumn<UserStatusRow>;

const timeZone = localTimeZone();
const idOf = (row: UserStatusRow) => row.id;

/** Where a role name leads: approvers and provisioners to Approvers, master approvers to MasterApprovers. */
function roleLink(row: UserStatusRow): string | null {
  if (row.roleId === Role.APPROVER || row.roleId === Role.PROVISIONER) {
    return `/Approvers?userId=${row.userID}`;
  }
  return row.roleId === Role.MASTERAPPROVER ? `/MasterApprovers?userId=${row.userID}` : null;
}

function statusColumns(
  isReadOnly: boolean,
  isPending: boolean,
  onAcknowledge: (row: UserStatusRow) => void,
): Column[] {
  return [
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) =>
        row.isDeleted ? (
          'Acknowledged'
        ) : isReadOnly ? (
          ''
        ) : (
          <Button
            size="small"
            disabled={isPending}
            aria-label={`Acknowledge ${row.fullName}`}
            onClick={() => onAcknowledge(row)}
          >
            Acknowledge
          </Button>
        ),
    },
    { id: 'isMerged', header: 'Is Merged', text: (r) => (r.isMerged ? 'Yes' : 'No') },
    { id: 'userID', header: 'UAP Id', text: (r) => String(r.userID) },
    { id: 'fullName', header: 'User Name', text: (r) => r.fullName },
    {
      id: 'role',
      header: 'UAP Role Name',
      text: (r) => r.role ?? '',
      cell: (r) => {
        const to = roleLink(r);
        return to ? (
          <Link component={RouterDomLink} to={to}>
            {r.role ?? ''}
          </Link>
        ) : (
          (r.role ?? '')
        );
      },
    },
    { id: 'operationDate', header: 'Modified Date', text: (r) => formatDateTime(r.operationDate, timeZone) },
    {
      id: 'activeRecordsCount',
      header: 'Active Records Count',
      text: (r) => String(r.activeRecordsCount),
      cell: (r) =>
        r.activeRecordsCount > 0 ? (
          <Link
            component={RouterDomLink}
            to={`/ChangeUserRecords?userId=${r.userID}`}
            aria-label={`${r.activeRecordsCount} active records of ${r.fullName}`}
          >
            {r.activeRecordsCount}
          </Link>
        ) : (
          '0'
        ),
    },
    { id: 'agency', header: 'Agency', text: (r) => r.agency ?? '' },
    { id: 'changeDescription', header: 'Description', text: (r) => r.changeDescription },
  ];
}

/**
 * The Status of Users modal (spec 3 §2.7, the internal user status report): the directory
 * changes of profiles, acknowledged one by one or as a selection ('Acknowledge Selected
 * Profiles' asks first); the report reloads after each acknowledgement.
 */
export function StatusOfUsersDialog(props: { isReadOnly: boolean; onClose: () => void }) {
  const { isReadOnly } = props;
  const { mutate, isPending } = useAcknowledgeUsers();
  const [error, setError] = useDialogError();
  const [isConfirming, setIsConfirming] = useState(false);
  const { selectedIds, selection, clear } = useRowSelection<UserStatusRow>(idOf, {
    isRowSelectable: (row) => !row.isDeleted,
  });
  const send = useCallback(
    (ids: number[]) =>
      mutate(ids, {
        onSuccess: (message) => {
          setError(null);
          clear();
          notifySuccess(message);
        },
        onError: (failure) => setError(failureText(failure)),
      }),
    [mutate, setError, clear],
  );
  const columns = useMemo(
    () => statusColumns(isReadOnly, isPending, (row) => send([row.id])),
    [isReadOnly, isPending, send],
  );

  return (
    <>
      <Dialog open onClose={props.onClose} aria-labelledby="status-of-users-title" maxWidth="xl" fullWidth>
        <DialogTitle id="status-of-users-title">Status of Users</DialogTitle>
        <DialogContent dividers>
          <DialogError error={error} />
          <DataTable<UserStatusRow>
            title="Status of Users"
            tableId="Status of Users"
            columns={columns}
            queryKey={mergeKeys.statusReport}
            getRowId={idOf}
            fetchPage={async (query, signal) => localPage(await fetchUserStatusRows(signal), query, columns)}
            initialPageSize={10}
            emptyMessage={messages.noStatusChanges}
            {...(isReadOnly ? {} : { selection })}
            toolbar={
              !isReadOnly && (
                <Button
                  size="small"
                  variant="contained"
                  disabled={selectedIds.length === 0 || isPending}
                  onClick={() => setIsConfirming(true)}
                >
                  Acknowledge Selected Profiles
                </Button>
              )
            }
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={props.onClose}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
      {isConfirming && (
        <ConfirmDialog
          title="Acknowledge profiles"
          text={messages.confirmAcknowledge}
          confirmLabel="Yes"
          isPending={isPending}
          onConfirm={() => {
            setIsConfirming(false);
            send(selectedIds);
          }}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </>
  );
}
