import { whenUndecidedValues, type ServiceLevels, type WhenUndecided } from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../db/connection.ts';
import { HttpError } from '../../http/errors.ts';
import type { JobCounts, JobDefinition } from '../jobs/runner.ts';
import { queueAccessReviewNotices } from '../notifications/access-reviews.ts';
import * as f from './follow-up-queries.ts';
import { countUndecided } from './items-queries.ts';
import type { CampaignDbRow } from './queries.ts';
import * as q from './queries.ts';
import { applyClose, startDraft } from './service.ts';
import { refreshItemStatistics } from './snapshot-queries.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The same day `months` later (the month's last day when it has no such day), in UTC. */
export function addMonths(iso: string, months: number): Date {
  const from = new Date(iso);
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
    from.getUTCMilliseconds(),
  );
  return target;
}

/**
 * When a campaign's reviewers are reminded: one approval service level before the due day ends,
 * but never sooner than one level after the start (a short campaign reminds at its due day's end
 * at the latest).
 */
export function reminderAt(
  campaign: Pick<CampaignDbRow, 'startedDate' | 'dueDate'>,
  levels: ServiceLevels,
): Date {
  const level = levels.approvalHours * HOUR;
  const dueEnd = Date.parse(campaign.dueDate) + DAY;
  const started = Date.parse(campaign.startedDate ?? campaign.dueDate);
  return new Date(Math.min(dueEnd, Math.max(started + level, dueEnd - level)));
}

/** Whether the campaign's due day is over at `now` (the due day itself is still in time). */
export const isPastDue = (campaign: Pick<CampaignDbRow, 'dueDate'>, now: Date): boolean =>
  now.getTime() >= Date.parse(campaign.dueDate) + DAY;

const outcomeOf = (campaign: CampaignDbRow): WhenUndecided =>
  (whenUndecidedValues as readonly string[]).includes(campaign.whenUndecided)
    ? (campaign.whenUndecided as WhenUndecided)
    : 'keep';

/** Reminds, once, each named reviewer who still has undecided items, when the reminder is due. */
async function remind(db: Db, campaign: CampaignDbRow, now: Date, levels: ServiceLevels): Promise<number> {
  if (now < reminderAt(campaign, levels) || isPastDue(campaign, now)) {
    return 0;
  }
  if (await f.hasNotice(db.kysely, campaign.reviewId, 'reminder')) {
    return 0;
  }
  return inTransaction(db, async (trx) => {
    const reviewers = await f.findReviewersToTell(trx, campaign.reviewId);
    await f.recordNotices(
      trx,
      campaign.reviewId,
      'reminder',
      reviewers.map((r) => r.userId),
      now.toISOString(),
    );
    await queueAccessReviewNotices(
      trx,
      { stage: 'reminder', campaign: campaign.name, dueDate: campaign.dueDate.slice(0, 10) },
      reviewers,
      null,
    );
    return reviewers.length;
  });
}

/**
 * Once a campaign's due day is over, its undecided items get its default, as a Close does
 * (`applyClose`, acting as the campaign's creator), and the creator is told what became of them
 * (once). A campaign whose default hands the items to the administrators stays active until they
 * are all decided; the job closes it then.
 */
async function closePastDue(db: Db, campaign: CampaignDbRow, now: Date): Promise<'closed' | 'handed' | null> {
  if (!isPastDue(campaign, now)) {
    return null;
  }
  const nowIso = now.toISOString();
  // Told already: the items went to the administrators; the campaign closes once they decided.
  const isTold = await f.hasNotice(db.kysely, campaign.reviewId, 'escalated');
  if (isTold && (await countUndecided(db.kysely, campaign.reviewId)) > 0) {
    return null;
  }
  return inTransaction(db, async (trx) => {
    const undecided = isTold ? 0 : await countUndecided(trx, campaign.reviewId);
    const moved = await applyClose(trx, db, campaign, { actorId: campaign.createdBy, nowIso });
    if (!isTold) {
      await f.recordNotices(trx, campaign.reviewId, 'escalated', [campaign.createdBy], nowIso);
      await queueAccessReviewNotices(
        trx,
        { stage: 'pastDue', campaign: campaign.name, outcome: outcomeOf(campaign) },
        [{ userId: campaign.createdBy, itemCount: undecided }],
        null,
      );
    }
    return moved.status === 'closed' ? 'closed' : 'handed';
  });
}

