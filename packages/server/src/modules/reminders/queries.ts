import { sql } from 'kysely';
import { taskStages, type ServiceLevels, type TaskStage } from '@uap/domain';
import type { Executor } from '../../db/connection.ts';
import { pastServiceLevel } from '../request-lines/service-level.ts';

/**
 * The tasks (Submitted or Approved lines) past `stage` times their service level at `now` whose
 * stage was not sent in their current status. The overdue rule reads each status's index of
 * waiting-since as a range (migrations 0004, 0030); the stage already sent is a probe of
 * `task_reminders`' primary key. With the path, so a run can keep a path's lines together.
 */
export function findDueTasks(q: Executor, now: Date, levels: ServiceLevels, stage: TaskStage) {
  return q
    .selectFrom('requests as r')
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
    .where(pastServiceLevel(now, levels, stage))
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
    .execute();
}
export type DueTask = Awaited<ReturnType<typeof findDueTasks>>[number];

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

export const stages = [taskStages.reminder, taskStages.escalation] as const;
