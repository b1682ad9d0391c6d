import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { FieldErrorText, type FieldErrors } from '../FieldErrors.tsx';

export interface Option {
  id: number;
  label: string;
}

/**
 * A labelled select of numbered options, disabled while they load (undefined). With `fields`
 * (`useFieldErrors`) and its `name`, a failed check is marked at it and cleared by a choice.
 */
export function OptionSelect<K extends string>(props: {
  /** The select's id is `${idPrefix}-${label in lower case}`. */
  idPrefix: string;
  label: string;
  value: number | null;
  options: Option[] | undefined;
  isDisabled?: boolean;
  onChange: (id: number) => void;
  fields?: FieldErrors<K> | undefined;
  name?: K;
}) {
  const id = `${props.idPrefix}-${props.label.toLowerCase()}`;
  const { fields, name } = props;
  const check = fields && name !== undefined ? { fields, name } : undefined;
  return (
    <FormControl
      fullWidth
      size="small"
      disabled={(props.isDisabled ?? false) || !props.options}
      ref={check?.fields.ref(check.name)}
      error={check?.fields.error(check.name) !== undefined}
    >
      <InputLabel id={`${id}-label`}>{props.label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={props.label}
        value={props.value ?? ''}
        aria-describedby={check?.fields.describedBy(check.name)}
        onChange={(e) => {
          check?.fields.clear(check.name);
          props.onChange(Number(e.target.value));
        }}
      >
        {props.options?.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
      {check && <FieldErrorText fields={check.fields} name={check.name} />}
    </FormControl>
  );
}
