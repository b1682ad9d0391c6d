import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, messages, type ActivityLog } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { downloadActivityLogPdf, useActivityLogQuery } from '../../api/tracker.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

const timeZone = localTimeZone();

/** The "verified" mark: when the audit chain was last found whole with every step of this history. */
function HistoryMark({ verifiedAt }: { verifiedAt: string | null }) {
  return verifiedAt ? (
    <Tooltip title={messages.historyVerifiedHint}>
      <Chip
        color="success"
        variant="outlined"
        icon={<VerifiedIcon />}
        label={messages.historyVerified(formatDateTime(verifiedAt, timeZone))}
      />
    </Tooltip>
  ) : (
    <Chip variant="outlined" label={messages.historyNotVerified} />
  );
}

function Section({ title, fields }: { title: string; fields: [string, ReactNode][] }) {
  const id = `log-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2, height: '100%' }}>
      <Typography id={id} variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      {fields.map(([label, value]) => (
        <Typography key={label} variant="body2">
          <strong>{label}:</strong> {value === '' ? '-' : value}
        </Typography>
      ))}
    </Paper>
  );
}

function sections(log: ActivityLog): [string, [string, ReactNode][]][] {
  const u = log.requestUser;
  return [
    [
      'Request',
      [
        ['Request ID', String(log.requestId)],
        ['Request Type', log.requestTypeName],
        ['Status', log.status.description],
        ['Created Date', formatDateTime(log.createdDate, timeZone)],
        ['Urgent', log.isUrgent ? 'Yes' : 'No'],
        ['Comments', log.comments],
      ],
    ],
    [
      'Created By',
      [
        ['Name', log.createdByUser.fullName],
        ['Email', log.createdByUser.email],
      ],
    ],
    [
      'User Information',
      [
        ['Name', u.fullName],
        ['Email', u.email],
        ['Title', u.title],
        ['Organization', u.organization],
        ['Department', u.department],
        ['Country', u.locationCountry],
        ['Internal', log.isInternal ? 'Yes' : 'No'],
      ],
    ],
    [
      'Platform Access Information',
      [
        ['Region / Market', `${log.regionName} / ${log.marketName}`],
        ['Agency / Practice', `${log.agencyName} / ${log.practiceName}`],
        ['Platform', log.platformName],
        ['Client', log.clientName],
        ['Asset', [log.assetName, log.clientAccountName, log.assetReference].filter(Boolean).join(' - ')],
        ['Platform User Type', log.platformUserTypeName],
        ['Platform Email', log.email],
        ['Length of Access', log.accessDate],
      ],
    ],
  ];
}

/** Activity log (spec 2 "Activity log"): the request, its people and its history; PDF download. */
export function ActivityLogPage() {
  const logId = Number(useParams().logId);
  const isValidId = Number.isInteger(logId) && logId > 0;
  const log = useActivityLogQuery(isValidId ? logId : 0);
  const [isDownloading, setIsDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!isValidId) {
    return <Alert severity="error">{messages.recordNotFound}</Alert>;
  }
  if (log.isError) {
    return (
      <Alert severity="error">
        {log.error instanceof ApiError ? log.error.message : messages.serverError}
      </Alert>
    );
  }
  if (!log.data) {
    return <PageSpinner />;
  }
  const handleDownload = async () => {
    setIsDownloading(true);
    setError(null);
    try {
      await downloadActivityLogPdf(logId);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : messages.serverError);
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ flexGrow: 1 }}>{`Request #${log.data.requestId}`}</Typography>
        <HistoryMark verifiedAt={log.data.historyVerifiedAt} />
        <Button variant="contained" disabled={isDownloading} onClick={() => void handleDownload()}>
          Download PDF
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      <Grid container spacing={2}>
        {sections(log.data).map(([title, fields]) => (
          <Grid key={title} size={{ xs: 12, md: 6 }}>
            <Section title={title} fields={fields} />
          </Grid>
        ))}
      </Grid>
      <Paper sx={{ p: 2 }}>
        <HistoryTable logId={logId} />
      </Paper>
    </Stack>
  );
}
