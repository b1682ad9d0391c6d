import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages, type JobRun, type JobSummary } from '@uap/domain';
import { openDb, type Db } from '../src/db/connection.ts';
import { jobDefinitions } from '../src/modules/jobs/definitions.ts';
import { JobRunner, type JobDefinition, type RunResult } from '../src/modules/jobs/runner.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildUser, uniqueTag } from './factories.ts';

let ctx: TestContext;
/** A second connection to the same database: another server instance. */
let otherInstance: Db;
const tokens: Partial<Record<keyof typeof demo, string>> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  otherInstance = openDb(ctx.config.databaseUrl);
  for (const who of ['admin', 'superAdmin', 'auditor'] as const) {
    tokens[who] = await ctx.tokenFor(demo[who]);
  }
});
afterAll(async () => {
  await otherInstance.kysely.destroy();
  await ctx.close();
});

const call = (who: keyof typeof demo, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` } });

const runsOf = (jobName: string) =>
  ctx.db.kysely.selectFrom('jobRuns').selectAll().where('jobName', '=', jobName).orderBy('id').execute();

const roleOf = async (userId: number) =>
  (
    await ctx.db.kysely
      .selectFrom('users')
      .select('roleId')
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
  ).roleId;

function job(name: string, run: JobDefinition['run'], maxAttempts = 1): JobDefinition {
  return { name, title: `Test job ${name}`, schedule: '0 3 * * *', maxAttempts, run };
}

describe('the job runner', () => {
  it('two instances racing for one lease: exactly one runs the job, the other skips', async () => {
    const name = `race-${uniqueTag()}`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const slow = job(name, async () => {
      runs += 1;
      await gate;
      return { done: 1 };
    });
    const a = new JobRunner(ctx.db, [slow], { retryDelayMs: 0 });
    const b = new JobRunner(otherInstance, [slow], { retryDelayMs: 0 });
    const results = [a.run(name), b.run(name)];
    // The loser answers while the winner still waits at the gate.
    const first = await Promise.race(results);
    expect(first).toEqual({ status: 'SKIPPED' });
    release();
    const settled = await Promise.all(results);
    expect(settled.map((r) => r.status).sort()).toEqual(['COMPLETED', 'SKIPPED']);
    expect(runs).toBe(1);
    const rows = await runsOf(name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'COMPLETED', attempt: 1, counts: JSON.stringify({ done: 1 }) });
    expect(rows[0]!.endedOn).not.toBeNull();
    // The lease is released: the next run goes ahead.
    expect((await b.run(name)).status).toBe('COMPLETED');
  });

  it('takes over a lease whose owner died (expired), and skips while a live one is held', async () => {
    const name = `lease-${uniqueTag()}`;
    const runner = new JobRunner(ctx.db, [job(name, () => Promise.resolve({}))]);
    await ctx.db.kysely
      .insertInto('jobLeases')
      .values({
        jobName: name,
        owner: 'dead-instance',
        leaseUntil: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    expect(await runner.run(name)).toEqual({ status: 'SKIPPED' });
    await ctx.db.kysely
      .updateTable('jobLeases')
      .set({ leaseUntil: new Date(Date.now() - 1000).toISOString() })
      .where('jobName', '=', name)
      .execute();
    expect((await runner.run(name)).status).toBe('COMPLETED');
  });

  it('retries a failed run and records every try', async () => {
    const name = `retry-${uniqueTag()}`;
    let tries = 0;
    const flaky = job(
      name,
      () => {
        tries += 1;
        return tries === 1 ? Promise.reject(new Error('database went away')) : Promise.resolve({ fixed: 1 });
      },
      3,
    );
    const result: RunResult = await new JobRunner(ctx.db, [flaky], { retryDelayMs: 0 }).run(name, null);
    expect(result.status).toBe('COMPLETED');
    const rows = await runsOf(name);
    expect(rows.map((r) => [r.attempt, r.status, r.message])).toEqual([
      [1, 'FAILED', 'database went away'],
      [2, 'COMPLETED', null],
    ]);
  });

  it('gives up after the last try and reports FAILED', async () => {
    const name = `fail-${uniqueTag()}`;
    const broken = job(name, () => Promise.reject(new Error('always')), 2);
    const result = await new JobRunner(ctx.db, [broken], { retryDelayMs: 0 }).run(name);
    expect(result).toMatchObject({ status: 'FAILED', message: 'always' });
    expect((await runsOf(name)).map((r) => r.status)).toEqual(['FAILED', 'FAILED']);
  });

  it('runs on its cron schedule once started, and stops', async () => {
    const name = `cron-${uniqueTag()}`;
    let ran!: () => void;
    const done = new Promise<void>((resolve) => (ran = resolve));
    const everySecond = { ...job(name, () => (ran(), Promise.resolve({}))), schedule: '* * * * * *' };
    const runner = new JobRunner(ctx.db, [everySecond]);
    expect(runner.nextRun(name)).toBeNull();
    runner.start();
    expect(runner.nextRun(name)).not.toBeNull();
    await done;
    await runner.stop();
    expect(runner.nextRun(name)).toBeNull();
    expect((await runsOf(name)).length).toBeGreaterThanOrEqual(1);
  });
});

describe('UAP User Role Validation', () => {
  it('sends approvers and provisioners without an active assignment back to Standard User', async () => {
    const stale = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
    const staleProvisioner = await buildUser(ctx.db.kysely, { roleId: Role.PROVISIONER });
    const staleMaster = await buildUser(ctx.db.kysely, { roleId: Role.MASTERAPPROVER });
    const active = await buildUser(ctx.db.kysely, { roleId: Role.APPROVER });
    await buildPath(ctx.db.kysely, { assignment: { primary: active.userId } });

    const res = await call('admin', 'GET', '/api/User/ApproverToStandardUsers/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ succeeded: true, message: messages.roleValidationComplete, data: true });

    expect(await roleOf(stale.userId)).toBe(Role.STANDARD);
    expect(await roleOf(staleProvisioner.userId)).toBe(Role.STANDARD);
    expect(await roleOf(staleMaster.userId)).toBe(Role.STANDARD);
    expect(await roleOf(active.userId)).toBe(Role.APPROVER);

    const [run] = (await runsOf('user-role-validation')).slice(-1);
    const counts = JSON.parse(run!.counts!) as { checked: number; changed: number };
    expect(run).toMatchObject({ status: 'COMPLETED', startedBy: expect.any(Number) });
    expect(counts.changed).toBeGreaterThanOrEqual(3);
    expect(counts.checked).toBeGreaterThanOrEqual(4);
  });

  it('is refused with 409 while a run holds the lease', async () => {
    await ctx.db.kysely
      .insertInto('jobLeases')
      .values({
        jobName: 'user-role-validation',
        owner: 'another-instance',
        leaseUntil: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    const res = await call('superAdmin', 'POST', '/api/Jobs/user-role-validation/run');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: messages.jobAlreadyRunning('UAP User Role Validation') });
    await ctx.db.kysely.deleteFrom('jobLeases').where('jobName', '=', 'user-role-validation').execute();
  });
});

describe('GET /api/Jobs and POST /api/Jobs/{name}/run', () => {
  it('runs a job for an administrator and lists it with its last runs for super admins', async () => {
    const run = await call('admin', 'POST', '/api/Jobs/user-role-validation/run');
    expect(run.statusCode, run.body).toBe(200);
    const started = run.json<{ data: JobRun }>().data;
    expect(started).toMatchObject({
      status: 'COMPLETED',
      attempt: 1,
      counts: { checked: expect.any(Number) },
    });

    const list = await call('superAdmin', 'GET', '/api/Jobs');
    expect(list.statusCode).toBe(200);
    const jobs = list.json<{ data: JobSummary[] }>().data;
    const validation = jobs.find((j) => j.name === 'user-role-validation');
    expect(validation).toMatchObject({
      title: 'UAP User Role Validation',
      schedule: '0 2 * * *',
      nextRun: null,
    });
    expect(validation!.lastRuns[0]).toMatchObject({
      id: started.id,
      status: 'COMPLETED',
      startedByName: 'Ada Admin',
    });
  });

  it('names no starter for a run of the schedule', async () => {
    await new JobRunner(ctx.db, jobDefinitions).run('user-role-validation', null);
    const list = await call('superAdmin', 'GET', '/api/Jobs');
    const validation = list
      .json<{ data: JobSummary[] }>()
      .data.find((j) => j.name === 'user-role-validation');
    expect(validation!.lastRuns[0]).toMatchObject({
      startedBy: null,
      startedByName: null,
      status: 'COMPLETED',
    });
  });

  it('refuses the list to administrators', async () => {
    const res = await call('admin', 'GET', '/api/Jobs');
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an unknown job', async () => {
    const res = await call('superAdmin', 'POST', '/api/Jobs/no-such-job/run');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: messages.jobUnknown('no-such-job') });
  });
});
