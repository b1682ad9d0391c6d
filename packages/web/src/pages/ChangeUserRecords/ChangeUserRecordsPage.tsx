import { useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ColumnFilter, UserRecordRow } from '@uap/domain';
import {
  exportUserRecords,
  fetchFilterOptions,
  fetchUserRecords,
  recordKeys,
  type RecordSubject,
} from '../../api/records.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { userAccessColumns } from '../../components/UserAccessOverview/user-access-columns.tsx';
import { ActivationDialog } from './ActivationDialog.tsx';
import { ModifyRequestDialog, type ModifyOutcome } from './ModifyRequestDialog.tsx';
import { ReassignEmailDialog } from './ReassignEmailDialog.tsx';
import { allowedActions, isActionable, isRecordRow } from './selection-rules.ts';

type Action = 'modify' | 'reassign' | 'activate' | 'deactivate';

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Modify an Existing Access (spec 1 §2.6): the user's records with modify, reassign and (de)activate. */
export function ChangeUserRecordsPage() {
  const [searchParams] = useSearchParams();
  const { filtercolumn, filtervalue } = useParams();
  const recordId = positiveInt(searchParams.get('Id'));
  const userId = positiveInt(searchParams.get('userId'));
  const subject: RecordSubject = useMemo(() => (userId === undefined ? {} : { userId }), [userId]);
  const initialFilters: ColumnFilter[] = [
    ...(recordId === undefined ? [] : [{ column: 'requestId', values: [String(recordId)] }]),
    ...(filtercolumn && filtervalue ? [{ column: filtercolumn, values: [filtervalue] }] : []),
  ];
  const seen = useRef(new Map<number, UserRecordRow>());
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [action, setAction] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<ModifyOutcome | null>(null);

  const selected = selectedIds.flatMap((id) => seen.current.get(id) ?? []);
  const allowed = allowedActions(selected);
  const first = selected[0];

  const handleDone = (result: ModifyOutcome) => {
    setAction(null);
    setSelectedIds([]);
    setOutcome(result);
  };
  const handleOpenRecord = () => {
    if (outcome?.recordId) {
      window.open(`/ChangeUserRecords?Id=${outcome.recordId}`, '_blank', 'noopener');
    }
    setOutcome(null);
  };
  const button = (name: Action, label: string) => (
    <Button variant="outlined" disabled={!allowed[name]} onClick={() => setAction(name)}>
      {label}
    </Button>
  );

  return (
    <>
      <DataTable<UserRecordRow>
        title="My Records"
        intro={
          <Typography sx={{ mb: 1 }}>
            Select records to modify, reassign, activate or deactivate them.
          </Typography>
        }
        columns={userAccessColumns}
        queryKey={[...recordKeys.userRecords(subject), 'modify']}
        getRowId={(r) => r.requestId}
        fetchPage={async (query, signal) => {
          const page = await fetchUserRecords(subject, query, signal);
          page.requests.forEach((r) => seen.current.set(r.requestId, r));
          return page;
        }}
        fetchFilterOptions={(column, query, signal) =>
          fetchFilterOptions('UserRecords', subject, column, query, signal)
        }
        exportCsv={(query) => exportUserRecords(subject, query)}
        initialFilters={initialFilters}
        selection={{ selectedIds, onChange: setSelectedIds, isRowSelectable: isActionable }}
        toolbar={
          <Stack direction="row" spacing={1}>
            {button('modify', 'Modify')}
            {button('reassign', 'Reassign Email')}
            {button('activate', 'Activate')}
            {button('deactivate', 'Deactivate')}
          </Stack>
        }
      />
      {action === 'modify' && first && (
        <ModifyRequestDialog
          requestIds={selected.map((r) => r.requestId)}
          isRecord={isRecordRow(first)}
          onClose={() => setAction(null)}
          onDone={handleDone}
        />
      )}
      {action === 'reassign' && first && (
        <ReassignEmailDialog
          requestId={first.requestId}
          isRecord={isRecordRow(first)}
          currentUserEmail={first.requestUser.email}
          onClose={() => setAction(null)}
          onDone={handleDone}
        />
      )}
      {(action === 'activate' || action === 'deactivate') && (
        <ActivationDialog
          rows={selected}
          isActive={action === 'activate'}
          onClose={() => setAction(null)}
          onDone={handleDone}
        />
      )}
      <Dialog open={outcome !== null} onClose={() => setOutcome(null)} aria-describedby="modify-outcome">
        <DialogContent>
          <DialogContentText id="modify-outcome">{outcome?.message}</DialogContentText>
          {outcome?.recordId && (
            <DialogContentText>{`Open record ${outcome.recordId} in a new tab?`}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          {outcome?.recordId ? (
            <>
              <Button onClick={() => setOutcome(null)}>No</Button>
              <Button variant="contained" onClick={handleOpenRecord}>
                Open record
              </Button>
            </>
          ) : (
            <Button variant="contained" onClick={() => setOutcome(null)}>
              OK
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
