import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface CancelRequestsDialogProps {
  count: number;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before cancelling the selected requests. */
export function CancelRequestsDialog({ count, isPending, onConfirm, onClose }: CancelRequestsDialogProps) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="cancel-requests-title" maxWidth="xs" fullWidth>
      <DialogTitle id="cancel-requests-title">Cancel selected requests</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {`Are you sure you want to cancel ${count} selected request(s)? This cannot be undone.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>No</Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={isPending}>
          Yes, cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
