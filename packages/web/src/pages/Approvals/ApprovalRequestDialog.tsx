import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  RequestType,
  approveRejectInput,
  isExpiredDeactivation,
  messages,
  type ApprovalDetail,
} from '@uap/domain';
import { useApprovalDetailQuery, useApproveRejectMutation } from '../../api/approvals.ts';
import { ApiError } from '../../api/client.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { CommentsField } from '../../components/forms/CommentsField.tsx';
import { RequestSummary } from './RequestSummary.tsx';

interface Props {
  requestId: number;
  onClose: () => void;
  /** A decision was taken: the spec's answer. */
  onDecided: (message: string) => void;
  /** Modify opens the Modify Request modal of spec 1 before deciding. */
  onModify: (detail: ApprovalDetail) => void;
  /** The expired-deactivation alert was acknowledged: open the expired-request edit view. */
  onEditExpired: (detail: ApprovalDetail) => void;
}

const errorText = (error: unknown) =>
  error instanceof ApiError && !error.isNetworkError ? error.message : `Error: ${messages.serverError}`;

type Step = 'form' | 'confirmReject' | 'expiredAlert';

/** The Approval Request #{id} modal: the request, a comment, Approve / Modify / Reject. */
export function ApprovalRequestDialog({ requestId, onClose, onDecided, onModify, onEditExpired }: Props) {
  const detail = useApprovalDetailQuery(requestId);
  const decide = useApproveRejectMutation();
  const [comments, setComments] = useState('');
  const [error, setError] = useDialogError();
  const fields = useFieldErrors<'comments'>();
  const [step, setStep] = useState<Step>('form');
  const data = detail.data;
  // Wait for a fresh detail (after a modification) before deciding on it.
  const canAct = data?.canDecide === true && !decide.isPending && !detail.isFetching;

  const send = (isApproved: boolean) => {
    setStep('form');
    decide.mutate(
      { isApproved, comments, requestIds: [requestId] },
      {
        onSuccess: ({ message }) => {
          onDecided(message);
        },
        onError: (failure) => {
          setError(errorText(failure));
        },
      },
    );
  };
  /** The decision's comment rule, from the schema the server parses the decision with; shown at the box. */
  const hasComment = () => {
    const { ok, unplaced } = fields.showIssues(
      approveRejectInput.safeParse({ isApproved: true, comments, requestIds: [requestId] }),
      { comments: 'comments' },
    );
    setError(unplaced);
    return ok;
  };
  const handleApprove = () => {
    if (hasComment()) {
      send(true);
    }
  };
  const handleReject = () => {
    if (!data) {
      return;
    }
    if (isExpiredDeactivation(data)) {
      setStep('expiredAlert');
      return;
    }
    if (!hasComment()) {
      return;
    }
    if (data.requestTypeId === RequestType.DEACTIVATE) {
      send(false);
    } else {
      setStep('confirmReject');
    }
  };

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby="approval-request-title" fullWidth maxWidth="md">
        <DialogTitle id="approval-request-title">{`Approval Request #${requestId}`}</DialogTitle>
        <DialogContent dividers>
          <DialogError error={error} />
          {data ? (
            <>
              <RequestSummary detail={data} />
              {data.canDecide ? (
                <CommentsField
                  value={comments}
                  onValue={setComments}
                  fields={fields}
                  name="comments"
                  sx={{ mt: 2 }}
                />
              ) : (
                <Typography sx={{ mt: 2 }}>{`This request is ${data.status.description}.`}</Typography>
              )}
            </>
          ) : (
            <Typography>{detail.isError ? errorText(detail.error) : 'Loading…'}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          {data?.canDecide && (
            <>
              <Button color="error" variant="outlined" onClick={handleReject} disabled={!canAct}>
                Reject
              </Button>
              <Button
                variant="outlined"
                onClick={() => {
                  onModify(data);
                }}
                disabled={!canAct}
              >
                Modify
              </Button>
              <Button variant="contained" onClick={handleApprove} disabled={!canAct}>
                Approve
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      {step === 'confirmReject' && (
        <Dialog open onClose={() => setStep('form')} aria-labelledby="confirm-reject-title" maxWidth="xs">
          <DialogTitle id="confirm-reject-title">Reject request</DialogTitle>
          <DialogContent>
            <DialogContentText>{`Are you sure you want to reject request #${requestId}?`}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setStep('form')}>No</Button>
            <Button color="error" variant="contained" onClick={() => send(false)}>
              Yes, reject
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {step === 'expiredAlert' && data && (
        <Dialog open onClose={() => setStep('form')} aria-labelledby="expired-alert-title" maxWidth="xs">
          <DialogTitle id="expired-alert-title">Expired deactivation request</DialogTitle>
          <DialogContent>
            <DialogContentText role="alert">{messages.expiredDeactivationReject}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button
              variant="contained"
              onClick={() => {
                setStep('form');
                onEditExpired(data);
              }}
            >
              OK
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
