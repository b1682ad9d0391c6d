import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { commentField, messages, type CreateRequestBody } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { useCreateRequestMutation } from '../../api/create-request.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { CommentAndUrgent, useCommentAndUrgent } from '../../components/forms/CommentsField.tsx';
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
  const note = useCommentAndUrgent();
  const fields = useFieldErrors<'comments'>();
  const create = useCreateRequestMutation();

  const handleSubmit = () => {
    // The comment rule's message under the box, which is scrolled to and focused.
    if (!fields.showIssues(commentField.safeParse(note.comments), { '': 'comments' }).ok) {
      return;
    }
    const body = props.buildBody();
    if (!body) {
      return;
    }
    create.mutate(
      { ...body, Comments: note.comments, IsUrgent: note.isUrgent },
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
      <CommentAndUrgent state={note} fields={fields} name="comments" />
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
