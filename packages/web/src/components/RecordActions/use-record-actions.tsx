import { lazy, Suspense, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import type { UserRecordRow } from '@uap/domain';
import { requestIdOf, useRowSelection } from '../DataTable/use-row-selection.ts';
import { ToolButton } from '../DataTable/TableTools.tsx';
import { notifySuccess } from '../../api/notice-store.ts';
import type { ModifyOutcome } from './ModifyRequestDialog.tsx';
import { allowedActions, isActionable, isRecordRow } from './selection-rules.ts';

// The action dialogs (their forms, schemas and pickers) load when an action is chosen, not with the table.
const ModifyRequestDialog = lazy(() =>
  import('./ModifyRequestDialog.tsx').then((m) => ({ default: m.ModifyRequestDialog })),
);
const ReassignEmailDialog = lazy(() =>
  import('./ReassignEmailDialog.tsx').then((m) => ({ default: m.ReassignEmailDialog })),
);
const ActivationDialog = lazy(() =>
  import('./ActivationDialog.tsx').then((m) => ({ default: m.ActivationDialog })),
);

type Action = 'modify' | 'reassign' | 'activate' | 'deactivate';

/**
 * The record actions of spec 1 §2.6 for a table of records (Modify an Existing Access, the
 * Request Tracker): selection, the Modify / Reassign Email / Activate / Deactivate toolbar, their
 * dialogs and the outcome confirm that offers to open a modified record in a new tab.
 */
export function useRecordActions<Row extends UserRecordRow>(options: { extendRecordId?: number } = {}) {
  const outcomeId = useId();
  // A Length Of Access change of one record (Extend: the row's action, or ?extend= in the address).
  const [extendingId, setExtendingId] = useState<number | null>(options.extendRecordId ?? null);
  const {
    selectedRows: selected,
    selection,
    clear,
  } = useRowSelection<Row>(requestIdOf, { isRowSelectable: isActionable });
  const [action, setAction] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<ModifyOutcome | null>(null);

  const allowed = allowedActions(selected);
  const first = selected[0];

  const handleClose = () => {
    setAction(null);
    setExtendingId(null);
  };
  const handleDone = (result: ModifyOutcome) => {
    setAction(null);
    setExtendingId(null);
    clear();
    // A modified record asks whether to open it (spec 1 §4); any other success closes by itself.
    if (result.recordId === null) {
      notifySuccess(result.message);
    } else {
      setOutcome(result);
    }
  };
  const handleOpenRecord = () => {
    if (outcome?.recordId) {
      window.open(`/ChangeUserRecords?Id=${outcome.recordId}`, '_blank', 'noopener');
    }
    setOutcome(null);
  };
  const button = (name: Action, label: string) => (
    <ToolButton outlined disabled={!allowed[name]} onClick={() => setAction(name)}>
      {label}
    </ToolButton>
  );

  const toolbar = (
    // Drawn in the table's toolbar, by the table's stylesheet (plain buttons: no styles to insert).
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {button('modify', 'Modify')}
      {button('reassign', 'Reassign Email')}
      {button('activate', 'Activate')}
      {button('deactivate', 'Deactivate')}
    </div>
  );
  const dialogs = (
    <Suspense fallback={null}>
      {extendingId !== null && (
        <ModifyRequestDialog requestIds={[extendingId]} isRecord onClose={handleClose} onDone={handleDone} />
      )}
      {action === 'modify' && first && (
        <ModifyRequestDialog
          requestIds={selected.map((r) => r.requestId)}
          isRecord={isRecordRow(first)}
          onClose={handleClose}
          onDone={handleDone}
        />
      )}
      {action === 'reassign' && first && (
        <ReassignEmailDialog
          requestId={first.requestId}
          isRecord={isRecordRow(first)}
          currentUserEmail={first.requestUser.email}
          onClose={handleClose}
          onDone={handleDone}
        />
      )}
      {(action === 'activate' || action === 'deactivate') && first && (
        <ActivationDialog
          rows={selected}
          isActive={action === 'activate'}
          onClose={handleClose}
          onDone={handleDone}
        />
      )}
      <Dialog open={outcome !== null} onClose={() => setOutcome(null)} aria-describedby={outcomeId}>
        <DialogContent>
          <DialogContentText id={outcomeId}>{outcome?.message}</DialogContentText>
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
    </Suspense>
  );
  return { selection, toolbar, dialogs, extend: setExtendingId };
}
