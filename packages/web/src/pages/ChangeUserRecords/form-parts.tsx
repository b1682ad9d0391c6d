import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DialogActions from '@mui/material/DialogActions';
import { limits, messages } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import type { FieldErrors, TextFieldErrorProps } from '../../components/FieldErrors.tsx';

/** The first message of a failed schema parse: the spec's sentence the server would answer. */
export function firstIssue(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

/** What a failed modify call shows: the server's message, or the generic one when the call never got an answer. */
export const failureText = (error: unknown) =>
  error instanceof ApiError && !error.isNetworkError ? error.message : `Error: ${messages.serverError}`;

/** Today as YYYY-MM-DD (UTC, the day boundary of the rules). */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** Comments (max 500, 4 rows) and the Urgent Request checkbox of every modify modal. */
export function CommentAndUrgent(props: {
  comments: string;
  isUrgent: boolean;
  onComments: (value: string) => void;
  onUrgent: (value: boolean) => void;
  /** A failed check of the comment (`useFieldErrors`). */
  commentsField?: TextFieldErrorProps;
}) {
  return (
    <>
      <TextField
        label="Comments"
        value={props.comments}
        onChange={(e) => props.onComments(e.target.value)}
        multiline
        rows={4}
        slotProps={{ htmlInput: { maxLength: limits.comment } }}
        fullWidth
        {...props.commentsField}
      />
      <FormControlLabel
        control={<Checkbox checked={props.isUrgent} onChange={(e) => props.onUrgent(e.target.checked)} />}
        label="Urgent Request"
      />
    </>
  );
}

/** Start Date and End Date as plain date inputs (YYYY-MM-DD); empty = null. */
export function DateRange(props: {
  beginning: string | null;
  expiration: string | null;
  onChange: (beginning: string | null, expiration: string | null) => void;
  /** The form's failed checks (`useFieldErrors`): marks the dates, cleared when either changes. */
  fields?: Pick<FieldErrors<'beginning' | 'expiration'>, 'clear' | 'textField'>;
}) {
  const change = (beginning: string | null, expiration: string | null) => {
    props.fields?.clear('beginning');
    props.fields?.clear('expiration');
    props.onChange(beginning, expiration);
  };
  return (
    <Stack direction="row" spacing={2}>
      <TextField
        label="Start Date"
        type="date"
        value={props.beginning ?? ''}
        onChange={(e) => change(e.target.value || null, props.expiration)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayIso() } }}
        fullWidth
        {...props.fields?.textField('beginning')}
      />
      <TextField
        label="End Date"
        type="date"
        value={props.expiration ?? ''}
        onChange={(e) => change(props.beginning, e.target.value || null)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: props.beginning ?? todayIso() } }}
        fullWidth
        {...props.fields?.textField('expiration')}
      />
    </Stack>
  );
}

/** Cancel and the submit button of every modify modal. */
export function DialogButtons(props: {
  submitLabel?: string;
  isDisabled: boolean;
  onCancel: () => void;
  onSubmit: () => Promise<void>;
}) {
  return (
    <DialogActions>
      <Button onClick={props.onCancel}>Cancel</Button>
      <Button variant="contained" onClick={() => void props.onSubmit()} disabled={props.isDisabled}>
        {props.submitLabel ?? 'Submit'}
      </Button>
    </DialogActions>
  );
}
