import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { accessBundlesTable, messages, type AccessBundleRow } from '@uap/domain';
import { useSetAccessBundleActive } from '../../api/access-bundles.ts';
import { reportError } from '../../api/error-store.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCanExportTables, useIsReadOnly } from '../../session/current-user.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { useDialogError } from '../../components/DialogError.tsx';
import { failureText } from '../../components/forms/failure-text.ts';
import { BundleFormDialog, EditBundleDialog } from './BundleFormDialog.tsx';

type Modal =
  { kind: 'new' } | { kind: 'edit'; row: AccessBundleRow } | { kind: 'deactivate'; row: AccessBundleRow };

/** The Status column as a chip: green while the bundle is offered. */
const cells = {
  status: {
    cell: (r: AccessBundleRow) => (
      <Chip size="small" label={r.status} color={r.status === 'Active' ? 'success' : 'default'} />
    ),
  },
};

/**
 * Access Bundles (/AccessBundles): the named sets of accesses of one agency that the New Request
 * wizard offers, inside the administrator's (region, market) rows (every one for a super admin;
 * the auditor reads). New Bundle, Edit, and Deactivate (asked first) or Activate per row.
 */
export function AccessBundlesPage() {
  const isReadOnly = useIsReadOnly();
  const [modal, setModal] = useState<Modal | null>(null);
  const [activeError, setActiveError] = useDialogError();
  const setActive = useSetAccessBundleActive();
  const { mutate: activate, isPending: isActivating } = setActive;

  const handleDone = useCallback((message: string) => {
    setModal(null);
    notifySuccess(message);
  }, []);

  const actions = useMemo<DataTableColumn<AccessBundleRow>>(
    () => ({
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            aria-label={`Edit, bundle ${row.name}`}
            onClick={() => setModal({ kind: 'edit', row })}
          >
            Edit
          </Button>
          {row.status === 'Active' ? (
            <Button
              size="small"
              variant="outlined"
              color="error"
              aria-label={`Deactivate, bundle ${row.name}`}
              onClick={() => setModal({ kind: 'deactivate', row })}
            >
              Deactivate
            </Button>
          ) : (
            <Button
              size="small"
              variant="outlined"
              aria-label={`Activate, bundle ${row.name}`}
              disabled={isActivating}
              onClick={() =>
                activate(
                  { bundleId: row.bundleId, isActive: true },
                  { onSuccess: handleDone, onError: reportError },
                )
              }
            >
              Activate
            </Button>
          )}
        </Stack>
      ),
    }),
    [activate, isActivating, handleDone],
  );
  const table = useDeclaredTable(accessBundlesTable, { cells, canExport: useCanExportTables() });
  const columns = useMemo(
    () => (isReadOnly ? table.columns : [...table.columns, actions]),
    [isReadOnly, table.columns, actions],
  );

  return (
    <>
      <DataTable<AccessBundleRow>
        {...table}
        columns={columns}
        syncWithUrl
        toolbar={
          isReadOnly ? undefined : (
            <Button variant="contained" onClick={() => setModal({ kind: 'new' })}>
              New Bundle
            </Button>
          )
        }
      />
      {modal?.kind === 'new' && <BundleFormDialog onClose={() => setModal(null)} onDone={handleDone} />}
      {modal?.kind === 'edit' && (
        <EditBundleDialog bundleId={modal.row.bundleId} onClose={() => setModal(null)} onDone={handleDone} />
      )}
      {modal?.kind === 'deactivate' && (
        <ConfirmDialog
          title="Deactivate Bundle"
          text={messages.bundleDeactivateConfirm(modal.row.name)}
          confirmLabel="Yes, deactivate"
          isPending={setActive.isPending}
          error={activeError}
          onClose={() => {
            setActiveError(null);
            setModal(null);
          }}
          onConfirm={() => {
            setActiveError(null);
            setActive.mutate(
              { bundleId: modal.row.bundleId, isActive: false },
              { onSuccess: handleDone, onError: (failure) => setActiveError(failureText(failure)) },
            );
          }}
        />
      )}
    </>
  );
}
