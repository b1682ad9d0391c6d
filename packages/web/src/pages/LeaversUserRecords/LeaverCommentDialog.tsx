import { useState } from 'react';
import { CommentEntryDialog } from '../../components/CommentEntryDialog.tsx';
import { leaverCommentInput, limits } from '@uap/domain';
import { useLeaverComment } from '../../api/leavers.ts';
import { useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { failureText } from '../../components/forms/failure-text.ts';

/** The leaver comment modal: up to 2000 characters for the selected records (spec 2 §2, §9). */
export function LeaverCommentDialog(props: {
  requestIds: number[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useDialogError();
  const fields = useFieldErrors<'comment'>();
  const mutation = useLeaverComment();

  const handleEnter = () => {
    const { ok, unplaced } = fields.showIssues(
      leaverCommentInput.safeParse({ Comments: comment, RequestIds: props.requestIds }),
      { Comments: 'comment' },
    );
    setError(unplaced);
    if (!ok) {
      return;
    }
    mutation.mutate(
      { comment, requestIds: props.requestIds },
      { onSuccess: props.onDone, onError: (failure) => setError(failureText(failure)) },
    );
  };

  return (
    <CommentEntryDialog
      title="Leaver Comment"
      label="Leaver comment"
      maxLength={limits.leaverComment}
      comment={comment}
      onCommentChange={setComment}
      error={error}
      fields={fields}
      isBusy={mutation.isPending}
      onClose={props.onClose}
      onEnter={handleEnter}
    />
  );
}
