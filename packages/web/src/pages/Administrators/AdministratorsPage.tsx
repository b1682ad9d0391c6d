import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { adminRegionsTable, messages, superAdminsTable, type TableDeclaration } from '@uap/domain';
import {
  useActivateDeactivateAdministrator,
  useActivateDeactivateSuperAdministrator,
  useDeleteAdministrator,
  useDeleteSuperAdministrator,
} from '../../api/administrators.ts';
import { reportError } from '../../api/error-store.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useIsReadOnly } from '../../session/current-user.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import { AdministratorDialog } from './AdministratorDialog.tsx';
import { SuperAdministratorDialog } from './SuperAdministratorDialog.tsx';

interface Write<Input> {
  mutate: (
    input: Input,
    options: { onSuccess: (answer: { message: string }) => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
}

/** The Status column as a chip: green while the row is active. */
const cells = {
  status: {
    cell: (r: { status: string }) => (
      <Chip size="small" label={r.status} color={r.status === 'Active' ? 'success' : 'default'} />
    ),
  },
};

type OpenDialog<Row> = { kind: 'edit'; row: Row | null } | { kind: 'delete' } | { kind: 'activate' } | null;

/**
 * One administrators table: add, edit, delete and activate/deactivate one selected row, each
 * change confirmed first where it removes or switches a row; the server's sentence is shown.
 */
function AdminTablePage<Row extends { isDeleted: boolean; status: string }, List>(props: {
  table: TableDeclaration<Row, List>;
  noun: string;
  remove: Write<number>;
  activate: Write<{ id: number; isDeleted: boolean }>;
  confirmDelete: string;
  confirmActivate: (isActivating: boolean) => string;
  editDialog: (row: Row | null, onClose: () => void, onDone: (message: string) => void) => ReactNode;
}) {
  const { remove, activate } = props;
  const table = useDeclaredTable(props.table, { cells, canExport: false });
  const idOf = props.table.rowId;
  const isReadOnly = useIsReadOnly();
  const { selectedRows, selection, clear } = useRowSelection<Row>(idOf);
  const [dialog, setDialog] = useState<OpenDialog<Row>>(null);
  const selected = selectedRows.length === 1 ? selectedRows[0] : undefined;
  const blocker = selected ? null : messages.selectOneRowToEdit;

  const handleDone = (message: string) => {
    setDialog(null);
    clear();
    notifySuccess(message);
  };
  const handleError = (error: Error) => {
    setDialog(null);
    reportError(error);
  };

  const toolbar = isReadOnly ? undefined : (
    <>
      <Button variant="contained" onClick={() => setDialog({ kind: 'edit', row: null })}>
        {`Add New ${props.noun}`}
      </Button>
      <ReasonButton
        reason={blocker}
        variant="outlined"
        onClick={() => setDialog({ kind: 'edit', row: selected ?? null })}
      >
        Edit
      </ReasonButton>
      <ReasonButton reason={blocker} variant="outlined" onClick={() => setDialog({ kind: 'activate' })}>
        {selected?.isDeleted ? 'Activate' : selected ? 'Deactivate' : 'Activate/Deactivate'}
      </ReasonButton>
      <ReasonButton
        reason={blocker}
        variant="outlined"
        color="error"
        onClick={() => setDialog({ kind: 'delete' })}
      >
        Delete
      </ReasonButton>
    </>
  );

  return (
    <>
      <DataTable<Row>
        {...table}
        syncWithUrl
        selection={isReadOnly ? undefined : selection}
        toolbar={toolbar}
      />
      {dialog?.kind === 'edit' && props.editDialog(dialog.row, () => setDialog(null), handleDone)}
      {dialog?.kind === 'delete' && selected && (
        <ConfirmDialog
          title={`Delete ${props.noun.toLowerCase()}`}
          text={props.confirmDelete}
          confirmLabel="Yes, delete"
          isPending={remove.isPending}
          onConfirm={() =>
            remove.mutate(idOf(selected), { onSuccess: (a) => handleDone(a.message), onError: handleError })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'activate' && selected && (
        <ConfirmDialog
          title={`${selected.isDeleted ? 'Activate' : 'Deactivate'} ${props.noun.toLowerCase()}`}
          text={props.confirmActivate(selected.isDeleted)}
          confirmLabel={selected.isDeleted ? 'Yes, activate' : 'Yes, deactivate'}
          isPending={activate.isPending}
          onConfirm={() =>
            activate.mutate(
              { id: idOf(selected), isDeleted: !selected.isDeleted },
              { onSuccess: (a) => handleDone(a.message), onError: handleError },
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** Administrators (/Administrators, spec 3 §2.3): the admin rows in the caller's (region, market) scope. */
export function AdministratorsPage() {
  const remove = useDeleteAdministrator();
  const activate = useActivateDeactivateAdministrator();
  return (
    <AdminTablePage
      table={adminRegionsTable}
      noun="Administrator"
      remove={remove}
      activate={{
        isPending: activate.isPending,
        mutate: ({ id, isDeleted }, options) => activate.mutate({ adminRegionId: id, isDeleted }, options),
      }}
      confirmDelete={messages.confirmDeleteAdmin}
      confirmActivate={messages.confirmActivateAdmin}
      editDialog={(row, onClose, onDone) => (
        <AdministratorDialog row={row} onClose={onClose} onDone={onDone} />
      )}
    />
  );
}

/** Super Administrators (/SuperAdministrators, spec 3 §2.3): super admins only. */
export function SuperAdministratorsPage() {
  const remove = useDeleteSuperAdministrator();
  const activate = useActivateDeactivateSuperAdministrator();
  return (
    <AdminTablePage
      table={superAdminsTable}
      noun="Super Administrator"
      remove={remove}
      activate={{
        isPending: activate.isPending,
        mutate: ({ id, isDeleted }, options) => activate.mutate({ adminId: id, isDeleted }, options),
      }}
      confirmDelete={messages.confirmDeleteSuperAdmin}
      confirmActivate={messages.confirmActivateSuperAdmin}
      editDialog={(row, onClose, onDone) => (
        <SuperAdministratorDialog row={row} onClose={onClose} onDone={onDone} />
      )}
    />
  );
}
