import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** The file a `FileChooser` holds (`useChosenFile`). */
export type ChosenFile = ReturnType<typeof useChosenFile>;

/**
 * The file chosen in a `FileChooser`: `choose` keeps a chosen file that passes `check` (which
 * answers why it cannot be sent, or null), and otherwise keeps none and shows why (`setError`);
 * `clear` empties the choice and the input once the file is sent.
 */
export function useChosenFile(
  check: (file: File) => string | null,
  setError: (message: string | null) => void,
) {
  const [file, setFile] = useState<File | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const choose = (chosen: File | null) => {
    const refusal = chosen ? check(chosen) : null;
    setError(refusal);
    setFile(refusal === null ? chosen : null);
  };
  const clear = () => {
    setFile(null);
    if (inputRef.current) {
      inputRef.current.value = '';
    }
  };
  return { file, inputRef, choose, clear };
}

/**
 * A button that opens the file chooser (a label drawn as a button has no button role), the
 * hidden file input it opens, and the chosen file's name.
 */
export function FileChooser(props: {
  buttonLabel: string;
  /** The input's `accept`. */
  accept: string;
  /** The input's accessible name. */
  inputLabel: string;
  choice: ChosenFile;
  isDisabled?: boolean;
}) {
  const { file, inputRef, choose } = props.choice;
  return (
    <>
      <Button variant="outlined" disabled={props.isDisabled} onClick={() => inputRef.current?.click()}>
        {props.buttonLabel}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={props.accept}
        hidden
        aria-label={props.inputLabel}
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
      />
      <Typography variant="body2">{file ? file.name : 'No file chosen'}</Typography>
    </>
  );
}
