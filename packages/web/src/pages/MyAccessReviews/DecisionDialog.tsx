import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import {
  accessReviewDecisionInput,
  messages,
  type AccessReviewDecision,
  type AccessReviewItemRow,
} from '@uap/domain';
import { useDecideAccessReviewItems } from '../../api/access-reviews.ts';
import { DecisionLines } from '../../components/DecisionLines.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { CommentsField } from '../../components/forms/CommentsField.tsx';

/** The decision's body, and the rule the server also holds: a revoke says why. */
const decisionCheck = accessReviewDecisionInput.superRefine((input, ctx) => {
  if (input.decision === 'revoke' && !input.comment) {
    ctx.addIssue({ code: 'custom', path: ['comment'], message: messages.accessReviewCommentRequired });
  }
});

const words = {
  keep: { title: 'Keep Access', submit: 'Keep', verb: 'kept' },
  revoke: { title: 'Revoke Access', submit: 'Revoke', verb: 'revoked' },
} as const;

/**
 * Keep or Revoke the chosen items, one or many: the items listed (user, platform, client, user
 * type), a comment (required to revoke: the server's schema says so, and the field shows it),
 * then one call that decides all of them or none.
 */
export function DecisionDialog(props: {
  decision: AccessReviewDecision;
  rows: AccessReviewItemRow[];
  onClose: () => void;
  onDone: (message: string, itemIds: number[]) => void;
}) {
  const { decision, rows } = props;
  const [comment, setComment] = useState('');
  const fields = useFieldErrors<'comment'>();
  const decide = useDecideAccessReviewItems();
  const { frame, setError, showFailure } = useFormDialog(decide.isPending, props.onClose);
  const itemIds = rows.map((r) => r.itemId);

  const handleSubmit = () => {
    const input = { itemIds, decision, comment };
    const { ok, unplaced } = fields.showIssues(decisionCheck.safeParse(input), {
      comment: 'comment',
    });
    setError(unplaced);
    if (!ok) {
      return;
    }
    decide.mutate(input, {
      onSuccess: (message) => props.onDone(message, itemIds),
      onError: showFailure,
    });
  };

  return (
    <FormDialog
      {...frame}
      title={words[decision].title}
      submitLabel={words[decision].submit}
      submitColor={decision === 'revoke' ? 'error' : 'primary'}
      onSubmit={handleSubmit}
    >
      <DialogContentText sx={{ mb: 1 }}>
        {decision === 'revoke'
          ? messages.accessReviewRevokeIntro(rows.length)
          : messages.accessReviewKeepIntro(rows.length)}
      </DialogContentText>
      <DecisionLines
        lines={rows.map((r) => ({
          requestId: r.recordId,
          user: r.userName,
          platform: r.platformDescription,
          client: r.clientDescription,
          role: r.platformUserTypeDescription,
        }))}
      />
      <CommentsField value={comment} onValue={setComment} fields={fields} name="comment" />
    </FormDialog>
  );
}
