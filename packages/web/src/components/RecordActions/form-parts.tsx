import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import DialogActions from '@mui/material/DialogActions';
import { limits } from '@uap/domain';
import type { TextFieldErrorProps } from '../FieldErrors.tsx';

/** Comments (max 500, 4 rows) and the Urgent Request checkbox of every modify modal. */
export function CommentAndUrgent(props: {
  comments: string;
  isUrgent: boolean;
  onComments: (value: string) => void;
  onUrgent: (value: boolean) => void;
  /** A failed check of the comment (`useFieldErrors`). */
  commentsField?: TextFieldErrorProps;
}) {
  return (
    <>
      <TextField
        label="Comments"
        value={props.comments}
        onChange={(e) => props.onComments(e.target.value)}
        multiline
        rows={4}
        slotProps={{ htmlInput: { maxLength: limits.comment } }}
        fullWidth
        {...props.commentsField}
      />
      <FormControlLabel
        control={<Checkbox checked={props.isUrgent} onChange={(e) => props.onUrgent(e.target.checked)} />}
        label="Urgent Request"
      />
    </>
  );
}

/** Cancel and the submit button of every modify modal. */
export function DialogButtons(props: {
  submitLabel?: string;
  isDisabled: boolean;
  onCancel: () => void;
  onSubmit: () => Promise<void>;
}) {
  return (
    <DialogActions>
      <Button onClick={props.onCancel}>Cancel</Button>
      <Button variant="contained" onClick={() => void props.onSubmit()} disabled={props.isDisabled}>
        {props.submitLabel ?? 'Submit'}
      </Button>
    </DialogActions>
  );
}
