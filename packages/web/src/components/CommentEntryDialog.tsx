import { useState } from 'react';
import { useFieldErrors, type ParseResult } from './FieldErrors.tsx';
import { FormDialog, useFormDialog } from './FormDialog.tsx';
import { FieldTextField } from './forms/FieldTextField.tsx';

/** What a screen gives a comment modal on its selected requests. */
export interface CommentDialogProps {
  requestIds: number[];
  onClose: () => void;
  onDone: (message: string) => void;
}

/** One kind of comment: its words, its length limit and the schema of its call's body. */
export interface CommentKind {
  title: string;
  label: string;
  maxLength: number;
  schema: { safeParse: (body: { Comments: string; RequestIds: number[] }) => ParseResult };
}

/**
 * The comment entry modal the provisioner and leaver comments share: one multi-line field with
 * its character count, Cancel and Enter. The comment is checked with the call's schema (a missing
 * one is shown at the field), then sent (`send`, which answers the sentence `onDone` is given); a
 * failed call is shown at the top.
 */
export function CommentEntryDialog(
  props: CommentDialogProps & {
    kind: CommentKind;
    isBusy: boolean;
    send: (input: { comment: string; requestIds: number[] }) => Promise<string>;
  },
) {
  const { kind, requestIds } = props;
  const [comment, setComment] = useState('');
  const fields = useFieldErrors<'comment'>();
  const { frame, setError, showFailure } = useFormDialog(props.isBusy, props.onClose);

  const handleEnter = async () => {
    const { ok, unplaced } = fields.showIssues(
      kind.schema.safeParse({ Comments: comment, RequestIds: requestIds }),
      {
        Comments: 'comment',
      },
    );
    setError(unplaced);
    if (!ok) {
      return;
    }
    try {
      props.onDone(await props.send({ comment, requestIds }));
    } catch (failure) {
      showFailure(failure);
    }
  };

  return (
    <FormDialog {...frame} title={kind.title} submitLabel="Enter" onSubmit={handleEnter}>
      <FieldTextField
        label={kind.label}
        multiline
        minRows={4}
        fullWidth
        sx={{ mt: 1 }}
        value={comment}
        fields={fields}
        name="comment"
        onValue={setComment}
        helperText={`${comment.length}/${kind.maxLength}`}
        slotProps={{ htmlInput: { maxLength: kind.maxLength } }}
      />
    </FormDialog>
  );
}
