import TextField from '@mui/material/TextField';

/** The text box of a list editor (asset types, client codes): Enter adds what is typed, as the Add button does. */
export function AddItemField(props: {
  label: string;
  value: string;
  maxLength: number;
  onValue: (value: string) => void;
  onAdd: () => void;
}) {
  return (
    <TextField
      size="small"
      label={props.label}
      value={props.value}
      slotProps={{ htmlInput: { maxLength: props.maxLength } }}
      onChange={(e) => {
        props.onValue(e.target.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          props.onAdd();
        }
      }}
    />
  );
}
