import Typography from '@mui/material/Typography';
import { messages, type ProvisioningRow } from '@uap/domain';
import { DecisionDialog, useDecision } from './ProvisioningRequestDialog.tsx';
import { DecisionLines, decisionLineOf } from '../../components/DecisionLines.tsx';

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
    <DecisionDialog
      id="bulk-provisioning"
      title={messages.actionOnSelectedRequests}
      decision={decision}
      onClose={props.onClose}
    >
      <Typography sx={{ mb: 1 }}>{`${props.rows.length} selected request(s):`}</Typography>
      <DecisionLines lines={props.rows.map(decisionLineOf)} />
    </DecisionDialog>
  );
}
