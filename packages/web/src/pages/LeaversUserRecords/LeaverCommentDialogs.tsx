import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { formatDateTime, leaverCommentInput, limits, type LeaverCommentEntry } from '@uap/domain';
import { fetchLeaverComments, leaverKeys, useLeaverComment } from '../../api/leavers.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { localPage } from '../../components/DataTable/local-page.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { failureText, firstIssue } from '../ChangeUserRecords/form-parts.tsx';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const columns: DataTableColumn<LeaverCommentEntry>[] = [
  { id: 'createdDate', header: 'Date', text: (c) => formatDateTime(c.createdDate, timeZone) },
  { id: 'createdBy', header: 'By', text: (c) => c.createdBy.fullName },
  {
    id: 'comment',
    header: 'Comment',
    text: (c) => c.comment,
    cell: (c) => <span style={{ whiteSpace: 'pre-wrap' }}>{c.comment}</span>,
  },
];

/** The leaver comment modal: up to 2000 characters for the selected records (spec 2 §2, §9). */
export function LeaverCommentDialog(props: {
  requestIds: number[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useDialogError();
  const mutation = useLeaverComment();

  const handleEnter = () => {
    const issue = firstIssue(
      leaverCommentInput.safeParse({ Comments: comment, RequestIds: props.requestIds }),
    );
    if (issue) {
      setError(issue);
      return;
    }
    setError(null);
    mutation.mutate(
      { comment, requestIds: props.requestIds },
      { onSuccess: props.onDone, onError: (failure) => setError(failureText(failure)) },
    );
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="leaver-comment-title" fullWidth maxWidth="sm">
      <DialogTitle id="leaver-comment-title">Leaver Comment</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        <TextField
          label="Leaver comment"
          multiline
          minRows={4}
          fullWidth
          sx={{ mt: 1 }}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: limits.leaverComment } }}
          helperText={`${comment.length}/${limits.leaverComment}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={mutation.isPending} onClick={handleEnter}>
          Enter
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The leaver comment history of one record, newest first, with a way to add one. */
export function LeaverCommentHistoryDialog(props: {
  requestId: number;
  onAdd?: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="leaver-history-title" fullWidth maxWidth="md">
      <DialogTitle id="leaver-history-title">{`Leaver Comment History of Record #${props.requestId}`}</DialogTitle>
      <DialogContent dividers>
        <DataTable<LeaverCommentEntry>
          title="Comments"
          tableId="leaver-comments"
          columns={columns}
          queryKey={leaverKeys.comments(props.requestId)}
          getRowId={(c) => c.id}
          fetchPage={async (query, signal) =>
            localPage(await fetchLeaverComments(props.requestId, signal), query, columns)
          }
          initialPageSize={10}
        />
      </DialogContent>
      <DialogActions>
        {props.onAdd && <Button onClick={props.onAdd}>Add Comment</Button>}
        <Button variant="contained" onClick={props.onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
