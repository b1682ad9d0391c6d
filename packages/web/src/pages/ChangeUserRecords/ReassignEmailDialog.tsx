import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages, reassignRequestInput, type ReassignRequestInput } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { useReassignMutation } from '../../api/modify.ts';
import { CommentAndUrgent, ErrorAlert, firstIssue } from './form-parts.tsx';
import type { ModifyOutcome } from './ModifyRequestDialog.tsx';

interface Props {
  requestId: number;
  isRecord: boolean;
  currentUserEmail: string;
  onClose: () => void;
  onDone: (outcome: ModifyOutcome) => void;
}

/**
 * Reassign Non-Personal User Email: the new user's email (a plain field: the 'Select User'
 * directory search of the wizard is not wired here yet), a comment and urgency.
 */
export function ReassignEmailDialog({ requestId, isRecord, currentUserEmail, onClose, onDone }: Props) {
  const [email, setEmail] = useState('');
  const [comments, setComments] = useState('');
  const [isUrgent, setIsUrgent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reassign = useReassignMutation();

  const handleSubmit = async () => {
    const body: ReassignRequestInput = {
      requestId,
      IsRequest: !isRecord,
      ReassignedPrimaryEmail: email.trim().toLowerCase(),
      IsReassignedRequest: true,
      comments,
      IsUrgent: isUrgent,
    };
    const issue =
      firstIssue(reassignRequestInput.safeParse(body)) ??
      (body.ReassignedPrimaryEmail === currentUserEmail.toLowerCase() ? messages.sameUserReassign : null);
    if (issue) {
      setError(issue);
      return;
    }
    setError(null);
    try {
      await reassign.mutateAsync(body);
      onDone({
        message: isRecord ? messages.requestsSentForApproval : messages.requestsModified,
        recordId: isRecord ? requestId : null,
      });
    } catch (failure) {
      setError(
        failure instanceof ApiError && !failure.isNetworkError
          ? failure.message
          : `Error: ${messages.serverError}`,
      );
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="reassign-title" fullWidth maxWidth="sm">
      <DialogTitle id="reassign-title">Reassign Non-Personal User Email</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography>
            Record ID {requestId} · current user {currentUserEmail}
          </Typography>
          <ErrorAlert message={error} />
          <TextField
            label="New User Email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            fullWidth
          />
          <CommentAndUrgent
            comments={comments}
            isUrgent={isUrgent}
            onComments={setComments}
            onUrgent={setIsUrgent}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void handleSubmit()} disabled={reassign.isPending}>
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
