import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DecisionPanel } from './DecisionPanel.tsx';
import { DecisionButtons, useDecision } from './ProvisioningRequestDialog.tsx';
import { DialogError } from '../../components/DialogError.tsx';

/** Bulk provisioning: one comment, Approve or Reject for every selected request, in one call. */
export function BulkProvisioningDialog(props: {
  requestIds: number[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const decision = useDecision(props);
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="bulk-provisioning-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-provisioning-title">Action on Selected Requests</DialogTitle>
      <DialogContent dividers>
        <DialogError error={decision.error} />
        <Typography sx={{ mb: 2 }}>
          {`${props.requestIds.length} selected request(s): ${props.requestIds.join(', ')}`}
        </Typography>
        <DecisionPanel comments={decision.comments} onComments={decision.setComments} />
      </DialogContent>
      <DecisionButtons
        isPending={decision.isPending}
        onClose={props.onClose}
        onDecide={(isApproved) => void decision.decide(isApproved)}
      />
    </Dialog>
  );
}
