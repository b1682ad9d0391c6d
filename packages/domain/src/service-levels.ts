import { RequestStatus } from './requests.ts';

/**
 * How long a task may wait before its people are reminded (SLA_APPROVAL_HOURS,
 * SLA_PROVISIONING_HOURS). An urgent line gets half its level.
 */
export interface ServiceLevels {
  approvalHours: number;
  provisioningHours: number;
}

/** A task: a Submitted line waits for its approvers, an Approved line for its provisioners. */
export type TaskKind = 'approval' | 'provisioning';

/**
 * The stages of a waiting task, each sent once per line and waiting status:
 * - reminder: at its level, to the people who act on it;
 * - escalation: at twice its level, to the master approvers of a Submitted line's path;
 * - scopeEscalation: to the administrators of the line's scope — at three times the level for a
 *   Submitted line whose path has master approvers, at twice the level for one whose path has
 *   none and for an Approved line (provisioners have no master).
 */
export const taskStages = { reminder: 1, escalation: 2, scopeEscalation: 3 } as const;
export type TaskStage = (typeof taskStages)[keyof typeof taskStages];

const HOUR = 3_600_000;

/** The task a line in this status is, or null when it waits for nobody. */
export function taskKindOf(statusId: number): TaskKind | null {
  if (statusId === RequestStatus.SUBMITTED) {
    return 'approval';
  }
  return statusId === RequestStatus.APPROVED ? 'provisioning' : null;
}

/** The service level of a task in hours: its kind's level, half of it for an urgent line. */
export function levelHours(levels: ServiceLevels, kind: TaskKind, isUrgent: boolean): number {
  const hours = kind === 'approval' ? levels.approvalHours : levels.provisioningHours;
  return isUrgent ? hours / 2 : hours;
}

/**
 * The one overdue rule: a task is past `multiple` times its level at `now` when it has waited
 * since this instant or earlier (ISO-8601 UTC). The server's SQL compares the line's
 * waiting-since with it; the job and the Request Tracker use the same cut-offs.
 */
export function pastLevelCutoff(
  now: Date,
  levels: ServiceLevels,
  kind: TaskKind,
  isUrgent: boolean,
  multiple: number = taskStages.reminder,
): string {
  return new Date(now.getTime() - levelHours(levels, kind, isUrgent) * multiple * HOUR).toISOString();
}

/** Whole hours a task has waited at `now` (0 when its waiting-since is later). */
export function waitingHours(waitingSince: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(waitingSince).getTime()) / HOUR));
}
