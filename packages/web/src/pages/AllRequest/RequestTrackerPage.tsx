import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { Role, trackerColumns as columnIds, type ColumnFilter, type TrackerRow } from '@uap/domain';
import {
  exportTracker,
  fetchTrackerFilterOptions,
  fetchTrackerPage,
  trackerKeys,
} from '../../api/tracker.ts';
import { useCurrentUser } from '../../app/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ActivationDialog } from '../ChangeUserRecords/ActivationDialog.tsx';
import { ModifyRequestDialog, type ModifyOutcome } from '../ChangeUserRecords/ModifyRequestDialog.tsx';
import { ReassignEmailDialog } from '../ChangeUserRecords/ReassignEmailDialog.tsx';
import { allowedActions, isActionable, isRecordRow } from '../ChangeUserRecords/selection-rules.ts';
import { trackerColumns } from './tracker-columns.tsx';

type Action = 'modify' | 'reassign' | 'activate' | 'deactivate';

/** Request Tracker (spec 2 §2, issue 4 §3): every request line in scope, with admin actions. */
export function RequestTrackerPage() {
  const { shellUser } = useCurrentUser();
  const { filtercolumn, filtervalue } = useParams();
  // Admins and super admins act on records; the read-only auditor does not.
  const isAdmin = shellUser.roleId >= Role.ADMIN && shellUser.roleId !== Role.AUDITOR;
  const columns = useMemo(() => trackerColumns(shellUser.roleId >= Role.PROVISIONER), [shellUser.roleId]);
  const initialFilters: ColumnFilter[] =
    filtercolumn && filtervalue && (columnIds as readonly string[]).includes(filtercolumn)
      ? [{ column: filtercolumn, values: [filtervalue] }]
      : [];
  const seen = useRef(new Map<number, TrackerRow>());
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
      <DataTable<TrackerRow>
        title="All Requests"
        columns={columns}
        queryKey={[...trackerKeys.tracker, filtercolumn ?? '', filtervalue ?? '']}
        getRowId={(r) => r.requestId}
        fetchPage={async (query, signal) => {
          const page = await fetchTrackerPage(query, signal);
          page.requests.forEach((r) => seen.current.set(r.requestId, r));
          return page;
        }}
        fetchFilterOptions={fetchTrackerFilterOptions}
        exportCsv={exportTracker}
        initialFilters={initialFilters}
        {...(isAdmin
          ? {
              selection: { selectedIds, onChange: setSelectedIds, isRowSelectable: isActionable },
              toolbar: (
                <Stack direction="row" spacing={1}>
                  {button('modify', 'Modify')}
                  {button('reassign', 'Reassign Email')}
                  {button('activate', 'Activate')}
                  {button('deactivate', 'Deactivate')}
                </Stack>
              ),
            }
          : {})}
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
      {(action === 'activate' || action === 'deactivate') && first && (
        <ActivationDialog
          rows={selected}
          isActive={action === 'activate'}
          onClose={() => setAction(null)}
          onDone={handleDone}
        />
      )}
      <Dialog open={outcome !== null} onClose={() => setOutcome(null)} aria-describedby="tracker-outcome">
        <DialogContent>
          <DialogContentText id="tracker-outcome">{outcome?.message}</DialogContentText>
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
