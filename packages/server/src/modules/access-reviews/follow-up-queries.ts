import type { Executor } from '../../db/connection.ts';

/**
 * The reads and writes of the access-reviews job (follow-up.ts). Active and recurring campaigns
 * are few (tens), so they are read whole; a campaign's items are read by its index, grouped in
 * SQL.
 */

/** Every active campaign (idx_access_reviews_status). */
export function findActiveCampaigns(q: Executor) {
  return q
    .selectFrom('accessReviews')
    .selectAll()
    .where('status', '=', 'active')
    .orderBy('reviewId')
    .execute();
}

/** Whether the job already sent `stage` about the campaign to anyone (a probe of the primary key's prefix). */
export async function hasNotice(
  q: Executor,
  reviewId: number,
  stage: 'reminder' | 'escalated',
): Promise<boolean> {
  const row = await q
    .selectFrom('accessReviewReminders')
    .select('reviewId')
    .where('reviewId', '=', reviewId)
    .where('stage', '=', stage)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Each named reviewer of a campaign with undecided items, and how many: whom the start and the
 * reminder tell (at the start every item is undecided).
 */
export async function findReviewersToTell(
  q: Executor,
  reviewId: number,
): Promise<{ userId: number; itemCount: number }[]> {
  const rows = await q
    .selectFrom('accessReviewItems')
    .select(['reviewerUserId', (eb) => eb.fn.countAll<number | string>().as('itemCount')])
    .where('reviewId', '=', reviewId)
    .where('decision', 'is', null)
    .where('reviewerUserId', 'is not', null)
    .groupBy('reviewerUserId')
    .orderBy('reviewerUserId')
    .execute();
  return rows.map((r) => ({ userId: r.reviewerUserId!, itemCount: Number(r.itemCount) }));
}

/** Records that `stage` was sent about the campaign to each of `userIds` (once: a second insert is ignored). */
export async function recordNotices(
  q: Executor,
  reviewId: number,
  stage: 'reminder' | 'escalated',
  userIds: readonly number[],
  nowIso: string,
): Promise<void> {
  if (userIds.length === 0) {
    return;
  }
  await q
    .insertInto('accessReviewReminders')
    .values(userIds.map((userId) => ({ reviewId, userId, stage, sentDate: nowIso })))
    .onConflict((oc) => oc.columns(['reviewId', 'userId', 'stage']).doNothing())
    .execute();
}

/**
 * The started campaigns that recur and have no successor yet (cancelled ones stop recurring);
 * the caller keeps those whose next start is due.
 */
export function findRecurringCampaigns(q: Executor) {
  return q
    .selectFrom('accessReviews as ar')
    .selectAll('ar')
    .where('ar.recurrenceMonths', 'is not', null)
    .where('ar.status', 'in', ['active', 'closed'])
    .where('ar.startedDate', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('accessReviews as next')
            .select('next.reviewId')
            .whereRef('next.previousReviewId', '=', 'ar.reviewId'),
        ),
      ),
    )
    .orderBy('ar.reviewId')
    .execute();
}

/** A copy of the campaign's scope rows for its successor. */
export async function copyScopeRows(q: Executor, fromReviewId: number, toReviewId: number): Promise<void> {
  await q
    .insertInto('accessReviewScope')
    .columns(['reviewId', 'kind', 'refId'])
    .expression((eb) =>
      eb
        .selectFrom('accessReviewScope')
        .select((s) => [s.val(toReviewId).as('reviewId'), 'kind', 'refId'])
        .where('reviewId', '=', fromReviewId),
    )
    .execute();
}
