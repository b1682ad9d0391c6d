import { useEffect, useState } from 'react';
import { limits, messages, provisionerCommentInput } from '@uap/domain';
import { useProvisionerComment } from '../../api/provisioning.ts';
import {
  CommentEntryDialog,
  type CommentDialogProps,
  type CommentKind,
} from '../../components/CommentEntryDialog.tsx';

const provisionerComment: CommentKind = {
  title: 'Provisioner Comment',
  label: 'Provisioner comment',
  maxLength: limits.provisionerComment,
  schema: provisionerCommentInput,
};

/** The provisioner comment modal: up to 2000 characters, Cancel and Enter (spec 2 §2). */
export function ProvisionerCommentDialog(props: CommentDialogProps) {
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

  const send = async (input: { comment: string; requestIds: number[] }) => {
    setIsLoading(true);
    await mutation.mutateAsync(input);
    return messages.provisionerCommentSaved;
  };

  return <CommentEntryDialog {...props} kind={provisionerComment} isBusy={isLoading} send={send} />;
}
