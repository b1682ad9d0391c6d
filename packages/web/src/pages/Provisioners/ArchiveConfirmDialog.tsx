import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Archiving asks first (spec 2 §5). */
export function ArchiveConfirmDialog(props: {
  count: number;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="archive-title" maxWidth="xs" fullWidth>
      <DialogTitle id="archive-title">Archive selected requests</DialogTitle>
      <DialogContent>
        <DialogContentText>{`Are you sure you want to archive ${props.count} selected request(s)?`}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>No</Button>
        <Button variant="contained" onClick={props.onConfirm} disabled={props.isPending}>
          Yes, archive
        </Button>
      </DialogActions>
    </Dialog>
  );
}
