import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { commentField, limits, messages, type CreateRequestBody } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { useCreateRequestMutation } from '../../api/new-request.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { OutcomeDialog, duplicateRecordIdOf, type Outcome } from './OutcomeDialog.tsx';

/**
 * Comments (the comment rule), Urgent Request, Back and Submit Request (disabled until a line
 * exists); a progress view while the request is created, then back to '/' with the request
 * number(s) in a message that closes by itself; a refusal stays in a dialog.
 */
export function SubmitSection(props: {
  hasLines: boolean;
  /** The Create payload without comments and urgency; null when the path is incomplete. */
  buildBody: () => Omit<CreateRequestBody, 'Comments' | 'IsUrgent'> | null;
  outcome: Outcome | null;
  onOutcome: (outcome: Outcome | null) => void;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const [comments, setComments] = useState('');
  const fields = useFieldErrors<'comments'>();
  const [isUrgent, setIsUrgent] = useState(false);
  const create = useCreateRequestMutation();

  const handleSubmit = () => {
    // The comment rule's message under the box, which is scrolled to and focused.
    if (!fields.showIssues(commentField.safeParse(comments), { '': 'comments' }).ok) {
      return;
    }
    const body = props.buildBody();
    if (!body) {
      return;
    }
    create.mutate(
      { ...body, Comments: comments, IsUrgent: isUrgent },
      {
        onSuccess: ({ requestIds }) => {
          // The number(s) it got, and where to follow them; the message closes by itself on Home.
          notifySuccess(messages.requestsSubmitted(requestIds), {
            label: messages.viewInMyRequests,
            to: `/MyRequests?requestId=${requestIds[0] ?? 0}`,
          });
          void navigate('/');
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : messages.serverError;
          // A duplicate names the existing record: offer to open it (spec 1 §4).
          props.onOutcome({ message, recordId: duplicateRecordIdOf(error), isGoingHome: false });
        },
      },
    );
  };

  if (create.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6 }}>
        <CircularProgress aria-label="Submitting" />
        <Typography>Submitting your request…</Typography>
      </Box>
    );
  }
  return (
    <>
      <TextField
        label="Comments"
        multiline
        rows={4}
        fullWidth
        value={comments}
        {...fields.textField('comments')}
        onChange={(e) => {
          fields.clear('comments');
          setComments(e.target.value);
        }}
        slotProps={{ htmlInput: { maxLength: limits.comment } }}
      />
      <FormControlLabel
        label="Urgent Request"
        control={
          <Checkbox
            checked={isUrgent}
            onChange={(e) => {
              setIsUrgent(e.target.checked);
            }}
          />
        }
      />
      <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
        <Button variant="outlined" onClick={props.onBack}>
          Back
        </Button>
        <Button variant="contained" disabled={!props.hasLines} onClick={handleSubmit}>
          Submit Request
        </Button>
      </Box>
      <OutcomeDialog
        outcome={props.outcome}
        onClose={() => {
          const isGoingHome = props.outcome?.isGoingHome ?? false;
          props.onOutcome(null);
          if (isGoingHome) {
            void navigate('/');
          }
        }}
      />
    </>
  );
}
