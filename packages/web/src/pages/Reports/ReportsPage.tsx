import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import { useConfig } from '../../app/config-context.ts';
import {
  isDayRangeReversed,
  localDayBefore,
  ReportDayRange,
} from '../../components/forms/ReportDayRange.tsx';
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

/** /Reports with the built-in charts: a date range and the five charts of that range. */
function BuiltInReports() {
  const [from, setFrom] = useState(() => localDayBefore(DEFAULT_DAYS - 1));
  const [to, setTo] = useState(() => localDayBefore(0));
  const isEnabled = from !== '' && to !== '' && !isDayRangeReversed(from, to);
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
        <ReportDayRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
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
