import { useState } from 'react';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { messages, type SameAccessLine } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCopyPreviewMutation, useCopyRequestMutation } from '../../api/same-access.ts';
import { useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { useCommentAndUrgent } from '../../components/forms/CommentsField.tsx';
import { failureText, firstIssue } from '../../components/forms/failure-text.ts';
import type { CompletedUser } from './steps/UserStep.tsx';

/** What one copy (a colleague's records, a bundle's accesses) names, and its endpoints. */
interface CopyRequestOptions<Choice extends object> {
  /** 'SameAccessAs' or 'Bundle': POST api/Request/{kind}/Preview, then POST api/Request/{kind}. */
  kind: 'SameAccessAs' | 'Bundle';
  user: CompletedUser;
  /** The chosen source and items (ColleagueId + RecordIds, BundleId + ItemIds). */
  choice: () => Choice;
  previewSchema: z.ZodType<object>;
  requestSchema: z.ZodType<object>;
  /** A 404: what was listed has ended since (back to the list, fetched again). */
  onGone: () => void;
}

/**
 * The steps both "Same access as a colleague" and "Request a bundle" share: Next asks what each
 * chosen item becomes for the user (the preview's lines), Submit sends the request with the
 * wizard's comment and urgency and goes Home with the new request numbers. The comment rule's
 * message shows under its box; any other refusal at the top of the dialog.
 */
export function useCopyRequest<Choice extends object>(o: CopyRequestOptions<Choice>) {
  const navigate = useNavigate();
  // Null while the items are being chosen; the preview's lines once Next answered.
  const [lines, setLines] = useState<SameAccessLine[] | null>(null);
  const note = useCommentAndUrgent();
  const fields = useFieldErrors<'comments'>();
  const [error, setError] = useDialogError();
  const preview = useCopyPreviewMutation(o.kind);
  const submit = useCopyRequestMutation(o.kind);
  const forUser = () => ({
    ...o.choice(),
    UserId: o.user.userId,
    Email: o.user.email,
    ManagerEmail: o.user.isInternal ? (o.user.manager?.mail ?? null) : null,
    ManagerName: o.user.isInternal ? (o.user.manager?.displayName ?? null) : null,
  });
  const handleFailure = (failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 404) {
      setLines(null);
      o.onGone();
    }
    if (failure instanceof ApiError && failure.message === messages.invalidComment) {
      fields.show({ comments: failure.message });
      return;
    }
    setError(failureText(failure));
  };
  const handleNext = () => {
    const parsed = o.previewSchema.safeParse(forUser());
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
    const parsed = o.requestSchema.safeParse({
      ...forUser(),
      Comments: note.comments,
      IsUrgent: note.isUrgent,
    });
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
  const handleBack = () => {
    setError(null);
    setLines(null);
  };
  return {
    lines,
    note,
    fields,
    error,
    setError,
    isBusy: preview.isPending || submit.isPending,
    toRequest: lines?.filter((l) => l.outcome === 'request').length ?? 0,
    handleNext,
    handleSubmit,
    handleBack,
  };
}
