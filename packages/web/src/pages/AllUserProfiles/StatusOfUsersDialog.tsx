import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { Link as RouterDomLink } from 'react-router';
import { Role, messages, userStatusTable, type UserStatusRow } from '@uap/domain';
import { useAcknowledgeUsers } from '../../api/merges.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable, type ColumnExtras } from '../../components/DataTable/use-declared-table.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { DisabledReason } from '../../components/DisabledReason.tsx';
import { useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { failureText } from '../../components/forms/failure-text.ts';

const idOf = (row: UserStatusRow) => row.id;

/** Where a role name leads: approvers and provisioners to Approvers, master approvers to MasterApprovers. */
function roleLink(row: UserStatusRow): string | null {
  if (row.roleId === Role.APPROVER || row.roleId === Role.PROVISIONER) {
    return `/Approvers?userId=${row.userID}`;
  }
  return row.roleId === Role.MASTERAPPROVER ? `/MasterApprovers?userId=${row.userID}` : null;
}

/** The cells of Status of Users that are more than their text: buttons and links. */
function statusCells(
  isReadOnly: boolean,
  isPending: boolean,
  onToggle: (row: UserStatusRow) => void,
): Record<string, ColumnExtras<UserStatusRow>> {
  return {
    isDeleted: {
      // The row's flag: acknowledging sends the opposite of it (spec 3 §4), so a row toggles.
      cell: (row) =>
        isReadOnly ? (
          row.isDeleted ? (
            'Acknowledged'
          ) : (
            ''
          )
        ) : row.isDeleted ? (
          <>
            Acknowledged{' '}
            <Button
              size="small"
              disabled={isPending}
              aria-label={`Reopen ${row.fullName}`}
              onClick={() => onToggle(row)}
            >
              Reopen
            </Button>
          </>
        ) : (
          <Button
            size="small"
            disabled={isPending}
            aria-label={`Acknowledge ${row.fullName}`}
            onClick={() => onToggle(row)}
          >
            Acknowledge
          </Button>
        ),
    },
    role: {
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
    activeRecordsCount: {
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
  };
}

/**
 * The Status of Users modal (spec 3 §2.7, the internal user status report): the directory
 * changes of profiles, paged on the server, acknowledged one by one or as a selection
 * ('Acknowledge Selected Profiles' asks first); an acknowledged row can be reopened. The report
 * reloads after each change.
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
    (ids: number[], isDeleted: boolean) =>
      mutate(
        { ids, isDeleted },
        {
          onSuccess: (message) => {
            setError(null);
            clear();
            notifySuccess(message);
          },
          onError: (failure) => setError(failureText(failure)),
        },
      ),
    [mutate, setError, clear],
  );
  const cells = useMemo(
    () => statusCells(isReadOnly, isPending, (row) => send([row.id], !row.isDeleted)),
    [isReadOnly, isPending, send],
  );
  const table = useDeclaredTable(userStatusTable, { cells, canExport: false });

  return (
    <>
      <Dialog open onClose={props.onClose} aria-labelledby="status-of-users-title" maxWidth="xl" fullWidth>
        <DialogTitle id="status-of-users-title">Status of Users</DialogTitle>
        <DialogContent dividers>
          <DialogError error={error} />
          <DataTable<UserStatusRow>
            {...table}
            tableId="Status of Users"
            initialPageSize={10}
            emptyMessage={messages.noStatusChanges}
            {...(isReadOnly ? {} : { selection })}
            toolbar={
              !isReadOnly && (
                <DisabledReason reason={selectedIds.length === 0 ? messages.acknowledgeSelectFirst : null}>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={selectedIds.length === 0 || isPending}
                    onClick={() => setIsConfirming(true)}
                  >
                    Acknowledge Selected Profiles
                  </Button>
                </DisabledReason>
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
          isPending={isPending}
          onConfirm={() => {
            setIsConfirming(false);
            send(selectedIds, true);
          }}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </>
  );
}
