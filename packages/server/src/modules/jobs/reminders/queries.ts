import { sql, type Expression, type SqlBool } from 'kysely';
import { RequestStatus, taskStages, type ServiceLevels, type TaskStage } from '@uap/domain';
import type { Executor } from '../../../db/connection.ts';
import type { RequestEb } from '../../request-lines/line-query.ts';
import { masterApproverOfPath } from '../../request-lines/routing.ts';
import { pastServiceLevel } from '../../request-lines/service-level.ts';

/**
 * A master approver of the line's path who may decide it (not its requestor or subject): the
 * one the escalation at twice the level goes to.
 */
function hasDecidingMaster(eb: RequestEb): Expression<SqlBool> {
  return eb.exists(
    masterApproverOfPath(eb)
      .select('m.masterApproverId')
      .whereRef('m.userId', '!=', 'r.createdBy')
      .whereRef('m.userId', '!=', 'r.userId'),
  );
}

/**
 * When each stage is due (`taskStages`): the reminder past the level; the escalation to the
 * master approvers past twice the level, for a Submitted line whose path has one; the
 * administrators' escalation past three times the level for a Submitted line whose path has a
 * master approver, past twice the level for the other Submitted lines and for Approved lines.
 * `range` is the index range of the lines that may be due; `rest` the test of each line not yet
 * sent, after the cheap probe of what was sent.
 */
function dueRule(now: Date, levels: ServiceLevels, stage: TaskStage) {
  // The status test is kept out of index use (unary +): the range of waiting-since is the way in.
  const submitted = (eb: RequestEb) =>
    eb(sql<number>`+${eb.ref('r.statusId')}`, '=', sql.lit(RequestStatus.SUBMITTED));
  switch (stage) {
    case taskStages.reminder:
      return { range: pastServiceLevel(now, levels, 1), rest: null };
    case taskStages.escalation:
      return {
        range: pastServiceLevel(now, levels, 2),
        rest: (eb: RequestEb) => eb.and([submitted(eb), hasDecidingMaster(eb)]),
      };
    case taskStages.scopeEscalation:
      return {
        range: pastServiceLevel(now, levels, 2),
        rest: (eb: RequestEb) =>
          eb.or([eb.not(submitted(eb)), pastServiceLevel(now, levels, 3), eb.not(hasDecidingMaster(eb))]),
      };
  }
}

/**
 * The tasks (Submitted or Approved lines) at `now` whose `stage` is due and was not sent in their
 * current status. The overdue rule reads each status's index of waiting-since as a range
 * (migrations 0004, 0030); the stage already sent is a probe of `task_reminders`' primary key;
 * the master approvers of a path are read by their path index. With the path, so a run can keep
 * a path's lines together, and for the administrators' stage whether a master approver may decide
 * the line (`hasMaster`).
 */
export function findDueTasks(q: Executor, now: Date, levels: ServiceLevels, stage: TaskStage) {
  return dueTasksQuery(q, now, levels, stage).execute();
}
export type DueTask = Awaited<ReturnType<typeof findDueTasks>>[number];

/** The statement of `findDueTasks` (the bench reads its plan). */
export function dueTasksQuery(q: Executor, now: Date, levels: ServiceLevels, stage: TaskStage) {
  const { range, rest } = dueRule(now, levels, stage);
  return q
    .selectFrom('requests as r')
    .select((eb) => [
      (stage === taskStages.scopeEscalation
        ? sql<number>`case when ${hasDecidingMaster(eb as unknown as RequestEb)} then 1 else 0 end`
        : sql<number>`0`
      ).as('hasMaster'),
    ])
    .select([
      'r.requestId',
      'r.statusId',
      'r.regionId',
      'r.marketId',
      'r.agencyId',
      'r.practiceId',
      'r.platformId',
      'r.clientId',
    ])
    .where(range)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('taskReminders as t')
            .select('t.requestId')
            .whereRef('t.requestId', '=', 'r.requestId')
            .whereRef('t.statusId', '=', 'r.statusId')
            .where('t.stage', '=', sql.lit(stage)),
        ),
      ),
    )
    .$if(rest !== null, (qb) => qb.where((eb) => rest!(eb as unknown as RequestEb)));
}

/**
 * Records the stage as sent for the lines still in `statusId` (compare-and-set: a line decided
 * since it was found is left out) and returns those lines; a stage already recorded is kept
 * (the primary key), so it is sent once.
 */
export async function recordStage(
  trx: Executor,
  requestIds: readonly number[],
  statusId: number,
  stage: TaskStage,
  sentDate: string,
): Promise<number[]> {
  if (requestIds.length === 0) {
    return [];
  }
  const still = await trx
    .selectFrom('requests')
    .select('requestId')
    .where('requestId', 'in', requestIds)
    .where('statusId', '=', statusId)
    .execute();
  if (still.length === 0) {
    return [];
  }
  const recorded = await trx
    .insertInto('taskReminders')
    .values(still.map((r) => ({ requestId: r.requestId, statusId, stage, sentDate })))
    .onConflict((oc) => oc.columns(['requestId', 'statusId', 'stage']).doNothing())
    .returning('requestId')
    .execute();
  return recorded.map((r) => r.requestId);
}

export const stages = [taskStages.reminder, taskStages.escalation, taskStages.scopeEscalation] as const;
