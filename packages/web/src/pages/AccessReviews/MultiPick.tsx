import { useMemo } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import type { Option } from '../../components/forms/OptionSelect.tsx';

/** At most this many options are drawn at once (a large catalog has thousands of clients): typing narrows them. */
const shownOptions = 100;
const filterOptions = createFilterOptions<Option>({ limit: shownOptions, stringify: (o) => o.label });

/**
 * A labelled multi-select of numbered options with a search box (a campaign's scope: regions,
 * clients …): each picked option is a chip; nothing picked means the kind does not narrow the
 * scope. Disabled while its options load (undefined). Picked ids with no option yet (still
 * loading, or left out by a parent's narrowing) are kept, shown by their id.
 */
export function MultiPick(props: {
  label: string;
  value: readonly number[];
  options: Option[] | undefined;
  onChange: (ids: number[]) => void;
  helperText?: string;
  isDisabled?: boolean;
}) {
  const byId = useMemo(() => new Map((props.options ?? []).map((o) => [o.id, o])), [props.options]);
  const picked = props.value.map((id) => byId.get(id) ?? { id, label: `#${id}` });
  return (
    <Autocomplete<Option, true, false, false>
      multiple
      disableCloseOnSelect
      size="small"
      disabled={(props.isDisabled ?? false) || !props.options}
      options={props.options ?? []}
      value={picked}
      getOptionLabel={(o) => o.label}
      filterOptions={filterOptions}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(optionProps, o, { selected }) => {
        const { key, ...rest } = optionProps;
        return (
          <li key={key} {...rest}>
            <Checkbox size="small" checked={selected} sx={{ mr: 1 }} />
            {o.label}
          </li>
        );
      }}
      onChange={(_e, options) => {
        props.onChange(options.map((o) => o.id));
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          placeholder={props.value.length === 0 ? 'Any' : undefined}
          helperText={props.helperText}
        />
      )}
    />
  );
}
