import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { mailDecisionInput, messages, type MailDecisionAction } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { useMailDecisionMutation, type MailDecisionDone } from '../../api/mail-decisions.ts';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { CommentsField } from '../../components/forms/CommentsField.tsx';

interface Props {
  token: string;
  action: MailDecisionAction;
  isSignedIn: boolean;
  /** The decision was made: the server's sentence and the new status. */
  onDone: (done: MailDecisionDone) => void;
  /** The server refused the decision (used, expired, decided, someone else's): its message. */
  onRefused: (message: string) => void;
}

/**
 * The comment and the link's ONE button: the decision is made here only, never by opening the
 * page. A blank comment is refused at the box (the schema the server parses it with); a call
 * that did not get through keeps the form, so pressing the button again tries again.
 */
export function DecisionForm({ token, action, isSignedIn, onDone, onRefused }: Props) {
  const [comments, setComments] = useState('');
  const fields = useFieldErrors<'comments'>();
  const [networkError, setNetworkError] = useState<string | null>(null);
  const decide = useMailDecisionMutation(token, isSignedIn);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) {
      return;
    }
    const parsed = mailDecisionInput.safeParse({ comments });
    if (!fields.showIssues(parsed, { comments: 'comments' }).ok || !parsed.success) {
      return;
    }
    setNetworkError(null);
    decide.mutate(parsed.data, {
      onSuccess: onDone,
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400) {
          // The comment the server refused: said at the box, as the client's own check says it.
          fields.show({ comments: failure.message });
        } else if (failure instanceof ApiError && !failure.isNetworkError && failure.status < 500) {
          onRefused(failure.message);
        } else {
          setNetworkError(failure instanceof ApiError ? failure.message : messages.serverError);
        }
      },
    });
  };

  const label = messages.mailDecisionLabel(action);
  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={label}>
      {networkError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {networkError}
        </Alert>
      )}
      <CommentsField value={comments} onValue={setComments} fields={fields} name="comments" rows={4} />
      <Button
        type="submit"
        variant="contained"
        color={action === 'reject' ? 'error' : 'primary'}
        disabled={decide.isPending}
        startIcon={decide.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        {label}
      </Button>
    </Box>
  );
}
