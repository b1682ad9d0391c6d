import {
  accessReviewItemList,
  accessReviewItemsQuery,
  accessReviewList,
  accessReviewIdParams,
  accessReviewReviewerList,
  type AccessReviewReviewerList,
  type AccessReviewReviewerRow,
  type AccessReviewItemList,
  type AccessReviewItemRow,
  type AccessReviewList,
  type AccessReviewRow,
} from '../schemas/access-reviews.ts';
import { messages } from '../messages.ts';
import { columnsOf, declareTable } from './declare.ts';
import { lineHeader as h } from './line-headers.ts';

const c = columnsOf<AccessReviewRow>();

/** Access Reviews (issue 46): the campaigns the caller may see, with their progress. */
export const accessReviewsTable = declareTable<AccessReviewRow, AccessReviewList>({
  path: '/api/AccessReviews',
  title: 'Access Reviews',
  csvFile: 'access-reviews.csv',
  list: accessReviewList,
  listKey: 'reviews',
  rowId: (r) => r.reviewId,
  columns: [
    c.number('reviewId', 'Campaign ID', (r) => r.reviewId),
    c.field('name', 'Campaign'),
    c.field('statusName', 'Status'),
    c.field('scopeText', 'Scope', { isSortable: false, isFilterable: false }),
    c.field('reviewerText', 'Reviewer', { isSortable: false }),
    c.date('dueDate', 'Due Date', (r) => r.dueDate),
    c.number('itemCount', 'Items', (r) => r.itemCount, { isFilterable: false }),
    c.number('decidedCount', 'Decided', (r) => r.decidedCount, { isFilterable: false }),
    c.number('keptCount', 'Kept', (r) => r.keptCount, { isFilterable: false }),
    c.number('revokedCount', 'Revoked', (r) => r.revokedCount, { isFilterable: false }),
    c.number('undecidedCount', 'Undecided', (r) => r.undecidedCount, { isFilterable: false }),
    c.field('createdByName', h.createdBy),
    c.dateTime('createdDate', h.createdDate, (r) => r.createdDate),
    c.dateTime('startedDate', 'Started', (r) => r.startedDate),
    c.dateTime('closedDate', 'Closed', (r) => r.closedDate),
  ],
});

const i = columnsOf<AccessReviewItemRow>();

/**
 * My Access Reviews (issue 46): the items the caller reviews in active campaigns (an
 * administrator also sees the items nobody else may review in her rows).
 */
export const myAccessReviewItemsTable = declareTable<AccessReviewItemRow, AccessReviewItemList>({
  path: '/api/AccessReviews/MyItems',
  title: 'My Access Reviews',
  csvFile: 'my-access-reviews.csv',
  list: accessReviewItemList,
  listKey: 'items',
  rowId: (r) => r.itemId,
  body: accessReviewItemsQuery,
  columns: [
    i.number('itemId', 'Item ID', (r) => r.itemId, { isOnScreen: false }),
    i.field('reviewName', 'Campaign'),
    i.date('dueDate', 'Due Date', (r) => r.dueDate),
    i.number('recordId', h.recordId, (r) => r.recordId),
    i.field('userName', h.userName),
    i.field('userEmail', h.userEmail),
    i.field('platformEmail', h.platformEmail),
    i.field('platformDescription', h.platform),
    i.field('clientDescription', h.client),
    i.field('clientAccountDescription', h.clientAccount),
    i.field('platformUserTypeDescription', h.platformUserType),
    i.date('sinceDate', 'Since', (r) => r.sinceDate),
    i.field('requestedByName', 'Requested By'),
    i.field('approvedByName', 'Approved By'),
    i.field('decisionName', 'Decision'),
    i.field('comment', 'Comment', { isSortable: false, isFilterable: false }),
    i.field('state', 'State'),
    i.field('decidedByName', 'Decided By'),
    i.dateTime('decidedAt', 'Decided At', (r) => r.decidedAt),
  ],
});

const r = columnsOf<AccessReviewReviewerRow>();

/**
 * A campaign's reviewers (issue 46 item 5, the campaign page): one row per reviewer with their
 * progress, the items nobody is named for as the administrators' row. By default the overdue
 * first, then the most undecided, then by name.
 */
export const accessReviewReviewersTable = declareTable<AccessReviewReviewerRow, AccessReviewReviewerList>({
  path: '/api/AccessReviews/:id/Reviewers',
  title: 'Reviewers',
  list: accessReviewReviewerList,
  listKey: 'reviewers',
  rowId: (row) => row.reviewerKey,
  params: accessReviewIdParams,
  hasExport: false,
  columns: [
    r.field('reviewerName', 'Reviewer'),
    r.field('reviewerEmail', 'Email'),
    r.text('isOverdue', 'Overdue', (row) => (row.isOverdue ? messages.accessReviewOverdue : ''), {
      isFilterable: false,
    }),
    r.number('undecidedCount', 'Undecided', (row) => row.undecidedCount, { isFilterable: false }),
    r.number('itemCount', 'Items', (row) => row.itemCount, { isFilterable: false }),
    r.number('decidedCount', 'Decided', (row) => row.decidedCount, { isFilterable: false }),
    r.number('keptCount', 'Kept', (row) => row.keptCount, { isFilterable: false }),
    r.number('revokedCount', 'Revoked', (row) => row.revokedCount, { isFilterable: false }),
    r.dateTime('lastDecidedAt', 'Last Decision', (row) => row.lastDecidedAt),
  ],
});
