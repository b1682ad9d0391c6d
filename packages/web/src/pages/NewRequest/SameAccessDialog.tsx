import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  messages,
  sameAccessInput,
  sameAccessPreviewInput,
  type ColleagueAccessRow,
  type SameAccessLine,
  type UserSearchItem,
} from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import {
  colleagueAccessKey,
  useSameAccessMutation,
  useSameAccessPreviewMutation,
} from '../../api/same-access.ts';
import { requestIdOf, useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { CommentAndUrgent, useCommentAndUrgent } from '../../components/forms/CommentsField.tsx';
import { failureText, firstIssue } from '../../components/forms/failure-text.ts';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import { UserSearchField } from '../../components/UserSearchDialog/UserSearchField.tsx';
import { SameAccessLines } from './SameAccessLines.tsx';
import { SameAccessRecords } from './SameAccessRecords.tsx';
import type { CompletedUser } from './steps/UserStep.tsx';

interface Colleague {
  userId: number;
  displayName: string;
  mail: string;
}

/**
 * "Same access as a colleague": instead of a path and accounts chosen by hand, the requestor
 * searches a colleague, ticks records of theirs (paged on the server), sees what each becomes for
 * the user (Next: the preview), then submits with the wizard's comment and urgency. As the
 * wizard's Create does, a success goes Home with the new request numbers in a message that
 * closes by itself; a refusal stays at the top of the dialog.
 */
export function SameAccessDialog({ user, onClose }: { user: CompletedUser; onClose: () => void }) {
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [colleague, setColleague] = useState<Colleague | null>(null);
  const [hasNoProfile, setHasNoProfile] = useState(false);
  // Null while the records are being chosen; the preview's lines once Next answered.
  const [lines, setLines] = useState<SameAccessLine[] | null>(null);
  const records = useRowSelection<ColleagueAccessRow>(requestIdOf);
  const note = useCommentAndUrgent();
  const fields = useFieldErrors<'comments'>();
  const [error, setError] = useDialogError();
  const preview = useSameAccessPreviewMutation();
  const submit = useSameAccessMutation();
  const isBusy = preview.isPending || submit.isPending;
  const toRequest = lines?.filter((l) => l.outcome === 'request').length ?? 0;

  const handlePick = (item: UserSearchItem) => {
    records.clear();
    setLines(null);
    setError(null);
    // A directory entry without a UAP profile holds no access.
    setHasNoProfile(item.userId === null);
    setColleague(
      item.userId === null
        ? null
        : { userId: item.userId, displayName: item.displayName, mail: item.mail ?? '' },
    );
  };
  const handleFailure = (failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 404) {
      // Records ended since they were listed: back to the list, fetched again, to tick again.
      records.clear();
      setLines(null);
      void queryClient.invalidateQueries({ queryKey: colleagueAccessKey });
    }
    if (failure instanceof ApiError && failure.message === messages.invalidComment) {
      fields.show({ comments: failure.message });
      return;
    }
    setError(failureText(failure));
  };
  const choice = () => ({
    UserId: user.userId,
    Email: user.email,
    ColleagueId: colleague?.userId ?? 0,
    RecordIds: records.selectedIds,
    ManagerEmail: user.isInternal ? (user.manager?.mail ?? null) : null,
    ManagerName: user.isInternal ? (user.manager?.displayName ?? null) : null,
  });

  const handleNext = () => {
    const parsed = sameAccessPreviewInput.safeParse(choice());
    if (!parsed.success) {
      setError(firstIssue(parsed));
      return;
    }
    preview.mutate(parsed.data, {
      onSuccess: (answer) => {
        setError(null);
        setLines(answer.lines);
      },
      onError: handleFailure,
    });
  };
  const handleSubmit = () => {
    const parsed = sameAccessInput.safeParse({
      ...choice(),
      Comments: note.comments,
      IsUrgent: note.isUrgent,
    });
    // The comment rule's message under the box; anything else at the top of the dialog.
    const check = fields.showIssues(parsed, { Comments: 'comments' });
    setError(check.unplaced);
    if (!parsed.success) {
      return;
    }
    submit.mutate(parsed.data, {
      onSuccess: ({ requestIds, message }) => {
        notifySuccess(`${messages.requestsSubmitted(requestIds)} ${message}`, {
          label: messages.viewInMyRequests,
          to: `/MyRequests?requestId=${requestIds[0] ?? 0}`,
        });
        void navigate('/');
      },
      onError: handleFailure,
    });
  };

  return (
    <Dialog open onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="lg">
      <DialogTitle id={titleId}>{messages.sameAccessTitle}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        {lines === null ? (
          <>
            <Typography sx={{ mb: 2 }}>{messages.sameAccessIntro}</Typography>
            <Box sx={{ maxWidth: 560, mb: 1 }}>
              <UserSearchField
                label="Colleague email or full name"
                buttonLabel="Search colleague"
                isInternal
                dialogTitle="Select User"
                onPick={handlePick}
              />
            </Box>
            <Typography variant="body2" sx={{ mb: 2 }} aria-live="polite">
              Colleague: {colleague ? `${colleague.displayName} (${colleague.mail})` : 'none selected'}
            </Typography>
            {hasNoProfile && <Alert severity="info">{messages.sameAccessNoRecords}</Alert>}
            {colleague && <SameAccessRecords colleagueId={colleague.userId} selection={records.selection} />}
          </>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{`${colleague?.displayName ?? ''} → ${user.email}`}</Typography>
            <SameAccessLines lines={lines} />
            <CommentAndUrgent state={note} fields={fields} name="comments" />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        {lines === null ? (
          <ReasonButton
            variant="contained"
            reason={records.selectedIds.length === 0 ? messages.sameAccessChooseRecords : null}
            isBusy={isBusy}
            onClick={handleNext}
          >
            Next
          </ReasonButton>
        ) : (
          <>
            <Button
              variant="outlined"
              disabled={isBusy}
              onClick={() => {
                setError(null);
                setLines(null);
              }}
            >
              Back
            </Button>
            <ReasonButton
              variant="contained"
              reason={toRequest === 0 ? messages.sameAccessNothingToRequest : null}
              isBusy={isBusy}
              onClick={handleSubmit}
            >
              Submit Request
            </ReasonButton>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
