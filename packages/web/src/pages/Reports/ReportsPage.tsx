import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import { useConfig } from '../../app/config-context.ts';
import {
  ExpiringAccessChart,
  MedianTimesChart,
  PendingByApproverChart,
  RequestsByMonthChart,
  UrgentShareChart,
} from './ReportCharts.tsx';

/** The embedded report's height (spec 3 §2.10). */
const EMBED_HEIGHT = 927;
/** The built-in charts open on the last 90 days. */
const DEFAULT_DAYS = 90;

/** A day as YYYY-MM-DD in the browser's zone, `daysAgo` days before today. */
function dayBefore(daysAgo: number): string {
  const now = new Date(Date.now() - daysAgo * 86_400_000);
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** /Reports with the built-in charts: a date range and the five charts of that range. */
function BuiltInReports() {
  const [from, setFrom] = useState(() => dayBefore(DEFAULT_DAYS - 1));
  const [to, setTo] = useState(() => dayBefore(0));
  const isRangeReversed = from !== '' && to !== '' && to < from;
  const isEnabled = from !== '' && to !== '' && !isRangeReversed;
  const params = { from, to };
  return (
    <Stack spacing={3}>
      <Stack
        component="section"
        aria-label="Date range"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="From"
          type="date"
          size="small"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          required
          error={isRangeReversed}
          helperText={isRangeReversed ? messages.auditRangeReversed : undefined}
        />
        <Typography variant="body2" sx={{ alignSelf: { sm: 'center' } }}>
          Request lines created in the range (UTC days).
        </Typography>
      </Stack>
      <RequestsByMonthChart params={params} isEnabled={isEnabled} />
      <MedianTimesChart params={params} isEnabled={isEnabled} />
      <PendingByApproverChart params={params} isEnabled={isEnabled} />
      <UrgentShareChart params={params} isEnabled={isEnabled} />
      <ExpiringAccessChart params={params} isEnabled={isEnabled} />
    </Stack>
  );
}

/**
 * Reports (spec 3 §2.10): the report page set for this environment (REPORTS_EMBED_URL), embedded
 * 927 px high; without one, the built-in charts of the portal's own data.
 */
export function ReportsPage() {
  const { reportsEmbedUrl } = useConfig();
  return (
    <Box>
      {reportsEmbedUrl ? (
        <Box
          component="iframe"
          src={reportsEmbedUrl}
          title={messages.reportsEmbedTitle}
          sx={{ width: '100%', height: EMBED_HEIGHT, border: 0, display: 'block' }}
        />
      ) : (
        <BuiltInReports />
      )}
    </Box>
  );
}
