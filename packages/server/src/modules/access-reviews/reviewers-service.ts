import { messages, startOfTodayUtc, type AccessReviewReviewerRow, type TableQuery } from '@uap/domain';
import { toCount, type Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import type { TableReader } from '../../http/table-routes.ts';
import * as q from './queries.ts';
import { reviewerSpec, reviewerTable, type ReviewerDbRow, type ReviewersScope } from './reviewers-queries.ts';
import { campaignScopeOf } from './service.ts';

/**
 * A campaign's reviewers and how far each is (issue 46 item 5, the campaign page): read by
 * whoever reads the campaign (GET api/AccessReviews/{id}); any other campaign is 404.
 */

/** The campaign a reviewers call names in its path. */
const reviewIdOf = (query: TableQuery) => (query as TableQuery & { id: number }).id;

/** The campaign's reviewers scope, once the caller is known to reach it; else 404. */
async function reviewersScopeOf(db: Db, actor: Actor, query: TableQuery): Promise<ReviewersScope> {
  const reviewId = reviewIdOf(query);
  const campaign = await q.findCampaign(db.kysely, campaignScopeOf(actor, 'read'), reviewId);
  if (!campaign) {
    throw notFound(messages.accessReviewNotFound);
  }
  return { reviewId, todayStart: startOfTodayUtc().toISOString() };
}

function presentReviewer(row: ReviewerDbRow): AccessReviewReviewerRow {
  return {
    reviewerKey: toCount(row.reviewerKey),
    reviewerUserId: row.reviewerUserId,
    reviewerName: row.reviewerName,
    reviewerEmail: row.reviewerEmail,
    itemCount: toCount(row.itemCount),
    decidedCount: toCount(row.decidedCount),
    keptCount: toCount(row.keptCount),
    revokedCount: toCount(row.revokedCount),
    undecidedCount: toCount(row.undecidedCount),
    lastDecidedAt: row.lastDecidedAt,
    isOverdue: row.overdueText !== '',
  };
}

/** PUT api/AccessReviews/{id}/Reviewers (+ /Filters): the campaign's reviewers with their progress. */
export const reviewers: TableReader<AccessReviewReviewerRow> = {
  // The columns are the same whatever the day (only Overdue's SQL names it).
  spec: reviewerSpec(''),
  page: async (db, actor, query) => {
    const scope = await reviewersScopeOf(db, actor, query);
    const { rows, totalCount } = await reviewerTable(scope.todayStart).page(db, scope, query);
    return { rows: rows.map(presentReviewer), totalCount };
  },
  values: async (db, actor, query, column) => {
    const scope = await reviewersScopeOf(db, actor, query);
    return reviewerTable(scope.todayStart).values(db, scope, query, column);
  },
};
