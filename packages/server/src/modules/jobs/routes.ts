import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role, envelope, jobNameParams, jobRun, jobSummary, messages, type JobRun } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { latestRuns, type JobRunRow } from './queries.ts';
import type { JobRunner } from './runner.ts';
import { roleValidationJob } from './role-validation.ts';

/** Runs shown per job. */
const LAST_RUNS = 5;

function presentRun(row: JobRunRow): JobRun {
  return {
    id: row.id,
    status: row.status as JobRun['status'],
    startedOn: row.startedOn,
    endedOn: row.endedOn,
    attempt: row.attempt,
    startedBy: row.startedBy,
    startedByName:
      row.starterFirstName === null ? null : `${row.starterFirstName} ${row.starterLastName ?? ''}`.trim(),
    counts: row.counts ? (JSON.parse(row.counts) as Record<string, number>) : null,
    message: row.message,
  };
}

/** The job runner's view for super admins, Run now for administrators, and the spec's job calls. */
export const jobRoutes: FastifyPluginAsync<{ db: Db; runner: JobRunner }> = async (base, { db, runner }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];

  /** Runs a job now; the finished run (the last try), or 409 while a run of it is under way anywhere. */
  async function runNow(name: string, startedBy: number) {
    const job = runner.find(name);
    if (!job) {
      throw notFound(messages.jobUnknown(name));
    }
    const result = await runner.run(name, startedBy);
    if (result.status === 'SKIPPED') {
      throw conflict(messages.jobAlreadyRunning(job.title));
    }
    const [run] = (await latestRuns(db.kysely, [name], LAST_RUNS)).filter((r) => r.id === result.runId);
    return { result, run: presentRun(run!) };
  }

  app.get('/api/Jobs', {
    config: { access: { minRole: Role.SUPERADMIN, auditor: false } },
    schema: {
      tags,
      summary: 'Every background job: its schedule, next run on this instance and last runs',
      response: { 200: envelope(z.array(jobSummary)) },
    },
    handler: async () => {
      const runs = await latestRuns(
        db.kysely,
        runner.jobs.map((j) => j.name),
        LAST_RUNS,
      );
      return ok(
        runner.jobs.map((job) => ({
          name: job.name,
          title: job.title,
          schedule: job.schedule,
          nextRun: runner.nextRun(job.name),
          lastRuns: runs.filter((r) => r.jobName === job.name).map(presentRun),
        })),
      );
    },
  });

  app.post('/api/Jobs/:name/run', {
    config: { access: { minRole: Role.ADMIN, auditor: false } },
    schema: {
      tags,
      errors: [404, 409],
      summary: 'Run a job now and wait for it (409 while a run of it is under way on any instance)',
      params: jobNameParams,
      response: { 200: envelope(jobRun) },
    },
    handler: async (request) => {
      const { run } = await runNow(request.params.name, requireActor(request).userId);
      return ok(run);
    },
  });

  app.get('/api/User/ApproverToStandardUsers/', {
    config: { access: { minRole: Role.ADMIN, auditor: false } },
    schema: {
      tags: ['users'],
      errors: [409],
      summary:
        "UAP User Role Validation now: roles without an active row go back to Standard User (data false: the run failed, 'Something went wrong.!')",
      response: { 200: envelope(z.boolean()) },
    },
    handler: async (request) => {
      const { result } = await runNow(roleValidationJob.name, requireActor(request).userId);
      return result.status === 'COMPLETED'
        ? ok(true, messages.roleValidationComplete)
        : { succeeded: false, message: messages.somethingWentWrong, data: false };
    },
  });
};
