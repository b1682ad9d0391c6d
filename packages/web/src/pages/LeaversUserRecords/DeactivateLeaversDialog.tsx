import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { deactivateLeaversInput, limits } from '@uap/domain';
import { useDeactivateLeavers } from '../../api/leavers.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { failureText } from '../../components/forms/failure-text.ts';

/** Deactivate the selected leaver records: a comment (max 500) and the urgent flag. */
export function DeactivateLeaversDialog(props: {
  requestIds: number[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [comment, setComment] = useState('');
  const [isUrgent, setIsUrgent] = useState(false);
  const [error, setError] = useDialogError();
  const fields = useFieldErrors<'comment'>();
  const mutation = useDeactivateLeavers();

  const handleSubmit = () => {
    const input = { isActive: false as const, requests: props.requestIds, comment, IsUrgent: isUrgent };
    const { ok, unplaced } = fields.showIssues(deactivateLeaversInput.safeParse(input), {
      comment: 'comment',
    });
    setError(unplaced);
    if (!ok) {
      return;
    }
    mutation.mutate(input, { onSuccess: props.onDone, onError: (failure) => setError(failureText(failure)) });
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="deactivate-leavers-title" fullWidth maxWidth="sm">
      <DialogTitle id="deactivate-leavers-title">Deactivate Selected Records</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        <DialogContentText sx={{ mb: 2 }}>
          {`A deactivation request will be sent for approval for each of the ${props.requestIds.length} selected record(s).`}
        </DialogContentText>
        <TextField
          label="Comment"
          multiline
          minRows={3}
          fullWidth
          value={comment}
          onChange={(e) => {
            fields.clear('comment');
            setComment(e.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: limits.comment } }}
          {...fields.textField('comment', `${comment.length}/${limits.comment}`)}
        />
        <FormControlLabel
          control={<Checkbox checked={isUrgent} onChange={(e) => setIsUrgent(e.target.checked)} />}
          label="Urgent Request"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" color="error" disabled={mutation.isPending} onClick={handleSubmit}>
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
