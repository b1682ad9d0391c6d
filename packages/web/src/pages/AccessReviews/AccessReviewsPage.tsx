import { useMemo, useState } from 'react';
import { Link as RouterDomLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { accessReviewsTable, messages, type AccessReviewRow } from '@uap/domain';
import {
  downloadAccessReviewEvidence,
  downloadAccessReviewEvidencePdf,
  useAccessReviewMove,
  type CampaignMove,
} from '../../api/access-reviews.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCanExportTables, useIsReadOnly } from '../../session/current-user.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { useDialogError } from '../../components/DialogError.tsx';
import { failureText } from '../../components/forms/failure-text.ts';
import { reportError } from '../../api/error-store.ts';
import { CampaignDialog, EditCampaignDialog } from './CampaignDialog.tsx';

type Modal =
  | { kind: 'new' }
  | { kind: 'edit'; row: AccessReviewRow }
  | { kind: 'move'; move: CampaignMove; row: AccessReviewRow };

/** The question before each move, in words a person reads before saying yes. */
const questions: Record<CampaignMove, { title: string; text: (name: string) => string; yes: string }> = {
  Start: {
    title: 'Start Campaign',
    text: messages.accessReviewStartQuestion,
    yes: 'Yes, start',
  },
  Close: {
    title: 'Close Campaign',
    text: messages.accessReviewCloseQuestion,
    yes: 'Yes, close',
  },
  Cancel: {
    title: 'Cancel Campaign',
    text: messages.accessReviewCancelQuestion,
    yes: 'Yes, cancel',
  },
};

/** Decided of all items, as a bar and in words ('3 of 10'); the words alone are read out. */
function Progress({ row }: { row: AccessReviewRow }) {
  const share = row.itemCount === 0 ? 0 : Math.round((row.decidedCount / row.itemCount) * 100);
  return (
    <Box sx={{ minWidth: 120 }}>
      <Box aria-hidden sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}>
        <Box sx={{ height: '100%', width: `${share}%`, bgcolor: 'primary.main' }} />
      </Box>
      <span>{`${row.decidedCount} of ${row.itemCount}`}</span>
    </Box>
  );
}

/**
 * Access Reviews (/AccessReviews, issue 46): the campaigns an administrator may see (inside her
 * admin rows; every one for a super admin; the auditor reads). New Campaign, Edit a draft,
 * Start, Close and Cancel (each asked first), and each campaign's evidence as a CSV or PDF file.
 */
export function AccessReviewsPage() {
  const isReadOnly = useIsReadOnly();
  const [modal, setModal] = useState<Modal | null>(null);
  const [moveError, setMoveError] = useDialogError();
  const move = useAccessReviewMove();

  const actions = useMemo<DataTableColumn<AccessReviewRow>>(
    () => ({
      id: 'actions',
      header: 'Actions',
      cell: (row) => {
        const named = (verb: string) => `${verb}, campaign ${row.name}`;
        const button = (verb: CampaignMove | 'Edit', onClick: () => void) => (
          <Button size="small" variant="outlined" aria-label={named(verb)} onClick={onClick}>
            {verb}
          </Button>
        );
        return (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, minWidth: { sm: 340 } }}>
            {!isReadOnly && row.status === 'draft' && button('Edit', () => setModal({ kind: 'edit', row }))}
            {!isReadOnly &&
              row.status === 'draft' &&
              button('Start', () => setModal({ kind: 'move', move: 'Start', row }))}
            {!isReadOnly &&
              row.status === 'active' &&
              button('Close', () => setModal({ kind: 'move', move: 'Close', row }))}
            {!isReadOnly &&
              (row.status === 'draft' || row.status === 'active') &&
              button('Cancel', () => setModal({ kind: 'move', move: 'Cancel', row }))}
            <Button
              size="small"
              variant="outlined"
              component={RouterDomLink}
              to={`/AccessReviews/${row.reviewId}`}
              aria-label={messages.accessReviewProgressLabel(row.name)}
            >
              Progress
            </Button>
            {(
              [
                ['Evidence CSV', downloadAccessReviewEvidence],
                ['Evidence PDF', downloadAccessReviewEvidencePdf],
              ] as const
            ).map(([label, download]) => (
              <Button
                key={label}
                size="small"
                aria-label={named(label)}
                onClick={() => {
                  download(row.reviewId).catch((failure: unknown) => {
                    reportError(failure);
                  });
                }}
              >
                {label}
              </Button>
            ))}
          </Stack>
        );
      },
    }),
    [isReadOnly],
  );
  const cells = useMemo(
    () => ({ decidedCount: { cell: (row: AccessReviewRow) => <Progress row={row} /> } }),
    [],
  );
  const table = useDeclaredTable(accessReviewsTable, { cells, canExport: useCanExportTables() });
  const columns = useMemo(() => [...table.columns, actions], [table.columns, actions]);

  const handleDone = (message: string) => {
    setModal(null);
    notifySuccess(message);
  };

  return (
    <>
      <DataTable<AccessReviewRow>
        {...table}
        columns={columns}
        syncWithUrl
        emptyMessage={messages.noAccessReviews}
        toolbar={
          isReadOnly ? undefined : (
            <Button variant="contained" onClick={() => setModal({ kind: 'new' })}>
              New Campaign
            </Button>
          )
        }
      />
      {modal?.kind === 'new' && <CampaignDialog onClose={() => setModal(null)} onDone={handleDone} />}
      {modal?.kind === 'edit' && (
        <EditCampaignDialog
          reviewId={modal.row.reviewId}
          onClose={() => setModal(null)}
          onDone={handleDone}
        />
      )}
      {modal?.kind === 'move' && (
        <ConfirmDialog
          title={questions[modal.move].title}
          text={questions[modal.move].text(modal.row.name)}
          confirmLabel={questions[modal.move].yes}
          confirmColor={modal.move === 'Start' ? 'primary' : 'error'}
          isPending={move.isPending}
          error={moveError}
          onClose={() => {
            setMoveError(null);
            setModal(null);
          }}
          onConfirm={() => {
            setMoveError(null);
            move.mutate(
              { reviewId: modal.row.reviewId, move: modal.move },
              {
                onSuccess: handleDone,
                onError: (failure) => setMoveError(failureText(failure)),
              },
            );
          }}
        />
      )}
    </>
  );
}
