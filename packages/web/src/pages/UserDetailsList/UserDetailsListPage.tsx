import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterDomLink, useNavigate, useParams } from 'react-router';
import { messages, userDetailsTable, type TableQuery, type UserDetailsRow } from '@uap/domain';
import { useUnmergeProfiles } from '../../api/merges.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { reportError } from '../../api/error-store.ts';
import { useIsReadOnly } from '../../session/current-user.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { DisabledReason } from '../../components/DisabledReason.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { EditProfileDialog } from '../../components/ProfileDialogs/EditProfileDialog.tsx';
import { SyncProfileDialog } from '../../components/ProfileDialogs/SyncProfileDialog.tsx';
import { useFetchFailure } from '../../components/DataTable/use-fetch-failure.ts';

type Column = DataTableColumn<UserDetailsRow>;
type OpenDialog = { action: 'edit' | 'sync'; row: UserDetailsRow } | { action: 'unmerge' } | null;

/** A positive integer id from the address, or null. */
function idOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const rowId = (row: UserDetailsRow) => row.userId;
const who = (row: UserDetailsRow) => `${row.name} ${row.lastName}`;

/** Only the whole family's count says that one profile or none is left (a search may find one). */
const isUnfiltered = (query: TableQuery) =>
  query.searchCriteria.trim() === '' && query.filters.every((f) => f.values.length === 0);

/** The row actions: log, edit and sync as on All User Profiles. */
function actionsColumn(isReadOnly: boolean, open: (dialog: OpenDialog) => void): Column {
  return {
    id: 'actions',
    header: 'Actions',
    cell: (row) => (
      <>
        <Button
          size="small"
          component={RouterDomLink}
          to={`/UserLogs/${row.userId}`}
          aria-label={`Log of ${who(row)} (UAP Id ${row.userId})`}
        >
          Log
        </Button>
        {!isReadOnly && !row.isChild && !row.isDeleted && (
          <Button
            size="small"
            aria-label={`Edit ${who(row)} (UAP Id ${row.userId})`}
            onClick={() => open({ action: 'edit', row })}
          >
            Edit
          </Button>
        )}
        {!isReadOnly && row.isSyncButtonEnabled && (
          <Button
            size="small"
            aria-label={`Sync ${who(row)} (UAP Id ${row.userId})`}
            onClick={() => open({ action: 'sync', row })}
          >
            Sync
          </Button>
        )}
      </>
    ),
  };
}

/** The parent is marked by a chip, and its other cells are bold: the family hangs on it (spec 3 §2.8). */
function markParent(column: Column): Column {
  const text = column.text ?? (() => '');
  return column.id === 'isParent'
    ? {
        ...column,
        cell: (r) =>
          r.isParent ? <Chip size="small" color="primary" label={messages.parentProfileMark} /> : text(r),
      }
    : { ...column, cell: (r) => (r.isParent ? <strong>{text(r)}</strong> : text(r)) };
}

/**
 * /UserDetailsList/{userId} (spec 3 §2.8): a merged family, paged on the server, its parent first
 * and marked; log, edit and sync as on All User Profiles; the ticked profiles are unmerged
 * ('Unmerged Selected Profiles'; the server refuses the parent alone). One profile or none left:
 * back to All User Profiles.
 */
export function UserDetailsListPage() {
  const userId = idOf(useParams().userId);
  const navigate = useNavigate();
  const isReadOnly = useIsReadOnly();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const unmerge = useUnmergeProfiles();
  const { selectedIds, selection, clear } = useRowSelection<UserDetailsRow>(rowId);
  const params = useMemo(() => ({ userId: userId ?? 0 }), [userId]);
  const table = useDeclaredTable(userDetailsTable, { canExport: false, params });
  const columns = useMemo(
    () => [actionsColumn(isReadOnly, setDialog), ...table.columns.map(markParent)],
    [isReadOnly, table.columns],
  );
  const { failure, track } = useFetchFailure();
  const { fetchPage: fetchDeclaredPage } = table;
  const fetchPage = useCallback(
    async (query: TableQuery, signal: AbortSignal) => {
      const page = await track(fetchDeclaredPage(query, signal), signal);
      if (isUnfiltered(query) && page.totalCount <= 1) {
        void navigate('/AllUserProfiles', { replace: true });
      }
      return page;
    },
    [fetchDeclaredPage, navigate, track],
  );

  if (userId === null) {
    return <Alert severity="error">{messages.uapIdMissing}</Alert>;
  }
  const handleDone = (message: string) => {
    setDialog(null);
    notifySuccess(message);
  };
  const handleUnmerge = () => {
    setDialog(null);
    unmerge.mutate(selectedIds, {
      onSuccess: (message) => {
        clear();
        notifySuccess(message);
      },
      onError: reportError,
    });
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>
        <RouterLink to="/AllUserProfiles">Back to All User Profiles</RouterLink>
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <DataTable<UserDetailsRow>
        {...table}
        columns={columns}
        fetchPage={fetchPage}
        initialPageSize={10}
        {...(isReadOnly ? {} : { selection })}
        toolbar={
          !isReadOnly && (
            <DisabledReason reason={selectedIds.length === 0 ? messages.unmergeSelectFirst : null}>
              <Button
                variant="contained"
                size="small"
                disabled={selectedIds.length === 0 || unmerge.isPending}
                onClick={() => setDialog({ action: 'unmerge' })}
              >
                Unmerged Selected Profiles
              </Button>
            </DisabledReason>
          )
        }
      />
      {dialog?.action === 'edit' && (
        <EditProfileDialog row={dialog.row} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.action === 'sync' && (
        <SyncProfileDialog row={dialog.row} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
      {dialog?.action === 'unmerge' && (
        <ConfirmDialog
          title="Unmerge profiles"
          text={messages.confirmUnmerge}
          isPending={unmerge.isPending}
          onConfirm={handleUnmerge}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
