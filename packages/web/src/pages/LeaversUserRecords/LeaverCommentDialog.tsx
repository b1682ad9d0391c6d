import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { leaverCommentInput, limits } from '@uap/domain';
import { useLeaverComment } from '../../api/leavers.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { failureText, firstIssue } from '../ChangeUserRecords/form-parts.tsx';

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
