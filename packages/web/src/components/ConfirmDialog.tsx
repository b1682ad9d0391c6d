import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogError, type DialogErrorState } from './DialogError.tsx';

/**
 * Asks before a change that cannot be undone (a deletion, an acknowledgement, leaving pending
 * requests with no approval path). A refusal can be shown in it (`error`), so the question and
 * what the server answered stay together; No closes it and changes nothing.
 */
export function ConfirmDialog(props: {
  title: string;
  text: string;
  /** 'Yes' unless named ('Yes, delete'). */
  confirmLabel?: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  error?: DialogErrorState | null;
  /** 'error' (the default) for a destructive change, 'primary' for one that is not. */
  confirmColor?: 'error' | 'primary';
}) {
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogError error={props.error ?? null} />
        <DialogContentText>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>No</Button>
        <Button
          variant="contained"
          color={props.confirmColor ?? 'error'}
          onClick={props.onConfirm}
          disabled={props.isPending}
        >
          {props.confirmLabel ?? 'Yes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