/**
 * Starts the next campaign of a recurring one once `recurrenceMonths` passed since it started: the
 * same name, scope, reviewer rule and default, created by the same person, due as long after its
 * start as the first was; it remembers the campaign it follows (unique), so it is started once.
 * A scope that now matches nothing leaves the successor a draft for its creator to see.
 */
async function recur(db: Db, campaign: CampaignDbRow, now: Date): Promise<'started' | 'draft' | null> {
  const months = campaign.recurrenceMonths ?? 0;
  if (months === 0 || campaign.startedDate === null || addMonths(campaign.startedDate, months) > now) {
    return null;
  }
  const nowIso = now.toISOString();
  const length = Math.max(DAY, Date.parse(campaign.dueDate) - Date.parse(campaign.startedDate));
  const dueDay = new Date(now.getTime() + length).toISOString().slice(0, 10);
  const createSuccessor = async (trx: Executor) => {
    const reviewId = await q.insertCampaign(trx, {
      name: campaign.name,
      reviewerRule: campaign.reviewerRule,
      reviewerUserId: campaign.reviewerUserId,
      dueDate: `${dueDay}T00:00:00.000Z`,
      whenUndecided: campaign.whenUndecided,
      recurrenceMonths: campaign.recurrenceMonths,
      internal: campaign.internal,
      activeForDays: campaign.activeForDays,
      createdBy: campaign.createdBy,
      nowIso,
      previousReviewId: campaign.reviewId,
    });
    await f.copyScopeRows(trx, campaign.reviewId, reviewId);
    return reviewId;
  };
  try {
    await inTransaction(db, async (trx) => {
      const reviewId = await createSuccessor(trx);
      const draft = await q.findCampaign(trx, { kind: 'all' }, reviewId);
      await startDraft(trx, db, draft!, { actorId: campaign.createdBy, nowIso });
    });
    await refreshItemStatistics(db);
    return 'started';
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 422) {
      throw error;
    }
    await inTransaction(db, createSuccessor);
    return 'draft';
  }
}

/**
 * The access-reviews job at `now`: reminds reviewers, applies the default of campaigns past their
 * due day (telling their creators), and starts the next campaign of recurring ones. Each step is
 * recorded, so a second run at the same instant does nothing.
 */
export async function runAccessReviewFollowUp(db: Db, now: Date, levels: ServiceLevels): Promise<JobCounts> {
  const counts = { reminded: 0, closed: 0, handedToAdmins: 0, recurred: 0, recurredAsDraft: 0 };
  for (const campaign of await f.findActiveCampaigns(db.kysely)) {
    counts.reminded += await remind(db, campaign, now, levels);
    const closed = await closePastDue(db, campaign, now);
    if (closed === 'closed') {
      counts.closed += 1;
    } else if (closed === 'handed') {
      counts.handedToAdmins += 1;
    }
  }
  for (const campaign of await f.findRecurringCampaigns(db.kysely)) {
    const recurred = await recur(db, campaign, now);
    if (recurred === 'started') {
      counts.recurred += 1;
    } else if (recurred === 'draft') {
      counts.recurredAsDraft += 1;
    }
  }
  return counts;
}

/** Hourly: the follow-up of access review campaigns (SLA_APPROVAL_HOURS sets the reminder). */
export const accessReviewsJob: JobDefinition = {
  name: 'access-reviews',
  title: 'Access reviews',
  schedule: '45 * * * *',
  maxAttempts: 3,
  run: ({ db, now, config }) => runAccessReviewFollowUp(db, now, config.serviceLevels),
};
