import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { describeSchedule, formatDateTime, messages, type JobRun, type JobSummary } from '@uap/domain';
import { useJobs } from '../../api/jobs.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { RunJobDialog } from './RunJobDialog.tsx';
import { localTimeZone } from '../../session/time-zone.ts';
import { PlainTableHead } from '../../components/PlainTableHead.tsx';
import { LabelledCard } from '../../components/LabelledCard.tsx';

const timeZone = localTimeZone();

const outcomeText: Record<JobRun['status'], string> = {
  RUNNING: 'Running',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
};

const countsText = (counts: JobRun['counts']) =>
  counts
    ? Object.entries(counts)
        .map(([name, count]) => `${name}: ${count}`)
        .join(', ')
    : '';

const starterText = (run: JobRun) =>
  run.startedByName ?? (run.startedBy === null ? messages.jobStartedBySchedule : `#${run.startedBy}`);

/** A job's last runs, newest first. */
function RunsTable({ job }: { job: JobSummary }) {
  if (job.lastRuns.length === 0) {
    return <Typography color="text.secondary">{messages.jobNoRuns}</Typography>;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={`Last runs of ${job.title}`}>
        <PlainTableHead headers={['Started', 'Ended', 'Outcome', 'Counts', 'Attempt', 'Started by']} />
        <TableBody>
          {job.lastRuns.map((run) => (
            <TableRow key={run.id}>
              <TableCell>{formatDateTime(run.startedOn, timeZone)}</TableCell>
              <TableCell>{run.endedOn ? formatDateTime(run.endedOn, timeZone) : ''}</TableCell>
              <TableCell>
                {outcomeText[run.status]}
                {run.message ? `: ${run.message}` : ''}
              </TableCell>
              <TableCell>{countsText(run.counts)}</TableCell>
              <TableCell>{run.attempt}</TableCell>
              <TableCell>{starterText(run)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Jobs (/Jobs, super admin): each background job with its schedule, next run on this server,
 * its last runs and a Run now button. The list is a handful of jobs, so it is one call, not a
 * server-paged table.
 */
export function JobsPage() {
  const jobs = useJobs();
  const [running, setRunning] = useState<JobSummary | null>(null);

  if (!jobs.data) {
    return <PageSpinner />;
  }
  return (
    <Stack spacing={3}>
      {jobs.data.map((job) => {
        const headingId = `job-${job.name}`;
        return (
          <LabelledCard key={job.name} component="section" headingId={headingId}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1 }}
            >
              <div>
                <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
                  {job.title}
                </Typography>
                <Typography>
                  {`Schedule: ${describeSchedule(job.schedule)} (`}
                  <code>{job.schedule}</code>)
                </Typography>
                <Typography>
                  {`Next run: ${job.nextRun ? formatDateTime(job.nextRun, timeZone) : messages.jobNotScheduled}`}
                </Typography>
              </div>
              <div>
                <Button variant="contained" onClick={() => setRunning(job)}>
                  Run now
                </Button>
              </div>
            </Stack>
            <RunsTable job={job} />
          </LabelledCard>
        );
      })}
      {running && (
        <RunJobDialog
          job={running}
          onClose={() => {
            setRunning(null);
          }}
        />
      )}
    </Stack>
  );
}
