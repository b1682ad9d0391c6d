import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import {
  useAgenciesQuery,
  useMarketsQuery,
  usePracticesQuery,
  useRegionsQuery,
} from '../../api/new-request.ts';
import { FieldErrorText, type FieldErrors } from '../FieldErrors.tsx';

export interface PathValue {
  regionId: number | null;
  marketId: number | null;
  agencyId: number | null;
  practiceId: number | null;
}

export const emptyPath: PathValue = { regionId: null, marketId: null, agencyId: null, practiceId: null };

interface Option {
  id: number;
  label: string;
}

function LevelSelect(props: {
  label: string;
  name: keyof PathValue;
  value: number | null;
  options: Option[] | undefined;
  isDisabled: boolean;
  onChange: (id: number) => void;
  fields: FieldErrors<keyof PathValue> | undefined;
}) {
  const id = `path-${props.label.toLowerCase()}`;
  const { fields, name } = props;
  return (
    <FormControl
      fullWidth
      size="small"
      disabled={props.isDisabled || !props.options}
      ref={fields?.ref(name)}
      error={fields?.error(name) !== undefined}
    >
      <InputLabel id={`${id}-label`}>{props.label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={props.label}
        value={props.value ?? ''}
        aria-describedby={fields?.describedBy(name)}
        onChange={(e) => {
          fields?.clear(name);
          props.onChange(Number(e.target.value));
        }}
      >
        {props.options?.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
      {fields && <FieldErrorText fields={fields} name={name} />}
    </FormControl>
  );
}

/** Region → Market → Agency → Practice; changing a level clears those below (spec 1 §4). */
export function CascadingSelects(props: {
  value: PathValue;
  onChange: (next: PathValue) => void;
  isDisabled?: boolean;
  /**
   * Offers only these (region, market) pairs (an administrator's scope); null or absent: every
   * one. An empty list offers none.
   */
  scope?: readonly { regionId: number; marketId: number }[] | null | undefined;
  /** A form's failed check of the levels (`useFieldErrors`): a missing level is marked at its select. */
  fields?: FieldErrors<keyof PathValue>;
}) {
  const { value, onChange, isDisabled = false, scope, fields } = props;
  const inScope = (pick: (pair: { regionId: number; marketId: number }) => boolean) =>
    scope ? scope.some(pick) : true;
  const regions = useRegionsQuery();
  const markets = useMarketsQuery(value.regionId);
  const agencies = useAgenciesQuery(value.marketId);
  const practices = usePracticesQuery(value.agencyId);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
      <LevelSelect
        label="Region"
        name="regionId"
        fields={fields}
        value={value.regionId}
        isDisabled={isDisabled}
        options={regions.data
          ?.filter((r) => inScope((s) => s.regionId === r.regionId))
          .map((r) => ({ id: r.regionId, label: r.description }))}
        onChange={(regionId) => {
          onChange({ ...emptyPath, regionId });
        }}
      />
      <LevelSelect
        label="Market"
        name="marketId"
        fields={fields}
        value={value.marketId}
        isDisabled={isDisabled || !value.regionId}
        options={markets.data
          ?.filter((m) => inScope((s) => s.regionId === value.regionId && s.marketId === m.marketId))
          .map((m) => ({ id: m.marketId, label: m.description }))}
        onChange={(marketId) => {
          onChange({ ...emptyPath, regionId: value.regionId, marketId });
        }}
      />
      <LevelSelect
        label="Agency"
        name="agencyId"
        fields={fields}
        value={value.agencyId}
        isDisabled={isDisabled || !value.marketId}
        options={agencies.data?.map((a) => ({ id: a.agencyId, label: a.description }))}
        onChange={(agencyId) => {
          onChange({ ...value, agencyId, practiceId: null });
        }}
      />
      <LevelSelect
        label="Practice"
        name="practiceId"
        fields={fields}
        value={value.practiceId}
        isDisabled={isDisabled || !value.agencyId}
        options={practices.data?.map((p) => ({ id: p.practice.practiceId, label: p.practice.description }))}
        onChange={(practiceId) => {
          onChange({ ...value, practiceId });
        }}
      />
    </Box>
  );
}
