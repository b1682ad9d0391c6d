import { leaverCommentInput, limits } from '@uap/domain';
import { useLeaverComment } from '../../api/leavers.ts';
import {
  CommentEntryDialog,
  type CommentDialogProps,
  type CommentKind,
} from '../../components/CommentEntryDialog.tsx';

const leaverComment: CommentKind = {
  title: 'Leaver Comment',
  label: 'Leaver comment',
  maxLength: limits.leaverComment,
  schema: leaverCommentInput,
};

/** The leaver comment modal: up to 2000 characters for the selected records (spec 2 §2, §9). */
export function LeaverCommentDialog(props: CommentDialogProps) {
  const mutation = useLeaverComment();
  return (
    <CommentEntryDialog
      {...props}
      kind={leaverComment}
      isBusy={mutation.isPending}
      send={mutation.mutateAsync}
    />
  );
}
