import { sql } from 'kysely';
import { messages } from '@uap/domain';
import type { Db, Executor } from '../../db/connection.ts';
import { sqlTable } from '../../db/sql-table.ts';
import { tableColumn as column, type TableSpec } from '../../db/table-query.ts';
import { fullName } from '../request-lines/line-query.ts';
import { decisionCounts } from './progress-queries.ts';

/**
 * The SQL of a campaign's reviewers table (issue 46 item 5): the campaign's items grouped by
 * reviewer in one GROUP BY that reads `idx_access_review_items_review_reviewer` alone (migration
 * 0049), the items nobody is named for as one group (the administrators'), each group then named
 * from its profile.
 */

/** Which campaign's reviewers, and the first instant of today (a due day before it has passed). */
export interface ReviewersScope {
  reviewId: number;
  todayStart: string;
}

/** One row per reviewer of the campaign (null: the administrators) with the counts of their items. */
function reviewerGroups(q: Executor, reviewId: number) {
  return q
    .selectFrom('accessReviewItems as i')
    .where('i.reviewId', '=', reviewId)
    .groupBy('i.reviewerUserId')
    .select([
      'i.reviewerUserId',
      ...decisionCounts,
      sql<string | null>`max(i.decided_at)`.as('lastDecidedAt'),
    ]);
}

/** The row's id: the reviewer, 0 for the administrators' row (no profile has id 0). */
const reviewerKey = sql<number>`coalesce(g.reviewer_user_id, 0)`;

const reviewerName = sql<string>`case when g.reviewer_user_id is null then ${
  messages.accessReviewAdministrators
} else ${fullName('u')} end`;

const reviewerEmail = sql<string>`coalesce(u.email, '')`;

/**
 * Overdue: undecided items left in an active campaign whose due day is before today. Every row
 * of one campaign shares its due day and status, so the overdue rows are exactly those with
 * undecided items once it has passed.
 */
const isOverdueText = (todayStart: string) =>
  sql<string>`case when g.undecided_count > 0 and ar.status = 'active' and ar.due_date < ${todayStart} then ${
    messages.accessReviewOverdue
  } else '' end`;

/** A count: it sorts, but a filter menu of counts would mean nothing, nor would a search. */
const countColumn = (name: string) => ({
  ...column(sql.ref(`g.${name}`), 'number'),
  isFilterable: false,
});

/** The reviewers table of a campaign (keys = row field names). */
export function reviewerSpec(todayStart: string): TableSpec {
  return {
    columns: {
      reviewerName: column(reviewerName),
      reviewerEmail: column(reviewerEmail),
      isOverdue: { ...column(isOverdueText(todayStart)), isFilterable: false, isSearchable: false },
      itemCount: countColumn('itemCount'),
      decidedCount: countColumn('decidedCount'),
      keptCount: countColumn('keptCount'),
      revokedCount: countColumn('revokedCount'),
      undecidedCount: countColumn('undecidedCount'),
      lastDecidedAt: column(sql.ref('g.lastDecidedAt'), 'date'),
    },
    id: reviewerKey,
    // Overdue first: within one campaign these are the rows with the most undecided items
    // (see isOverdueText), so the most undecided first puts them first; then by name.
    defaultOrder: {
      column: 'undecidedCount',
      isAscending: false,
      thenBy: { column: 'reviewerName', isAscending: true },
    },
  };
}

function reviewerRows(q: Executor, scope: ReviewersScope) {
  return q
    .selectFrom(reviewerGroups(q, scope.reviewId).as('g'))
    .innerJoin('accessReviews as ar', (join) => join.on('ar.reviewId', '=', scope.reviewId))
    .leftJoin('users as u', 'u.userId', 'g.reviewerUserId');
}

function selectReviewer(qb: ReturnType<typeof reviewerRows>, todayStart: string) {
  return qb.select([
    reviewerKey.as('reviewerKey'),
    'g.reviewerUserId',
    reviewerName.as('reviewerName'),
    reviewerEmail.as('reviewerEmail'),
    'g.itemCount',
    'g.decidedCount',
    'g.keptCount',
    'g.revokedCount',
    'g.undecidedCount',
    'g.lastDecidedAt',
    isOverdueText(todayStart).as('overdueText'),
  ]);
}

/**
 * The reviewers table's reads (page, filter menus) as of one day: its Overdue compares the due
 * day with `todayStart`, so the table is bound to the day of each call.
 */
export function reviewerTable(todayStart: string) {
  return sqlTable({
    spec: reviewerSpec(todayStart),
    rows: (db: Db, scope: ReviewersScope) => reviewerRows(db.kysely, scope),
    select: (qb: ReturnType<typeof reviewerRows>) => selectReviewer(qb, todayStart),
  });
}

export type ReviewerDbRow = Awaited<ReturnType<ReturnType<typeof reviewerTable>['page']>>['rows'][number];
