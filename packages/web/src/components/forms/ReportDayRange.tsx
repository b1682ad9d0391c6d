import TextField from '@mui/material/TextField';
import { messages } from '@uap/domain';

/** A day as YYYY-MM-DD in the browser's zone (the date inputs' value format), `daysAgo` days before today. */
export function localDayBefore(daysAgo: number): string {
  const now = new Date(Date.now() - daysAgo * 86_400_000);
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** Whether both days are given and To comes before From. */
export const isDayRangeReversed = (from: string, to: string) => from !== '' && to !== '' && to < from;

/**
 * The From and To days of a report (both required); To says so when the range is reversed. The
 * caller lays them out (a row with its own button or note).
 */
export function ReportDayRange(props: {
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
}) {
  const isReversed = isDayRangeReversed(props.from, props.to);
  return (
    <>
      <TextField
        label="From"
        type="date"
        size="small"
        value={props.from}
        onChange={(e) => props.onFrom(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        required
      />
      <TextField
        label="To"
        type="date"
        size="small"
        value={props.to}
        onChange={(e) => props.onTo(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        required
        error={isReversed}
        helperText={isReversed ? messages.auditRangeReversed : undefined}
      />
    </>
  );
}
