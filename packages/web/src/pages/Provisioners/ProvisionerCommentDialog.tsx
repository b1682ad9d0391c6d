import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { limits, messages, provisionerCommentInput } from '@uap/domain';
import { useProvisionerComment } from '../../api/provisioning.ts';
import { failureText, firstIssue } from '../ChangeUserRecords/form-parts.tsx';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';

/** The provisioner comment modal: up to 2000 characters, Cancel and Enter (spec 2 §2). */
export function ProvisionerCommentDialog(props: {
  requestIds: number[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useDialogError();
  const [isLoading, setIsLoading] = useState(false);
  const mutation = useProvisionerComment();

  // The loading state resets after 3000 ms whatever happens (spec 2 §9).
  useEffect(() => {
    if (!isLoading) {
      return;
    }
    const timer = setTimeout(() => {
      setIsLoading(false);
    }, limits.modalLoadingResetMs);
    return () => {
      clearTimeout(timer);
    };
  }, [isLoading]);

  const handleEnter = async () => {
    const issue = firstIssue(
      provisionerCommentInput.safeParse({ Comments: comment, RequestIds: props.requestIds }),
    );
    if (issue) {
      setError(issue);
      return;
    }
    setError(null);
    setIsLoading(true);
    try {
      await mutation.mutateAsync({ comment, requestIds: props.requestIds });
      props.onDone(messages.provisionerCommentSaved);
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="provisioner-comment-title" fullWidth maxWidth="sm">
      <DialogTitle id="provisioner-comment-title">Provisioner Comment</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        <TextField
          label="Provisioner comment"
          multiline
          minRows={4}
          fullWidth
          sx={{ mt: 1 }}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: limits.provisionerComment } }}
          helperText={`${comment.length}/${limits.provisionerComment}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={isLoading} onClick={() => void handleEnter()}>
          Enter
        </Button>
      </DialogActions>
    </Dialog>
  );
}
