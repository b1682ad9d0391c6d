import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, messages, provisionerDecisionInput, type ProvisioningRow } from '@uap/domain';
import { useProvisionerDecision } from '../../api/provisioning.ts';
import { failureText } from '../../components/forms/failure-text.ts';
import { DecisionPanel } from './DecisionPanel.tsx';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

const timeZone = localTimeZone();

interface DecisionProps {
  requestIds: number[];
  onClose: () => void;
  /** Called with the server's answer ('Request was Provisioned' / 'Request was Rejected'). */
  onDone: (message: string) => void;
  /** Words the outcome from the ids the server decided (a bulk decision counts them). */
  describe?: (requestIds: number[], isApproved: boolean) => string;
}

/** The comment, Approve and Reject of one or several requests; shared by both provisioning modals. */
export function useDecision({ requestIds, onDone, describe }: DecisionProps) {
  const [comments, setComments] = useState('');
  const [error, setError] = useDialogError();
  const fields = useFieldErrors<'comments'>();
  const mutation = useProvisionerDecision();
  const decide = async (isApproved: boolean) => {
    const body = { requestIds, comments, isApproved };
    // A missing comment is shown at the comment box, which is focused; other issues at the top.
    const { ok, unplaced } = fields.showIssues(provisionerDecisionInput.safeParse(body), {
      comments: 'comments',
    });
    setError(unplaced);
    if (!ok) {
      return;
    }
    try {
      const result = await mutation.mutateAsync(body);
      onDone(
        describe
          ? describe(result.requestIds, isApproved)
          : isApproved
            ? messages.requestProvisioned
            : messages.requestRejected,
      );
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return { comments, setComments, error, fields, isPending: mutation.isPending, decide };
}

function DecisionButtons(props: {
  isPending: boolean;
  onClose: () => void;
  onDecide: (isApproved: boolean) => void;
}) {
  return (
    <DialogActions>
      <Button onClick={props.onClose}>Cancel</Button>
      <Button
        color="error"
        variant="outlined"
        disabled={props.isPending}
        onClick={() => props.onDecide(false)}
      >
        {messages.decideReject}
      </Button>
      <Button variant="contained" disabled={props.isPending} onClick={() => props.onDecide(true)}>
        {messages.decideApprove}
      </Button>
    </DialogActions>
  );
}

/**
 * The frame of both provisioning modals: the title, a failed call first, what is decided
 * (`children`), the standard comments and comment box, then Cancel, Reject and Approve.
 */
export function DecisionDialog(props: {
  id: string;
  title: string;
  decision: ReturnType<typeof useDecision>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { decision } = props;
  const titleId = `${props.id}-title`;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={decision.error} />
        {props.children}
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

function Detail({ label, value }: { label: string; value: string }) {
  return value ? (
    <Typography variant="body2">
      <strong>{label}:</strong> {value}
    </Typography>
  ) : null;
}

/** Provisioning Request #{id}: the request's details, standard comments, a comment, Approve and Reject. */
export function ProvisioningRequestDialog({
  row,
  onClose,
  onDone,
}: {
  row: ProvisioningRow;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const decision = useDecision({ requestIds: [row.requestId], onClose, onDone });
  return (
    <DecisionDialog
      id="provisioning-request"
      title={`Provisioning Request #${row.requestId}`}
      decision={decision}
      onClose={onClose}
    >
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Detail label="Request type" value={row.requestTypeName} />
        <Detail label="Requester" value={`${row.createdByUser.fullName} (${row.createdByUser.email})`} />
        <Detail label="User" value={`${row.requestUser.fullName} (${row.requestUser.email})`} />
        <Detail label="Platform email" value={row.email} />
        <Detail
          label="Platform access"
          value={`${row.agencyName} / ${row.practiceName} / ${row.platformName}`}
        />
        <Detail
          label="Selected account"
          value={[row.clientName, row.assetName, row.clientAccountName, row.assetReference]
            .filter(Boolean)
            .join(' / ')}
        />
        <Detail label="Platform user type" value={row.platformUserTypeName} />
        <Detail label="Length of access" value={row.accessDate} />
        <Detail label="Changes" value={row.changeDescription} />
        <Detail label="Requestor comments" value={row.comments} />
        <Detail
          label="Approver"
          value={`${row.approverName}, ${formatDateTime(row.approvedDate, timeZone)}: ${row.approverComment}`}
        />
      </Stack>
    </DecisionDialog>
  );
}
