import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { DialogError, type DialogErrorState } from './DialogError.tsx';
import type { FieldErrors } from './FieldErrors.tsx';

/**
 * The comment entry modal the provisioner and leaver comments share: one multi-line field with
 * its character count, Cancel and Enter. The caller keeps the comment, checks it and sends it: a
 * missing comment is shown at the field (`fields`), a failed call at the top.
 */
export function CommentEntryDialog(props: {
  id: string;
  title: string;
  label: string;
  maxLength: number;
  comment: string;
  onCommentChange: (comment: string) => void;
  error: DialogErrorState | null;
  fields: FieldErrors<'comment'>;
  isBusy: boolean;
  onClose: () => void;
  onEnter: () => void;
}) {
  const titleId = `${props.id}-title`;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={props.error} />
        <TextField
          label={props.label}
          multiline
          minRows={4}
          fullWidth
          sx={{ mt: 1 }}
          value={props.comment}
          onChange={(e) => {
            props.fields.clear('comment');
            props.onCommentChange(e.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: props.maxLength } }}
          {...props.fields.textField('comment', `${props.comment.length}/${props.maxLength}`)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={props.isBusy} onClick={props.onEnter}>
          Enter
        </Button>
      </DialogActions>
    </Dialog>
  );
}
