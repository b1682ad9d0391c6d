import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { approverAssignmentsTable, messages, type ApproverAssignmentRow } from '@uap/domain';
import {
  pendingWithoutPathOf,
  previewAssignmentSave,
  useAssignmentWrite,
  type AssignmentWrite,
} from '../../api/assignments.ts';
import { reportError } from '../../api/error-store.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useIsReadOnly } from '../../session/current-user.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { useAssignmentTable } from '../../components/ApproverAssignments/status-cells.tsx';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import { AssignmentDialog } from './AssignmentDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { StatusOfApproversButton } from '../../components/ApproverStatus/StatusOfApproversButton.tsx';
import { ReassignDialog } from './ReassignDialog.tsx';
import { AbsencePanel } from '../../components/ApproverAssignments/AbsencePanel.tsx';
import { CoverageTable } from './CoverageTable.tsx';

type OpenDialog =
  | { kind: 'edit'; row: ApproverAssignmentRow | null }
  | { kind: 'reassign' }
  | { kind: 'confirm'; title: string; text: string; confirmLabel: string; action: AssignmentWrite }
  | null;

const approverIdOf = (row: ApproverAssignmentRow) => row.approverId;
/** Bulk Reassign, Activate/Deactivate and Delete need this many rows (spec 2 §5). */
const BULK_MINIMUM = 2;

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Activate or Deactivate, by the rows' state; null when they mix states. */
function toggleOf(rows: readonly ApproverAssignmentRow[]): 'Activate' | 'Deactivate' | null {
  if (rows.every((r) => r.isDeleted)) {
    return 'Activate';
  }
  return rows.every((r) => !r.isDeleted) ? 'Deactivate' : null;
}

/**
 * Approve/Provision Assignments (/Approvers, admin; spec 2 §2): every assignment in the admin's
 * scope (`?userId=` narrows to one person's rows) with New Approver/Provisioner, Reassign,
 * Activate/Deactivate and Delete for 2 or more selected rows, and Edit, Activate/Deactivate and
 * Delete on each row. Deleting asks first; so does leaving pending requests with no approval path.
 */
