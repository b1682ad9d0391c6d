import { RequestStatus, taskStages, type ServiceLevels, type TaskStage } from '@uap/domain';
import { inTransaction, type Db } from '../../../db/connection.ts';
import type { JobCounts, JobDefinition } from '../runner.ts';
import { queueNotifications, queueScopeEscalations } from '../../notifications/outbox.ts';
import * as q from './queries.ts';
import { deleteExpiredTokens } from '../../mail-decisions/queries.ts';

export const TASK_REMINDERS = 'task-reminders';

/**
 * Lines per transaction: a run's notifications are queued in transactions of at most this many
 * lines, so a large backlog never holds the database's write lock for long. A recipient gets one
 * email per event per transaction, so one per run unless a run has more due lines than this.
 */
export const REMINDER_BATCH = 500;

const countOf = {
  [taskStages.reminder]: 'reminded',
  [taskStages.escalation]: 'escalated',
  [taskStages.scopeEscalation]: 'escalatedToAdmins',
} as const;

/**
 * How many times its level a line has waited when the administrators are told: three times for a
 * Submitted line whose path has a master approver (told at twice), else twice.
 */
const timesOf = (line: q.DueTask) =>
  line.statusId === RequestStatus.SUBMITTED && line.hasMaster === 1 ? 3 : 2;

/** Keeps a path's lines next to each other, so the people of a path get them in one batch. */
function byPath(a: q.DueTask, b: q.DueTask): number {
  return (
    a.regionId - b.regionId ||
    a.marketId - b.marketId ||
    a.agencyId - b.agencyId ||
    a.practiceId - b.practiceId ||
    a.platformId - b.platformId ||
    (a.clientId ?? 0) - (b.clientId ?? 0) ||
    a.requestId - b.requestId
  );
}

async function sendStage(db: Db, now: Date, levels: ServiceLevels, stage: TaskStage): Promise<number> {
  const due = (await q.findDueTasks(db.kysely, now, levels, stage)).sort(byPath);
  let sent = 0;
  for (let i = 0; i < due.length; i += REMINDER_BATCH) {
    const batch = due.slice(i, i + REMINDER_BATCH);
    sent += await inTransaction(db, async (trx) => {
      const recorded: number[] = [];
      for (const statusId of [...new Set(batch.map((l) => l.statusId))]) {
        const ids = batch.filter((l) => l.statusId === statusId).map((l) => l.requestId);
        recorded.push(...(await q.recordStage(trx, ids, statusId, stage, now.toISOString())));
      }
      if (stage === taskStages.scopeEscalation) {
        const kept = new Set(recorded);
        const lines = batch.filter((l) => kept.has(l.requestId));
        // A Submitted line with no master approver skips their stage: recorded as passed, so
        // the hourly search of that stage never reads the line again.
        await q.recordStage(
          trx,
          lines
            .filter((l) => l.statusId === RequestStatus.SUBMITTED && l.hasMaster === 0)
            .map((l) => l.requestId),
          RequestStatus.SUBMITTED,
          taskStages.escalation,
          now.toISOString(),
        );
        await queueScopeEscalations(
          trx,
          lines.map((l) => ({ requestId: l.requestId, times: timesOf(l) })),
        );
      } else {
        await queueNotifications(
          trx,
          stage === taskStages.reminder ? 'reminder' : 'escalated',
          recorded,
          null,
        );
      }
      return recorded.length;
    });
  }
  return sent;
}

/**
 * Reminds and escalates the tasks waiting at `now`: past its service level a task reminds its
 * approvers (Approved: its provisioners) once; past twice its level a Submitted line is escalated
 * once to the master approvers of its path, and past three times to the administrators of its
 * scope (and the Teams / Slack webhook); a Submitted line whose path has no master approver, and
 * an Approved line (provisioners have no master), go to the administrators at twice the level.
 * Each stage is recorded per line and waiting status, so a second run sends nothing and a run
 * after missed hours sends what is due, once; a decision or provision ends the stages of the
 * status the line left.
 */
export async function sendTaskReminders(db: Db, now: Date, levels: ServiceLevels): Promise<JobCounts> {
  const counts: JobCounts = {};
  for (const stage of q.stages) {
    counts[countOf[stage]] = await sendStage(db, now, levels, stage);
  }
  return counts;
}

/**
 * The hourly job (SLA_APPROVAL_HOURS, SLA_PROVISIONING_HOURS: the server's configuration); it also
 * forgets the mail decision links a week past their expiry.
 */
export const taskRemindersJob: JobDefinition = {
  name: TASK_REMINDERS,
  title: 'Task reminders',
  schedule: '15 * * * *',
  maxAttempts: 3,
  run: async ({ db, now, config }) => {
    // The mail links a week past their expiry go: the page says 'expired' for a week, then 'not valid'.
    await deleteExpiredTokens(db.kysely, new Date(now.getTime() - 7 * 86_400_000).toISOString());
    return sendTaskReminders(db, now, config.serviceLevels);
  },
};
