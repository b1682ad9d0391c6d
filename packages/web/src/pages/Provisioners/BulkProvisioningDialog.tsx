import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { messages, type ProvisioningRow } from '@uap/domain';
import { DecisionPanel } from './DecisionPanel.tsx';
import { DecisionButtons, useDecision } from './ProvisioningRequestDialog.tsx';
import { DecisionLines, decisionLineOf } from '../../components/DecisionLines.tsx';
import { DialogError } from '../../components/DialogError.tsx';

/**
 * Bulk provisioning: what is being decided (one line per request), one comment, Approve or
 * Reject for every selected request in one call; the outcome counts what the server decided.
 */
export function BulkProvisioningDialog(props: {
  rows: ProvisioningRow[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const decision = useDecision({
    requestIds: props.rows.map((r) => r.requestId),
    onClose: props.onClose,
    onDone: props.onDone,
    describe: (requestIds, isApproved) =>
      messages.requestsDecided(requestIds.length, isApproved ? 'provisioned' : 'rejected'),
  });
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="bulk-provisioning-title" fullWidth maxWidth="md">
      <DialogTitle id="bulk-provisioning-title">{messages.actionOnSelectedRequests}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={decision.error} />
        <Typography sx={{ mb: 1 }}>{`${props.rows.length} selected request(s):`}</Typography>
        <DecisionLines lines={props.rows.map(decisionLineOf)} />
        <DecisionPanel
          comments={decision.comments}
          onComments={decision.setComments}
          fields={decision.fields}
        />
      </DialogContent>
      <DecisionButtons
        isPending={decision.isPending}
        onClose={props.onClose}
        onDecide={(isApproved) => void decision.decide(isApproved)}
      />
    </Dialog>
  );
}
