import type { DialogErrorState } from './DialogError.tsx';
import type { FieldErrors } from './FieldErrors.tsx';
import { FormDialog } from './FormDialog.tsx';
import { FieldTextField } from './forms/FieldTextField.tsx';

/**
 * The comment entry modal the provisioner and leaver comments share: one multi-line field with
 * its character count, Cancel and Enter. The caller keeps the comment, checks it and sends it: a
 * missing comment is shown at the field (`fields`), a failed call at the top.
 */
export function CommentEntryDialog(props: {
  title: string;
  label: string;
  maxLength: number;
  comment: string;
  onCommentChange: (comment: string) => void;
  error: DialogErrorState | null;
  fields: FieldErrors<'comment'>;
  isBusy: boolean;
  onClose: () => void;
  onEnter: () => void;
}) {
  return (
    <FormDialog
      title={props.title}
      error={props.error}
      submitLabel="Enter"
      isDisabled={props.isBusy}
      onClose={props.onClose}
      onSubmit={props.onEnter}
    >
      <FieldTextField
        label={props.label}
        multiline
        minRows={4}
        fullWidth
        sx={{ mt: 1 }}
        value={props.comment}
        fields={props.fields}
        name="comment"
        onValue={props.onCommentChange}
        helperText={`${props.comment.length}/${props.maxLength}`}
        slotProps={{ htmlInput: { maxLength: props.maxLength } }}
      />
    </FormDialog>
  );
}
