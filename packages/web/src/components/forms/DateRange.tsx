import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FieldErrors } from '../FieldErrors.tsx';

/** Today as YYYY-MM-DD (UTC, the day boundary of the rules). */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** A beginning and an expiration day (YYYY-MM-DD); null = not given. */
export type Dates = [beginning: string | null, expiration: string | null];

/** Where a parse's issues about a request's dates show (`showIssues`): at this range's two fields. */
export const dateIssueFields = { BeginningDate: 'beginning', ExpirationDate: 'expiration' } as const;

/** Start Date and End Date as plain date inputs (YYYY-MM-DD); empty = null. */
export function DateRange(props: {
  value: Dates;
  onChange: (value: Dates) => void;
  /** The form's failed checks (`useFieldErrors`): marks the dates, cleared when either changes. */
  fields?: Pick<FieldErrors<'beginning' | 'expiration'>, 'clear' | 'textField'>;
}) {
  const change = (beginning: string | null, expiration: string | null) => {
    props.fields?.clear('beginning');
    props.fields?.clear('expiration');
    props.onChange([beginning, expiration]);
  };
  const [beginning, expiration] = props.value;
  return (
    <Stack direction="row" spacing={2}>
      <TextField
        label="Start Date"
        type="date"
        value={beginning ?? ''}
        onChange={(e) => change(e.target.value || null, expiration)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayIso() } }}
        fullWidth
        {...props.fields?.textField('beginning')}
      />
      <TextField
        label="End Date"
        type="date"
        value={expiration ?? ''}
        onChange={(e) => change(beginning, e.target.value || null)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: beginning ?? todayIso() } }}
        fullWidth
        {...props.fields?.textField('expiration')}
      />
    </Stack>
  );
}
