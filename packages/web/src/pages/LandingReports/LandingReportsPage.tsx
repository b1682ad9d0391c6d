import { useState, type ReactNode } from 'react';
import { Link as RouterDomLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import { useConfig } from '../../app/config-context.ts';
import { ApiError } from '../../api/client.ts';
import { downloadAuditPdf, downloadExportKey, fetchAuditCount } from '../../api/audit.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  isDayRangeReversed,
  localDayBefore,
  ReportDayRange,
} from '../../components/forms/ReportDayRange.tsx';

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'counting' }
  | { kind: 'confirm'; count: number }
  | { kind: 'downloading'; count: number; bytes: number }
  | { kind: 'done'; count: number };

/** The audit PDF of a date range: the count first, then one streamed document with its progress. */
function AuditPdfSection() {
  const [from, setFrom] = useState(() => localDayBefore(0));
  const [to, setTo] = useState(() => localDayBefore(0));
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [notice, setNotice] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);
  const isBusy = step.kind === 'counting' || step.kind === 'downloading';
  const isRangeReversed = isDayRangeReversed(from, to);

  const handleCount = async () => {
    setNotice(null);
    setStep({ kind: 'counting' });
    try {
      const count = await fetchAuditCount(from, to);
      if (count === 0) {
        setNotice({ severity: 'info', text: messages.noRecordsInRange });
        setStep({ kind: 'idle' });
      } else {
        setStep({ kind: 'confirm', count });
      }
    } catch (e) {
      setNotice({ severity: 'error', text: e instanceof ApiError ? e.message : messages.serverError });
      setStep({ kind: 'idle' });
    }
  };

  const handleDownload = async (count: number) => {
    setStep({ kind: 'downloading', count, bytes: 0 });
    try {
      await downloadAuditPdf(from, to, (bytes) => setStep({ kind: 'downloading', count, bytes }));
      setStep({ kind: 'done', count });
    } catch (e) {
      setNotice({ severity: 'error', text: e instanceof ApiError ? e.message : messages.serverError });
      setStep({ kind: 'idle' });
    }
  };

  return (
    <Paper component="section" aria-labelledby="audit-pdf-title" sx={{ p: 2 }}>
      <Typography id="audit-pdf-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Audit PDF
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Every request created in the date range (dates in UTC), in one PDF document.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <ReportDayRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <Button
          variant="contained"
          disabled={isBusy || from === '' || to === '' || isRangeReversed}
          onClick={() => void handleCount()}
        >
          Download audit PDF
        </Button>
      </Stack>
      {step.kind === 'downloading' && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress aria-label="Audit PDF download progress" />
          <Typography role="status" variant="body2" sx={{ mt: 1 }}>
            {`${messages.auditDownloading(formatBytes(step.bytes))} (${step.count} record(s))`}
          </Typography>
        </Box>
      )}
      {step.kind === 'done' && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {messages.auditDownloaded(step.count)}
        </Alert>
      )}
      {notice && (
        <Alert severity={notice.severity} role="alert" sx={{ mt: 2 }}>
          {notice.text}
        </Alert>
      )}
      {step.kind === 'confirm' && (
        <ConfirmDialog
          title="Audit PDF"
          text={messages.recordsInRange(step.count)}
          isPending={false}
          onConfirm={() => void handleDownload(step.count)}
          onClose={() => setStep({ kind: 'idle' })}
        />
      )}
    </Paper>
  );
}

function LinkCard(props: { title: string; text: string; action: ReactNode }) {
  return (
    <Card component="section" aria-label={props.title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {props.title}
        </Typography>
        <Typography variant="body2">{props.text}</Typography>
      </CardContent>
      <CardActions>{props.action}</CardActions>
    </Card>
  );
}

/** Audit Reports (spec 3 §2.10): Admin Resources, Tableau Reporting, and the audit PDF of a date range. */
export function LandingReportsPage() {
  const config = useConfig();
  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <LinkCard
            title="Admin Resources"
            text="Guides and procedures for UAP administrators."
            action={
              <Button href={config.adminResourcesUrl} target="_blank" rel="noopener noreferrer">
                Open Admin Resources
              </Button>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <LinkCard
            title="Tableau Reporting"
            text="Reports on requests, approvals and provisioning."
            action={
              <Button component={RouterDomLink} to="/Reports">
                Open Tableau Reporting
              </Button>
            }
          />
        </Grid>
      </Grid>
      <AuditPdfSection />
      <ExportKeySection />
    </Stack>
  );
}

/** The key that verifies signed exports, and how to check a file with it. */
function ExportKeySection() {
  const [error, setError] = useState<string | null>(null);
  const handleDownload = async () => {
    setError(null);
    try {
      await downloadExportKey();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : messages.serverError);
    }
  };
  return (
    <Paper component="section" aria-labelledby="export-key-title" sx={{ p: 2 }}>
      <Typography id="export-key-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {messages.exportKeyTitle}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {messages.exportKeyText}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Button variant="outlined" onClick={() => void handleDownload()}>
        {messages.exportKeyDownload}
      </Button>
    </Paper>
  );
}
