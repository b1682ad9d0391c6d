import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterDomLink, useNavigate, useParams } from 'react-router';
import { formatDate, messages, type TableQuery, type UserDetailsRow } from '@uap/domain';
import {
  fetchFamilyFilterOptions,
  fetchFamilyPage,
  mergeKeys,
  useUnmergeProfiles,
} from '../../api/merges.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { reportError } from '../../api/error-store.ts';
import { useIsReadOnly } from '../../session/current-user.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DisabledReason } from '../../components/DisabledReason.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { EditProfileDialog } from '../../components/ProfileDialogs/EditProfileDialog.tsx';
import { SyncProfileDialog } from '../../components/ProfileDialogs/SyncProfileDialog.tsx';
import { useFetchFailure } from '../../components/DataTable/use-fetch-failure.ts';
import { localTimeZone } from '../../session/time-zone.ts';

const timeZone = localTimeZone();

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

/** The parent's cells are bold, as its row is the one the family hangs on (spec 3 §2.8). */
function text(
  id: keyof UserDetailsRow,
  header: string,
  value: (r: UserDetailsRow) => string,
  o: Partial<Column> = {},
): Column {
  return {
    id,
    header,
    text: value,
    cell: (r) => (r.isParent ? <strong>{value(r)}</strong> : value(r)),
    sortable: true,
    ...o,
  };
}

function familyColumns(isReadOnly: boolean, open: (dialog: OpenDialog) => void): Column[] {
  return [
    {
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
    },
    {
      id: 'isParent',
      header: 'Profile',
      sortable: true,
      text: (r) => (r.isParent ? messages.parentProfileMark : messages.mergedIntoMark(r.mergedUserId ?? 0)),
      cell: (r) =>
        r.isParent ? (
          <Chip size="small" color="primary" label={messages.parentProfileMark} />
        ) : (
          messages.mergedIntoMark(r.mergedUserId ?? 0)
        ),
    },
    text('userId', 'UAP Id', (r) => r.uapId),
    text('name', 'First Name', (r) => r.name, { filterable: true }),
    text('lastName', 'Last Name', (r) => r.lastName, { filterable: true }),
    text('email', 'Primary Email', (r) => r.email),
    text('roleName', 'Role Name', (r) => r.roleName, { sortable: false, filterable: true }),
    text('adEnabled', 'AD Account Enabled', (r) => r.adEnabled, { sortable: false, filterable: true }),
    text('createdDate', 'Created Date', (r) => formatDate(r.createdDate, timeZone)),
    text('parentGUID', 'Parent GUID', (r) => r.parentGUID ?? ''),
    text('childGUID', 'Child GUID', (r) => r.childGUID ?? ''),
  ];
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
  const columns = useMemo(() => familyColumns(isReadOnly, setDialog), [isReadOnly]);
  const { failure, track } = useFetchFailure();
  const fetchPage = useCallback(
    async (query: TableQuery, signal: AbortSignal) => {
      const page = await track(fetchFamilyPage(userId ?? 0, query, signal), signal);
      if (isUnfiltered(query) && page.totalCount <= 1) {
        void navigate('/AllUserProfiles', { replace: true });
      }
      return { rows: page.users, totalCount: page.totalCount };
    },
    [userId, navigate, track],
  );
  const fetchFilterOptions = useCallback(
    (column: string, query: TableQuery, signal: AbortSignal) =>
      fetchFamilyFilterOptions(userId ?? 0, column, query, signal),
    [userId],
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
        <Link component={RouterDomLink} to="/AllUserProfiles">
          Back to All User Profiles
        </Link>
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <DataTable<UserDetailsRow>
        title="User Details List"
        columns={columns}
        queryKey={mergeKeys.family(userId)}
        getRowId={rowId}
        fetchPage={fetchPage}
        fetchFilterOptions={fetchFilterOptions}
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
          confirmLabel="Yes"
          isPending={unmerge.isPending}
          onConfirm={handleUnmerge}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
