import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { bundleRequestInput, bundleRequestPreviewInput, messages, type SameAccessLine } from '@uap/domain';
import {
  accessBundleKeys,
  useAccessBundleDetailQuery,
  useBundlePreviewMutation,
  useBundleRequestMutation,
  useFittingBundlesQuery,
  type BundlePlace,
} from '../../api/access-bundles.ts';
import { ApiError } from '../../api/client.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { CommentAndUrgent, useCommentAndUrgent } from '../../components/forms/CommentsField.tsx';
import { failureText, firstIssue } from '../../components/forms/failure-text.ts';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import { BundleItemChecks, FittingBundleChoice } from './BundleItems.tsx';
import { SameAccessLines } from './SameAccessLines.tsx';
import type { CompletedUser } from './steps/UserStep.tsx';

/**
 * "Request a bundle": the active bundles of the region, market and agency chosen in Step 1; the
 * chosen bundle's accesses are listed ticked (the requestor unticks what the user does not need),
 * Next shows what each becomes for the user (the preview of "Same access as a colleague"), then
 * the wizard's comment and urgency and Submit. A success goes Home with the new request numbers;
 * a refusal stays at the top of the dialog (a bundle deactivated meanwhile: back to the list).
 */
export function BundleDialog({
  user,
  place,
  onClose,
}: {
  user: CompletedUser;
  place: BundlePlace;
  onClose: () => void;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [bundleId, setBundleId] = useState<number | null>(null);
  // What the requestor unticked of the chosen bundle: every other access is ticked.
  const [unticked, setUnticked] = useState<number[]>([]);
  // Null while the accesses are being chosen; the preview's lines once Next answered.
  const [lines, setLines] = useState<SameAccessLine[] | null>(null);
  const note = useCommentAndUrgent();
  const fields = useFieldErrors<'comments'>();
  const [error, setError] = useDialogError();
  const fitting = useFittingBundlesQuery(place);
  const detail = useAccessBundleDetailQuery(bundleId);
  const preview = useBundlePreviewMutation();
  const submit = useBundleRequestMutation();
  const isBusy = preview.isPending || submit.isPending;
  const toRequest = lines?.filter((l) => l.outcome === 'request').length ?? 0;
  const bundle = detail.data?.bundleId === bundleId ? detail.data : undefined;
  const ticked = bundle?.items.map((i) => i.itemId).filter((id) => !unticked.includes(id)) ?? [];
  useEffect(() => {
    if (detail.error) {
      setError(failureText(detail.error));
    }
  }, [detail.error, setError]);

  const handleChoose = (id: number) => {
    setError(null);
    setUnticked([]);
    setBundleId(id);
  };
  const handleFailure = (failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 404) {
      // The bundle was deactivated since it was listed: back to the list, fetched again.
      setBundleId(null);
      setUnticked([]);
      setLines(null);
      void queryClient.invalidateQueries({ queryKey: accessBundleKeys.all });
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
    BundleId: bundleId ?? 0,
    ItemIds: ticked,
    ManagerEmail: user.isInternal ? (user.manager?.mail ?? null) : null,
    ManagerName: user.isInternal ? (user.manager?.displayName ?? null) : null,
  });

  const handleNext = () => {
    const parsed = bundleRequestPreviewInput.safeParse(choice());
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
    const parsed = bundleRequestInput.safeParse({
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
      <DialogTitle id={titleId}>{messages.bundleChoose}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        {lines === null ? (
          <>
            <Typography sx={{ mb: 2 }}>{messages.bundleIntro}</Typography>
            <FittingBundleChoice bundles={fitting.data} value={bundleId} onChange={handleChoose} />
            {bundleId !== null &&
              (bundle ? (
                <BundleItemChecks
                  items={bundle.items}
                  ticked={ticked}
                  onChange={(next) =>
                    setUnticked(bundle.items.map((i) => i.itemId).filter((id) => !next.includes(id)))
                  }
                />
              ) : (
                !detail.error && <CircularProgress size={24} aria-label="Loading" />
              ))}
          </>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{`${bundle?.name ?? ''} → ${user.email}`}</Typography>
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
            reason={
              bundle ? (ticked.length > 0 ? null : messages.bundleChooseItems) : messages.bundleChooseBundle
            }
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
