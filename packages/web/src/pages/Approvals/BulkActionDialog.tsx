import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import { approveRejectInput, hasMixedExpiredDeactivations, messages, type ApprovalRow } from '@uap/domain';
import { useApproveRejectMutation } from '../../api/approvals.ts';
import { ApiError } from '../../api/client.ts';
import { DecisionLines, decisionLineOf } from '../../components/DecisionLines.tsx';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { CommentsField } from '../../components/forms/CommentsField.tsx';

interface Props {
  rows: ApprovalRow[];
  onClose: () => void;
  onDone: (message: string) => void;
}

const errorText = (error: unknown) =>
  error instanceof ApiError && !error.isNetworkError ? error.message : `Error: ${messages.serverError}`;

/** 'Action on Selected Requests': one comment, Approve all or Reject all. */
export function BulkActionDialog({ rows, onClose, onDone }: Props) {
  const decide = useApproveRejectMutation();
  const [comments, setComments] = useState('');
  const [error, setError] = useDialogError();
  const fields = useFieldErrors<'comments'>();
  const isRejectBlocked = hasMixedExpiredDeactivations(rows);

  const handleDecide = (isApproved: boolean) => {
    const body = { isApproved, comments, requestIds: rows.map((r) => r.requestId) };
    const { ok, unplaced } = fields.showIssues(approveRejectInput.safeParse(body), { comments: 'comments' });
    setError(unplaced);
    if (!ok) {
      return;
    }
    decide.mutate(body, {
      // Counts what the server decided: '3 requests approved.'
      onSuccess: ({ requestIds }) => {
        onDone(messages.requestsDecided(requestIds.length, isApproved ? 'approved' : 'rejected'));
      },
      onError: (failure) => {
        setError(errorText(failure));
      },
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-action-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-action-title">Action on Selected Requests</DialogTitle>
      <DialogContent>
        <DialogError error={error} />
        <DialogContentText sx={{ mb: 1 }}>{`${rows.length} request(s) selected:`}</DialogContentText>
        <DecisionLines lines={rows.map(decisionLineOf)} />
        <CommentsField value={comments} onValue={setComments} fields={fields} name="comments" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Tooltip title={isRejectBlocked ? messages.bulkRejectExpiredTooltip : ''}>
          {/* A disabled button fires no events: the span keeps the tooltip working. */}
          <span>
            <Button
              color="error"
              variant="outlined"
              onClick={() => {
                handleDecide(false);
              }}
              disabled={isRejectBlocked || decide.isPending}
            >
              Reject all
            </Button>
          </span>
        </Tooltip>
        <Button
          variant="contained"
          onClick={() => {
            handleDecide(true);
          }}
          disabled={decide.isPending}
        >
          Approve all
        </Button>
      </DialogActions>
    </Dialog>
  );
}
