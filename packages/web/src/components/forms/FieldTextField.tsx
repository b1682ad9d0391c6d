import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldErrors } from '../FieldErrors.tsx';

/**
 * A TextField for one field of `useFieldErrors`: it shows the field's message (else its own
 * `helperText`), and an edit clears the message before `onValue` takes the new text.
 */
export function FieldTextField<K extends string>({
  fields,
  name,
  onValue,
  helperText,
  ...rest
}: Omit<TextFieldProps, 'onChange' | 'error' | 'ref'> & {
  fields: FieldErrors<K>;
  name: K;
  onValue: (value: string) => void;
}) {
  return (
    <TextField
      {...rest}
      onChange={(e) => {
        fields.clear(name);
        onValue(e.target.value);
      }}
      {...fields.textField(name, helperText)}
    />
  );
}
