import type { RefObject } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * A button that opens the file chooser (a label drawn as a button has no button role), the
 * hidden file input it opens, and the chosen file's name. `inputRef` lets the caller clear the
 * input after sending the file.
 */
export function FileChooser(props: {
  buttonLabel: string;
  /** The input's `accept`. */
  accept: string;
  /** The input's accessible name. */
  inputLabel: string;
  file: File | null;
  isDisabled?: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File | null) => void;
}) {
  return (
    <>
      <Button variant="outlined" disabled={props.isDisabled} onClick={() => props.inputRef.current?.click()}>
        {props.buttonLabel}
      </Button>
      <input
        ref={props.inputRef}
        type="file"
        accept={props.accept}
        hidden
        aria-label={props.inputLabel}
        onChange={(e) => props.onFile(e.target.files?.[0] ?? null)}
      />
      <Typography variant="body2">{props.file ? props.file.name : 'No file chosen'}</Typography>
    </>
  );
}
