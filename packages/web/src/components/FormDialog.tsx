import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Breakpoint } from '@mui/material/styles';
import { DialogError, useDialogError, type DialogErrorState } from './DialogError.tsx';
import { failureText } from './forms/failure-text.ts';
import { ReasonButton } from './ReasonButton.tsx';

/** Cancel and the submit button at the foot of a form dialog. */
export function DialogButtons(props: {
  /** 'Submit' unless named. */
  submitLabel?: string;
  /** 'error' for a destructive change; the theme's primary otherwise. */
  submitColor?: 'error' | 'primary';
  /** Why the submit button cannot be used yet (`DisabledReason`); null or left out when it can. */
  submitReason?: string | null;
  /** Disabled for another cause (a call under way), without a reason. */
  isDisabled: boolean;
  onCancel: () => void;
  onSubmit: () => void | Promise<void>;
}) {
  return (
    <DialogActions>
      <Button onClick={props.onCancel}>Cancel</Button>
      <ReasonButton
        reason={props.submitReason ?? null}
        isBusy={props.isDisabled}
        variant="contained"
        color={props.submitColor}
        onClick={() => void props.onSubmit()}
      >
        {props.submitLabel ?? 'Submit'}
      </ReasonButton>
    </DialogActions>
  );
}

/**
 * What every form dialog wires the same way: its error (`setError`), Cancel, and the submit
 * button kept busy while `isDisabled` (its call under way). Spread `frame` on the `FormDialog`;
 * `showFailure` puts what a failed call says (`failureText`) at the top of the dialog.
 */
export function useFormDialog(isDisabled: boolean, onClose: () => void) {
  const [error, setError] = useDialogError();
  return {
    setError,
    showFailure: (failure: unknown) => {
      setError(failureText(failure));
    },
    frame: { error, isDisabled, onClose },
  };
}

/**
 * A form in a dialog: the title (which names the dialog), a failed call first in the content
 * (`DialogError`), the caller's fields, then Cancel and the submit button.
 */
export function FormDialog(props: {
  title: string;
  /** 'sm' unless given. */
  maxWidth?: Breakpoint;
  /** Lines above and below the content; on unless turned off. */
  hasDividers?: boolean;
  error: DialogErrorState | null;
  submitLabel?: string;
  submitColor?: 'error' | 'primary';
  submitReason?: string | null;
  isDisabled: boolean;
  onClose: () => void;
  onSubmit: () => void | Promise<void>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent dividers={props.hasDividers ?? true}>
        <DialogError error={props.error} />
        {props.children}
      </DialogContent>
      <DialogButtons
        submitLabel={props.submitLabel}
        submitColor={props.submitColor}
        submitReason={props.submitReason}
        isDisabled={props.isDisabled}
        onCancel={props.onClose}
        onSubmit={props.onSubmit}
      />
    </Dialog>
  );
}
