import { sql, type Expression, type SqlBool } from 'kysely';
import {
  pastLevelCutoff,
  RequestStatus,
  taskStages,
  type ServiceLevels,
  type TaskKind,
} from '@uap/domain';
import { ref } from './line-query.ts';

/**
 * The overdue rule in SQL, shared by the reminders job and the Request Tracker: the cut-offs
 * come from the domain's `pastLevelCutoff`, so the job, the tracker's Overdue filter and its
 * overdue marker can never disagree.
 */

/** What a task waits since: a Submitted line its creation, an Approved line its approval; else null. */
export const waitingSince = sql<string | null>`case ${ref('r.statusId')} when ${sql.lit(
  RequestStatus.SUBMITTED,
)} then ${ref('r.createdDate')} when ${sql.lit(RequestStatus.APPROVED)} then ${ref('r.approvedDate')} end`;

const waitingColumn = { approval: 'r.createdDate', provisioning: 'r.approvedDate' } as const;
const statusOf = { approval: RequestStatus.SUBMITTED, provisioning: RequestStatus.APPROVED } as const;

/** The lines (alias r) that are a task of this kind past `multiple` times its level at `now`. */
export function taskPastLevel(
  kind: TaskKind,
  now: Date,
  levels: ServiceLevels,
  multiple: number = taskStages.reminder,
): Expression<SqlBool> {
  const since = ref(waitingColumn[kind]);
  // The urgent cut-off is the later one: the range of the status's index up to it, then the
  // lines that are not urgent must also be older than their own cut-off.
  const urgent = pastLevelCutoff(now, levels, kind, true, multiple);
  const normal = pastLevelCutoff(now, levels, kind, false, multiple);
  return sql<SqlBool>`(${ref('r.statusId')} = ${sql.lit(statusOf[kind])} and ${since} <= ${urgent} and (${ref(
    'r.isUrgent',
  )} = 1 or ${since} <= ${normal}))`;
}

/** The lines (alias r) that are a task of either kind past `multiple` times its level at `now`. */
export function pastServiceLevel(now: Date, levels: ServiceLevels, multiple: number = taskStages.reminder) {
  return sql<SqlBool>`(${taskPastLevel('approval', now, levels, multiple)} or ${taskPastLevel(
    'provisioning',
    now,
    levels,
    multiple,
  )})`;
}
