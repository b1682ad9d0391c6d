import { nowIso, type Executor } from '../../db/connection.ts';

/**
 * Takes the job's lease unless another owner holds an unexpired one: one statement (insert, or
 * take over an expired row), so two instances claiming at once get exactly one winner.
 */
export async function claimLease(
  q: Executor,
  jobName: string,
  owner: string,
  until: string,
): Promise<boolean> {
  const now = nowIso();
  await q
    .insertInto('jobLeases')
    .values({ jobName, owner, leaseUntil: until })
    .onConflict((oc) =>
      oc.column('jobName').doUpdateSet({ owner, leaseUntil: until }).where('jobLeases.leaseUntil', '<', now),
    )
    .execute();
  const row = await q
    .selectFrom('jobLeases')
    .select('owner')
    .where('jobName', '=', jobName)
    .executeTakeFirst();
  return row?.owner === owner;
}

/** Keeps a long run's lease alive; false when the lease was lost (expired and taken over). */
export async function renewLease(
  q: Executor,
  jobName: string,
  owner: string,
  until: string,
): Promise<boolean> {
  const result = await q
    .updateTable('jobLeases')
    .set({ leaseUntil: until })
    .where('jobName', '=', jobName)
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLease(q: Executor, jobName: string, owner: string): Promise<void> {
  await q.deleteFrom('jobLeases').where('jobName', '=', jobName).where('owner', '=', owner).execute();
}

/** Releases every lease an instance still holds (its owners all start with `instance:`). */
export async function releaseLeasesOf(q: Executor, instance: string): Promise<number> {
  const result = await q
    .deleteFrom('jobLeases')
    .where((eb) =>
      eb(eb.fn('substr', ['owner', eb.val(1), eb.val(instance.length + 1)]), '=', `${instance}:`),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether a run of the schedule (one nobody started by hand) began at or after `since`, anywhere. */
export async function hasScheduledRunSince(q: Executor, jobName: string, since: string): Promise<boolean> {
  const row = await q
    .selectFrom('jobRuns')
    .select('id')
    .where('jobName', '=', jobName)
    .where('startedBy', 'is', null)
    .where('startedOn', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRun(
  q: Executor,
  run: { jobName: string; owner: string; leaseUntil: string; attempt: number; startedBy: number | null },
): Promise<number> {
  const row = await q
    .insertInto('jobRuns')
    .values({
      jobName: run.jobName,
      status: 'RUNNING',
      startedOn: nowIso(),
      leaseOwner: run.owner,
      leaseUntil: run.leaseUntil,
      attempt: run.attempt,
      startedBy: run.startedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(
  q: Executor,
  id: number,
  outcome: { status: 'COMPLETED' | 'FAILED'; counts: Record<string, number> | null; message: string | null },
): Promise<void> {
  await q
    .updateTable('jobRuns')
    .set({
      status: outcome.status,
      endedOn: nowIso(),
      counts: outcome.counts ? JSON.stringify(outcome.counts) : null,
      message: outcome.message,
    })
    .where('id', '=', id)
    .execute();
}

/** The latest runs of each job named, newest first (at most `perJob` each). */
export async function latestRuns(q: Executor, jobNames: readonly string[], perJob: number) {
  const runs = await Promise.all(
    jobNames.map((jobName) =>
      q
        .selectFrom('jobRuns')
        .leftJoin('users', 'users.userId', 'jobRuns.startedBy')
        .select([
          'jobRuns.id',
          'jobRuns.jobName',
          'jobRuns.status',
          'jobRuns.startedOn',
          'jobRuns.endedOn',
          'jobRuns.attempt',
          'jobRuns.startedBy',
          'jobRuns.counts',
          'jobRuns.message',
          'users.name as starterFirstName',
          'users.lastName as starterLastName',
        ])
        .where('jobRuns.jobName', '=', jobName)
        .orderBy('jobRuns.startedOn', 'desc')
        .orderBy('jobRuns.id', 'desc')
        .limit(perJob)
        .execute(),
    ),
  );
  return runs.flat();
}
export type JobRunRow = Awaited<ReturnType<typeof latestRuns>>[number];
