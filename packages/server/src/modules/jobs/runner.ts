import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Cron } from 'croner';
import { parseExpiryNoticeDays, serviceLevelsFrom, type Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { instanceId } from '../../instance.ts';
import {
  claimLease,
  finishRun,
  hasScheduledRunSince,
  insertRun,
  releaseLease,
  renewLease,
} from './queries.ts';

/** The settings jobs read: the server's own configuration, checked once at start. */
export type JobConfig = Pick<Config, 'serviceLevels' | 'expiryNoticeDays'>;

/** What a run counted (users checked, roles changed…), kept with the run. */
export type JobCounts = Record<string, number>;

/** A job declared in code: its schedule, how often a failed run is tried, and its work. */
export interface JobDefinition {
  /** The name in URLs and in job_runs (e.g. `user-role-validation`). */
  name: string;
  /** The name people read (e.g. 'UAP User Role Validation'). */
  title: string;
  /** Cron expression (croner: 5 or 6 fields), in UTC. */
  schedule: string;
  /** Tries per run, the first included; a failed try waits `retryDelayMs × try` before the next. */
  maxAttempts: number;
  /** `now` is the run's clock: the schedule passes the time it fired, tests pass any instant. */
  run(context: { db: Db; startedBy: number | null; now: Date; config: JobConfig }): Promise<JobCounts>;
}

export type RunResult =
  | { status: 'COMPLETED'; runId: number; counts: JobCounts }
  | { status: 'FAILED'; runId: number; message: string }
  /** Another run (this instance or another) holds the job's lease. */
  | { status: 'SKIPPED' };

export interface RunnerOptions {
  /** How long a lease lasts before another instance may take over (renewed while running). */
  leaseMs?: number;
  retryDelayMs?: number;
  /** The settings the jobs get (the app passes its config; default: read from the environment). */
  config?: JobConfig;
  onError?: (error: unknown, job: string) => void;
  /** Called when a run ends (its writes committed or rolled back), whatever its outcome. */
  onRunEnd?: (job: string) => void;
}

/**
 * Runs the jobs on their schedules, and on demand. Each run first claims the job's lease row,
 * so when several instances share one database exactly one of them runs it; the others skip.
 * Every try is a job_runs row (started, ended, outcome, counts, attempt, who started it).
 */
export class JobRunner {
  readonly instanceId = instanceId;
  private readonly crons = new Map<string, Cron>();
  private readonly inFlight = new Set<Promise<RunResult>>();
  private readonly leaseMs: number;
  private readonly retryDelayMs: number;
  private readonly config: JobConfig;

  constructor(
    private readonly db: Db,
    readonly jobs: readonly JobDefinition[],
    private readonly options: RunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.retryDelayMs = options.retryDelayMs ?? 30_000;
    this.config = options.config ?? {
      serviceLevels: serviceLevelsFrom(process.env),
      expiryNoticeDays: parseExpiryNoticeDays(process.env),
    };
  }

  find(name: string): JobDefinition | undefined {
    return this.jobs.find((j) => j.name === name);
  }

  /** Starts the schedules (`npm start`; tests start none unless they call this). */
  start(): void {
    for (const job of this.jobs) {
      if (!this.crons.has(job.name)) {
        const cron = new Cron(
          job.schedule,
          { name: `uap:${job.name}`, timezone: 'UTC', protect: true },
          (self: Cron) => {
            const due = self.currentRun() ?? new Date();
            // Up to a minute, and never as far back as the firing before.
            const next = self.nextRun();
            const windowMs = Math.min(60_000, next ? (next.getTime() - due.getTime()) / 2 : 60_000);
            this.runScheduled(job.name, due, windowMs).then(
              () => undefined,
              (error: unknown) => this.options.onError?.(error, job.name),
            );
          },
        );
        this.crons.set(job.name, cron);
      }
    }
  }

  get scheduled(): boolean {
    return this.crons.size > 0;
  }

  /** When the schedule runs the job next (null: the schedule is off on this instance). */
  nextRun(name: string): string | null {
    return this.crons.get(name)?.nextRun()?.toISOString() ?? null;
  }

  /** Stops the schedules and waits for the runs under way. */
  async stop(): Promise<void> {
    for (const cron of this.crons.values()) {
      cron.stop();
    }
    this.crons.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Runs a job now, unless a run of it holds the lease anywhere (then SKIPPED). `now` is the
   * instant the job works as of (tests move it; they never sleep).
   */
  run(name: string, startedBy: number | null = null, now: Date = new Date()): Promise<RunResult> {
    return this.track(name, (job) => this.runClaimed(job, startedBy, now));
  }

  /**
   * The schedule's firing due at `due`, on every instance at once: the first to claim the lease
   * runs the job; any other skips, also one that claims the lease only after that run ended (a
   * late clock or a busy process), as long as a run of the schedule started within `windowMs`
   * of `due` (SKIPPED).
   */
  runScheduled(name: string, due: Date, windowMs = 60_000): Promise<RunResult> {
    const since = new Date(due.getTime() - windowMs).toISOString();
    return this.track(name, (job) => this.runClaimed(job, null, new Date(), since));
  }

  private track(name: string, start: (job: JobDefinition) => Promise<RunResult>): Promise<RunResult> {
    const job = this.find(name);
    if (!job) {
      return Promise.reject(new Error(`unknown job ${name}`));
    }
    const run = start(job);
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run)).catch(() => undefined);
    return run;
  }

  private leaseEnd(): string {
    return new Date(Date.now() + this.leaseMs).toISOString();
  }

  /** `scheduledSince`: a run of the schedule; skipped if one started since then. */
  private async runClaimed(
    job: JobDefinition,
    startedBy: number | null,
    now: Date,
    scheduledSince?: string,
  ): Promise<RunResult> {
    const owner = `${this.instanceId}:${crypto.randomUUID().slice(0, 8)}`;
    const q = this.db.kysely;
    if (!(await claimLease(q, job.name, owner, this.leaseEnd()))) {
      return { status: 'SKIPPED' };
    }
    if (scheduledSince !== undefined && (await hasScheduledRunSince(q, job.name, scheduledSince))) {
      await releaseLease(q, job.name, owner);
      return { status: 'SKIPPED' };
    }
    const heartbeat = setInterval(() => {
      renewLease(q, job.name, owner, this.leaseEnd()).catch((error: unknown) =>
        this.options.onError?.(error, job.name),
      );
    }, this.leaseMs / 3);
    heartbeat.unref();
    try {
      for (let attempt = 1; ; attempt += 1) {
        const runId = await insertRun(q, {
          jobName: job.name,
          owner,
          leaseUntil: this.leaseEnd(),
          attempt,
          startedBy,
        });
        try {
          const counts = await job.run({ db: this.db, startedBy, now, config: this.config });
          await finishRun(q, runId, { status: 'COMPLETED', counts, message: null });
          return { status: 'COMPLETED', runId, counts };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.options.onError?.(error, job.name);
          await finishRun(q, runId, { status: 'FAILED', counts: null, message });
          if (attempt >= job.maxAttempts) {
            return { status: 'FAILED', runId, message };
          }
          await sleep(this.retryDelayMs * attempt);
        }
      }
    } finally {
      clearInterval(heartbeat);
      this.options.onRunEnd?.(job.name);
      await releaseLease(q, job.name, owner);
    }
  }
}
