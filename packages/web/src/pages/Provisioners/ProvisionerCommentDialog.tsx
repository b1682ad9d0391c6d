import { useEffect, useState } from 'react';
import { CommentEntryDialog } from '../../components/CommentEntryDialog.tsx';
import { limits, messages, provisionerCommentInput } from '@uap/domain';
import { useProvisionerComment } from '../../api/provisioning.ts';
import { failureText } from '../../components/forms/failure-text.ts';
import { useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';

/** The provisioner comment modal: up to 2000 characters, Cancel and Enter (spec 2 §2). */
export function ProvisionerCommentDialog(props: {
  requestIds: number[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useDialogError();
  const fields = useFieldErrors<'comment'>();
  const [isLoading, setIsLoading] = useState(false);
  const mutation = useProvisionerComment();

  // The loading state resets after 3000 ms whatever happens (spec 2 §9).
  useEffect(() => {
    if (!isLoading) {
      return;
    }
    const timer = setTimeout(() => {
      setIsLoading(false);
    }, limits.modalLoadingResetMs);
    return () => {
      clearTimeout(timer);
    };
  }, [isLoading]);

  const handleEnter = async () => {
    const { ok, unplaced } = fields.showIssues(
      provisionerCommentInput.safeParse({ Comments: comment, RequestIds: props.requestIds }),
      { Comments: 'comment' },
    );
    setError(unplaced);
    if (!ok) {
      return;
    }
    setIsLoading(true);
    try {
      await mutation.mutateAsync({ comment, requestIds: props.requestIds });
      props.onDone(messages.provisionerCommentSaved);
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <CommentEntryDialog
      title="Provisioner Comment"
      label="Provisioner comment"
      maxLength={limits.provisionerComment}
      comment={comment}
      onCommentChange={setComment}
      error={error}
      fields={fields}
      isBusy={isLoading}
      onClose={props.onClose}
      onEnter={() => void handleEnter()}
    />
  );
}
