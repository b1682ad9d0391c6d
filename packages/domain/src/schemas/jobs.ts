import { z } from 'zod';

/** Background jobs: runs recorded in job_runs, listed for super admins. */
export const jobNameParams = z.object({ name: z.string().min(1).max(100) });

export const jobRunStatuses = ['RUNNING', 'COMPLETED', 'FAILED'] as const;

export const jobRun = z.object({
  id: z.number().int(),
  status: z.enum(jobRunStatuses),
  startedOn: z.string(),
  endedOn: z.string().nullable(),
  /** 1 for the first try of a run, 2, 3… for its retries. */
  attempt: z.number().int(),
  /** The administrator who started it; null for the schedule. */
  startedBy: z.number().int().nullable(),
  /** Their name ('First Last'); null for the schedule. */
  startedByName: z.string().nullable(),
  counts: z.record(z.string(), z.number()).nullable(),
  message: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRun>;

export const jobSummary = z.object({
  name: z.string(),
  title: z.string(),
  /** Cron expression, UTC. */
  schedule: z.string(),
  /** The next scheduled run on this instance; null when its schedule is off (JOBS_ENABLED=false). */
  nextRun: z.string().nullable(),
  /** Newest first. */
  lastRuns: z.array(jobRun),
});
export type JobSummary = z.infer<typeof jobSummary>;
