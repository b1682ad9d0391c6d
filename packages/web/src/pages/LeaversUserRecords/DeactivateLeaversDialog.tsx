import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { deactivateLeaversInput, limits } from '@uap/domain';
import { useDeactivateLeavers } from '../../api/leavers.ts';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';

/** Deactivate the selected leaver records: a comment (max 500) and the urgent flag. */
export function DeactivateLeaversDialog(props: {
  requestIds: number[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [comment, setComment] = useState('');
  const [isUrgent, setIsUrgent] = useState(false);
  const fields = useFieldErrors<'comment'>();
  const mutation = useDeactivateLeavers();
  const { frame, setError, showFailure } = useFormDialog(mutation.isPending, props.onClose);

  const handleSubmit = () => {
    const input = { isActive: false as const, requests: props.requestIds, comment, IsUrgent: isUrgent };
    const { ok, unplaced } = fields.showIssues(deactivateLeaversInput.safeParse(input), {
      comment: 'comment',
    });
    setError(unplaced);
    if (!ok) {
      return;
    }
    mutation.mutate(input, { onSuccess: props.onDone, onError: showFailure });
  };

  return (
    <FormDialog {...frame} title="Deactivate Selected Records" submitColor="error" onSubmit={handleSubmit}>
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
    </FormDialog>
  );
}
