import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { dismissError, useErrorNotices } from '../api/error-store.ts';

/** The blocking alert of the error catalogue: the server message as-is, or 'Error' for a network failure. */
export function ErrorDialog() {
  const [notice] = useErrorNotices();
  const messageId = useId();
  if (!notice) {
    return null;
  }
  const handleClose = () => {
    dismissError(notice.id);
  };
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={handleClose}
      aria-labelledby={notice.title === null ? messageId : undefined}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      {notice.title !== null && <DialogTitle>{notice.title}</DialogTitle>}
      <DialogContent>
        <DialogContentText id={messageId} sx={{ whiteSpace: 'pre-line' }}>
          {notice.message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={handleClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