export function ApproversPage() {
  const [searchParams] = useSearchParams();
  const userId = positiveInt(searchParams.get('userId'));
  const isReadOnly = useIsReadOnly();
  const table = useAssignmentTable(approverAssignmentsTable, userId);
  const { selectedRows, selectedIds, selection, clear } = useRowSelection(approverIdOf);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const write = useAssignmentWrite();
  const [tab, setTab] = useState<'assignments' | 'coverage'>('assignments');
  /** A save that gives waiting lines to someone else, asked about over its open dialog. */
  const [handover, setHandover] = useState<{
    action: AssignmentWrite;
    count: number;
    onError: (error: unknown) => void;
  } | null>(null);
  const [isPreviewing, setIsPreviewing] = useState(false);

  const run = (action: AssignmentWrite, onError?: (error: unknown) => void) => {
    write.mutate(action, {
      onSuccess: (outcome) => {
        setDialog(null);
        setHandover(null);
        clear();
        notifySuccess(outcome.message);
      },
      onError: (error) => {
        const pending = pendingWithoutPathOf(error);
        if (pending !== null && (action.kind === 'state' || action.kind === 'delete')) {
          setDialog({
            kind: 'confirm',
            title: 'No approval path',
            text: messages.pendingWithoutPath(pending),
            confirmLabel: 'Yes, continue',
            action: { ...action, confirm: true },
          });
          return;
        }
        if (onError) {
          setHandover(null);
          onError(error);
          return;
        }
        setDialog(null);
        reportError(error);
      },
    });
  };
  /** A save says first how many waiting lines it gives to someone else (the server counts them). */
  const save = (
    action: AssignmentWrite & { kind: 'create' | 'update' },
    onError: (error: unknown) => void,
  ) => {
    setIsPreviewing(true);
    previewAssignmentSave(action.input)
      .then((count) => {
        if (count > 0) {
          setHandover({ action, count, onError });
        } else {
          run(action, onError);
        }
      })
      .catch(onError)
      .finally(() => {
        setIsPreviewing(false);
      });
  };
  const askDelete = (ids: number[]) => {
    setDialog({
      kind: 'confirm',
      title: 'Delete assignments',
      text: messages.confirmDeleteAssignments(ids.length),
      confirmLabel: 'Yes, delete',
      action: { kind: 'delete', ids, confirm: false },
    });
  };

  const columns = useMemo((): DataTableColumn<ApproverAssignmentRow>[] => {
    if (isReadOnly) {
      return table.columns;
    }
    const actions: DataTableColumn<ApproverAssignmentRow> = {
      id: 'actions',
      header: 'Actions',
      cell: (row) => {
        const toggle = row.isDeleted ? 'Activate' : 'Deactivate';
        return (
          <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label="Edit" onClick={() => setDialog({ kind: 'edit', row })}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={toggle}>
              <IconButton
                size="small"
                aria-label={toggle}
                onClick={() => {
                  run({ kind: 'state', ids: [row.approverId], isDeleted: !row.isDeleted, confirm: false });
                }}
              >
                {row.isDeleted ? <ToggleOffIcon fontSize="small" /> : <ToggleOnIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" aria-label="Delete" onClick={() => askDelete([row.approverId])}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        );
      },
    };
    // run and askDelete only set state and call the mutation's stable mutate.
    return [actions, ...table.columns];
  }, [isReadOnly, table.columns]);

  const tooFew = selectedIds.length < BULK_MINIMUM ? messages.selectTwoAssignments : null;
  const toggle = toggleOf(selectedRows);
  const toggleBlocker = tooFew ?? (toggle === null ? messages.mixedAssignmentStates : null);

  // Status of Approvers and Provisioners opens from this screen (spec 2 §2), read-only users too.
  const toolbar = isReadOnly ? (
    <StatusOfApproversButton />
  ) : (
    <>
      <Button variant="contained" onClick={() => setDialog({ kind: 'edit', row: null })}>
        New Approver/Provisioner
      </Button>
      <ReasonButton reason={tooFew} variant="outlined" onClick={() => setDialog({ kind: 'reassign' })}>
        Reassign
      </ReasonButton>
      <ReasonButton
        reason={toggleBlocker}
        variant="outlined"
        onClick={() => {
          run({ kind: 'state', ids: selectedIds, isDeleted: toggle === 'Deactivate', confirm: false });
        }}
      >
        {toggle ?? 'Activate/Deactivate'}
      </ReasonButton>
      <ReasonButton reason={tooFew} variant="outlined" color="error" onClick={() => askDelete(selectedIds)}>
        Delete
      </ReasonButton>
      <StatusOfApproversButton />
    </>
  );

  const assignments = (
    <>
      {/* An admin sets the out of office of the person the table is narrowed to. */}
      {userId !== null && <AbsencePanel key={userId} userId={userId} />}
      <DataTable<ApproverAssignmentRow>
        {...table}
        key={userId ?? 'all'}
        tableId="Approvers"
        syncWithUrl
        columns={columns}
        selection={isReadOnly ? undefined : selection}
        toolbar={toolbar}
      />
      {dialog?.kind === 'edit' && (
        <AssignmentDialog
          row={dialog.row}
          isPending={write.isPending || isPreviewing}
          onSave={(input, onError) => {
            save(
              dialog.row
                ? { kind: 'update', input: { ...input, approverId: dialog.row.approverId } }
                : { kind: 'create', input },
              onError,
            );
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {handover && (
        <ConfirmDialog
          title="Waiting lines change hands"
          text={messages.linesChangingHands(handover.count)}
          confirmLabel="Yes, save"
          confirmColor="primary"
          isPending={write.isPending}
          onConfirm={() => {
            run(handover.action, handover.onError);
          }}
          onClose={() => setHandover(null)}
        />
      )}
      {dialog?.kind === 'reassign' && (
        <ReassignDialog
          approverIds={selectedIds}
          isPending={write.isPending}
          onSave={(input, onError) => {
            run({ kind: 'reassign', input }, onError);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'confirm' && (
        <ConfirmDialog
          title={dialog.title}
          text={dialog.text}
          confirmLabel={dialog.confirmLabel}
          isPending={write.isPending}
          onConfirm={() => {
            run(dialog.action);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );

  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, value: 'assignments' | 'coverage') => {
          setTab(value);
        }}
        aria-label="Approval paths"
        sx={{ mb: 2 }}
      >
        <Tab value="assignments" label="Assignments" id="tab-assignments" aria-controls="panel-assignments" />
        <Tab value="coverage" label="Coverage" id="tab-coverage" aria-controls="panel-coverage" />
      </Tabs>
      {tab === 'coverage' ? (
        <Box role="tabpanel" id="panel-coverage" aria-labelledby="tab-coverage">
          <CoverageTable />
        </Box>
      ) : (
        <Box role="tabpanel" id="panel-assignments" aria-labelledby="tab-assignments">
          {assignments}
        </Box>
      )}
    </>
  );
}
