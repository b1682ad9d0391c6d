import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { RequestStatus, messages } from '@uap/domain';
import { useProvisioningTaskQuery } from '../../api/provisioning.ts';
import { failureText } from '../../components/forms/failure-text.ts';
import { ProvisioningRequestDialog } from './ProvisioningRequestDialog.tsx';

/**
 * A notification's `/Provisioners?requestId=N`: the Provisioning Request dialog of that line when
 * it waits for the caller; otherwise, as the Approval Request dialog does, the request's status
 * (a line already provisioned) or that it was not found (not the caller's task).
 */
export function ProvisioningLinkDialog({
  requestId,
  onClose,
  onDone,
}: {
  requestId: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const task = useProvisioningTaskQuery(requestId);
  const row = task.data;
  if (row && row.statusId === RequestStatus.APPROVED) {
    return <ProvisioningRequestDialog row={row} onClose={onClose} onDone={onDone} />;
  }
  const text = task.isError
    ? failureText(task.error)
    : row
      ? `This request is ${row.status.description}.`
      : row === null
        ? messages.recordNotFound
        : 'Loading…';
  const titleId = 'provisioning-request-title';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{`Provisioning Request #${requestId}`}</DialogTitle>
      <DialogContent dividers>
        <Typography>{text}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
