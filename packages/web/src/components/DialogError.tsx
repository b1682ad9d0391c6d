import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';

/** An error a dialog shows. A new object each time it is shown, so showing it again scrolls it back. */
export interface DialogErrorState {
  message: string;
}

/** The error state of a dialog: `setError(text)` shows text at the top of the dialog, `setError(null)` clears it. */
export function useDialogError(): [DialogErrorState | null, (message: string | null) => void] {
  const [error, setErrorState] = useState<DialogErrorState | null>(null);
  const setError = useCallback((message: string | null) => {
    setErrorState(message === null ? null : { message });
  }, []);
  return [error, setError];
}

/**
 * A dialog's error where the user is looking: put first in DialogContent, it is scrolled into
 * view and focused each time it is shown (role="alert" also has it read out), instead of
 * appearing below a long form or under the fold of the dialog.
 */
export function DialogError({ error }: { error: DialogErrorState | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (error && element) {
      element.scrollIntoView?.({ block: 'nearest' });
      element.focus({ preventScroll: true });
    }
  }, [error]);
  if (!error) {
    return null;
  }
  return (
    <Alert
      ref={ref}
      severity="error"
      role="alert"
      tabIndex={-1}
      sx={{ mb: 2, '&:focus': { outline: 'none' } }}
    >
      {error.message}
    </Alert>
  );
}
