import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db/connection.ts';
import { JobRunner, type JobDefinition } from '../src/modules/jobs/runner.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { uniqueTag, userIdOf } from './factories.ts';

/**
 * Every instance fires a job's schedule at the same time; the job runs once per firing, also when
 * one instance comes late, after the other's run has ended and released the lease.
 */

let ctx: TestContext;
/** A second connection to the same database: another server instance. */
let otherInstance: Db;

beforeAll(async () => {
  ctx = await createTestContext();
  otherInstance = openDb(ctx.config.databaseUrl);
});
afterAll(async () => {
  await otherInstance.kysely.destroy();
  await ctx.close();
});

describe('a schedule fired by two instances', () => {
  it('runs the job once per firing, however late the second instance claims the lease', async () => {
    const name = `scheduled-${uniqueTag()}`;
    let runs = 0;
    const quick: JobDefinition = {
      name,
      title: `Test job ${name}`,
      schedule: '15 * * * *',
      maxAttempts: 1,
      run: () => {
        runs += 1;
        return Promise.resolve({ done: 1 });
      },
    };
    const a = new JobRunner(ctx.db, [quick]);
    const b = new JobRunner(otherInstance, [quick]);
    const due = new Date(Date.now() - 2_000);
    expect((await a.runScheduled(name, due)).status).toBe('COMPLETED');
    // The other instance's firing of the same time, once the first run is over and its lease free.
    expect(await b.runScheduled(name, due)).toEqual({ status: 'SKIPPED' });
    expect(runs).toBe(1);
    // The next firing runs; Run now is never held back by the schedule.
    expect((await b.runScheduled(name, new Date(Date.now() + 3_600_000 - 2_000))).status).toBe('COMPLETED');
    expect((await a.run(name, await userIdOf(ctx.db.kysely, demo.admin))).status).toBe('COMPLETED');
    expect(runs).toBe(3);
    const rows = await ctx.db.kysely.selectFrom('jobRuns').select('status').where('jobName', '=', name).execute();
    expect(rows.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
  });
});
