import { expressionBuilder, sql, type Expression, type SqlBool, type Updateable } from 'kysely';
import { RequestStatus, RequestType, accessReviewDecisionNames, messages } from '@uap/domain';
import type { Db, Executor } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { sqlTable } from '../../db/sql-table.ts';
import {
  countAll,
  likePattern,
  tableColumn as column,
  tableColumnRef as ref,
  type TableSpec,
} from '../../db/table-query.ts';
import { insideAdminRows } from '../../http/row-scope-queries.ts';
import { fullName } from '../request-lines/line-query.ts';

/**
 * The SQL of access review items (issue 46): whose they are to decide, My Access Reviews, the
 * Home tile's count, and the decision's reads and compare-and-set.
 */

/**
 * Whose items a caller reviews: those naming them; the items naming nobody (the
 * administrators') inside an administrator's rows, or all of them for a super administrator.
 */
export interface ItemReach {
  userId: number;
  unnamed: 'none' | 'admin' | 'all';
}

type ItemEb = ReturnType<typeof expressionBuilder<Database & { i: Database['accessReviewItems'] }, 'i'>>;

/**
 * The item `i` is the caller's to review: it names them, or it names nobody and lies in their
 * reach of the administrators' items; never an item about their own access.
 */
export function reviewedBy(reach: ItemReach): Expression<SqlBool> {
  const eb: ItemEb = expressionBuilder<Database & { i: Database['accessReviewItems'] }, 'i'>();
  const named = eb('i.reviewerUserId', '=', reach.userId);
  if (reach.unnamed === 'none') {
    return named;
  }
  const unnamed = eb.and([
    eb('i.reviewerUserId', 'is', null),
    eb('i.userId', '!=', reach.userId),
    ...(reach.unnamed === 'admin' ? [insideAdminRows(reach.userId, 'i')] : []),
  ]);
  return eb.or([named, unnamed]);
}

/** The record as it is now has ended (the decision's check reads the record itself). */
const recordEnded = sql<SqlBool>`(r.is_deleted = 1 or r.status_id not in (3, 6))`;

/**
 * Where the item stands, in words (the State column): from the decision and the facts of its
 * record and revoke that the item holds (migration 0051, kept by a trigger on requests), so a
 * sort or filter by State reads the items alone.
 */
const stateOf = sql<string>`case
  when i.decision = 'revoke' and i.revoke_status_id in (${RequestStatus.COMPLETED}, ${RequestStatus.ARCHIVED}) then ${messages.accessReviewStateRevoked}
  when i.decision = 'revoke' and i.revoke_status_id in (${RequestStatus.SUBMITTED}, ${RequestStatus.APPROVED}) then ${messages.accessReviewStateRevokeWaiting}
  when i.decision = 'revoke' then ${messages.accessReviewStateRevokeStopped}
  when i.record_ended = 1 then ${messages.accessReviewStateEnded}
  when i.record_changed = 1 then ${messages.accessReviewStateChanged}
  when i.decision = 'keep' then ${messages.accessReviewStateKept}
  else ${messages.accessReviewStateToReview} end`;

const decisionName = sql<string>`case i.decision when 'keep' then ${accessReviewDecisionNames.keep} when 'revoke' then ${accessReviewDecisionNames.revoke} else '' end`;

/** The record has an Approved pending change (with the provisioner): it may not be revoked now. */
const approvedChangeWaits = sql<number>`case when exists (select 1 from requests p
  where p.request_id = r.pending_change_request_id and p.status_id = ${RequestStatus.APPROVED}) then 1 else 0 end`;

/**
 * Items with their campaign and their record as it is now (whether it may be revoked). The names
 * an item shows and where it stands are its own columns (migrations 0050, 0051), so sorting,
 * filtering and searching a reviewer's items joins nothing for them. The record's join is a left
 * join on its NOT NULL key (it finds its one row): a count or a page of item ids that does not use
 * it reads the items alone, as both engines drop a left join to a primary key nothing uses.
 */
function namedItems(q: Executor) {
  return campaignItems(q).leftJoin('requests as r', 'r.requestId', 'i.recordId');
}

/** Items with their campaign. */
function campaignItems(q: Executor) {
  return q.selectFrom('accessReviewItems as i').innerJoin('accessReviews as ar', 'ar.reviewId', 'i.reviewId');
}

/** The item `i` of campaign `ar` is in an active campaign the caller reviews (that campaign's, with `reviewId`). */
function reviewedInActive(o: { reach: ItemReach; reviewId: number | null }): Expression<SqlBool> {
  const eb = expressionBuilder<
    Database & { i: Database['accessReviewItems']; ar: Database['accessReviews'] },
    'i' | 'ar'
  >();
  return eb.and([
    eb('ar.status', '=', 'active'),
    reviewedBy(o.reach),
    ...(o.reviewId !== null ? [eb('i.reviewId', '=', o.reviewId)] : []),
  ]);
}

/** The items of active campaigns the caller reviews (one campaign's with `reviewId`). */
function itemRows(q: Executor, o: { reach: ItemReach; reviewId: number | null }) {
  return namedItems(q).where(reviewedInActive(o));
}

function selectItem(qb: ReturnType<typeof itemRows>) {
  return qb.select([
    'i.itemId',
    'i.reviewId',
    'ar.name as reviewName',
    'ar.dueDate',
    'i.recordId',
    'i.userId',
    'i.userName',
    'i.userEmail',
    'i.platformEmail',
    'i.platformName as platformDescription',
    'i.clientName as clientDescription',
    'i.clientAccountName as clientAccountDescription',
    'i.platformUserTypeName as platformUserTypeDescription',
    'i.sinceDate',
    'i.requestedByName',
    'i.approvedByName',
    'i.decision',
    decisionName.as('decisionName'),
    'i.comment',
    'i.decidedByName',
    'i.decidedAt',
    'i.revokeRequestId',
    stateOf.as('state'),
    sql<number>`case when ${recordEnded} then 1 else 0 end`.as('hasEnded'),
    approvedChangeWaits.as('approvedChangeWaits'),
  ]);
}

/** My Access Reviews (keys = row field names); by item, in the order the campaigns took them. */
export const itemSpec: TableSpec = {
  columns: {
    itemId: ref('i.itemId', 'number'),
    reviewName: ref('ar.name'),
    dueDate: ref('ar.dueDate', 'date'),
    recordId: ref('i.recordId', 'number'),
    userName: ref('i.userName'),
    userEmail: ref('i.userEmail'),
    platformEmail: ref('i.platformEmail'),
    platformDescription: ref('i.platformName'),
    clientDescription: ref('i.clientName'),
    clientAccountDescription: ref('i.clientAccountName'),
    platformUserTypeDescription: ref('i.platformUserTypeName'),
    sinceDate: ref('i.sinceDate', 'date'),
    requestedByName: ref('i.requestedByName'),
    approvedByName: ref('i.approvedByName'),
    decisionName: column(decisionName),
    // Sorted and filtered; not searched (a search reads the one search column).
    state: { ...column(stateOf), isSearchable: false },
    decidedByName: ref('i.decidedByName'),
    decidedAt: ref('i.decidedAt', 'date'),
  },
  id: sql.ref<number>('i.itemId'),
  defaultOrder: { column: 'itemId', isAscending: true },
  // The names written at the start are searched in one column of the item (migration 0050).
  searchIndex: {
    covers: new Set([
      'userName',
      'userEmail',
      'platformEmail',
      'platformDescription',
      'clientDescription',
      'clientAccountDescription',
      'platformUserTypeDescription',
      'requestedByName',
      'approvedByName',
    ]),
    matching: (_dialect, term) => sql<SqlBool>`i.search_text like ${likePattern(term)} escape '\\'`,
  },
};

export interface ItemQuery {
  reach: ItemReach;
  reviewId: number | null;
}

/** My Access Reviews' three reads (page, filter menus, export batches). */
export const itemTable = sqlTable({
  spec: itemSpec,
  rows: (db: Db, o: ItemQuery) => itemRows(db.kysely, o),
  select: selectItem,
  // SQLite joined all ten names for the count: 169–269 ms for 37,739 items, 6.5 ms without.
  counted: (db: Db, o: ItemQuery) => countAll(campaignItems(db.kysely).where(reviewedInActive(o))),
  // The State and "may it be revoked" are worked out per row: for the page's 50 rows only.
  pageByIds: true,
});
export type ItemDbRow = Awaited<ReturnType<typeof itemTable.page>>['rows'][number];

/** The undecided items of active campaigns the caller reviews, counted up to `cap` (the Home tile). */
export async function countItemsToReview(q: Executor, reach: ItemReach, cap: number): Promise<number> {
  const inner = q
    .selectFrom('accessReviewItems as i')
    .innerJoin('accessReviews as ar', 'ar.reviewId', 'i.reviewId')
    .select('i.itemId')
    .where('ar.status', '=', 'active')
    .where('i.decision', 'is', null)
    .where(reviewedBy(reach))
    .limit(cap);
  const row = await q
    .selectFrom(inner.as('t'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// ---------------------------------------------------------------- the decision

/** The items named by a decision as they stand, and whether each is the caller's to decide. */
export function findItemsToDecide(q: Executor, reach: ItemReach, itemIds: readonly number[]) {
  return q
    .selectFrom('accessReviewItems as i')
    .innerJoin('accessReviews as ar', 'ar.reviewId', 'i.reviewId')
    .innerJoin('requests as r', 'r.requestId', 'i.recordId')
    .select([
      'i.itemId',
      'i.reviewId',
      'i.recordId',
      'i.decision',
      'ar.status as campaignStatus',
      'ar.name as campaignName',
      'r.pendingChangeRequestId',
      sql<number>`case when ${reviewedBy(reach)} then 1 else 0 end`.as('isMine'),
      sql<number>`case when ${recordEnded} then 1 else 0 end`.as('hasEnded'),
      approvedChangeWaits.as('approvedChangeWaits'),
    ])
    .where('i.itemId', 'in', itemIds)
    .execute();
}
export type ItemToDecide = Awaited<ReturnType<typeof findItemsToDecide>>[number];

/**
 * The decision's compare-and-set: only items still undecided in an active campaign take it.
 * Returns how many did (fewer than asked: someone decided one meanwhile).
 */
export async function decideItems(
  q: Executor,
  o: {
    itemIds: readonly number[];
    decision: string;
    comment: string | null;
    /** Null: the campaign's default, applied when it closed. */
    decidedBy: number | null;
    nowIso: string;
  },
): Promise<number> {
  const result = await q
    .updateTable('accessReviewItems')
    .set((eb) => ({
      decision: o.decision,
      comment: o.comment,
      decidedBy: o.decidedBy,
      decidedByName:
        o.decidedBy === null
          ? null
          : eb.selectFrom('users as u').select(fullName('u').as('name')).where('u.userId', '=', o.decidedBy),
      decidedAt: o.nowIso,
    }))
    .where('itemId', 'in', o.itemIds)
    .where('decision', 'is', null)
    .where('reviewId', 'in', q.selectFrom('accessReviews').select('reviewId').where('status', '=', 'active'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A record that is still an active access record (a completed or archived Add line not deactivated). */
export const stillActiveRecord = sql<SqlBool>`r.request_type_id = ${RequestType.ADD} and r.status_id in (${RequestStatus.COMPLETED}, ${RequestStatus.ARCHIVED}) and r.is_deleted = 0`;

/** A record a revoke may deactivate: still active, no change of it pending (a Submitted one was replaced). */
export const revocableRecord = sql<SqlBool>`${stillActiveRecord} and not exists (select 1 from requests p
  where p.record_id = r.request_id and p.status_id in (${RequestStatus.SUBMITTED}, ${RequestStatus.APPROVED})
  and p.request_type_id <> ${RequestType.ADD})`;

/** The records' Submitted pending changes (a revoke replaces them, as a Deactivate asked in the app does). */
export function findSubmittedPendingChanges(q: Executor, recordIds: readonly number[]) {
  return (
    q
      // The records first, by their ids: SQLite otherwise walked every Submitted line and looked
      // for its record among the ids (906 ms for 1,000 records of the large seed).
      .with(
        (cte) => cte('r').materialized(),
        (db) =>
          db.selectFrom('requests').select('pendingChangeRequestId').where('requestId', 'in', recordIds),
      )
      .selectFrom('r')
      .innerJoin('requests as p', 'p.requestId', 'r.pendingChangeRequestId')
      .select(['p.requestId', 'p.requestTypeId', 'p.recordId'])
      .where('p.statusId', '=', RequestStatus.SUBMITTED)
      .execute()
  );
}

/**
 * Each revoked item points at the Deactivate line its revoke made (its record's pending change),
 * with the line's status (the trigger of migration 0051 keeps it from then on).
 */
export async function linkRevokeLines(q: Executor, itemIds: readonly number[]): Promise<void> {
  await q
    .updateTable('accessReviewItems')
    .set((eb) => ({
      revokeRequestId: eb
        .selectFrom('requests as r')
        .select('r.pendingChangeRequestId')
        .whereRef('r.requestId', '=', 'accessReviewItems.recordId'),
      revokeStatusId: eb
        .selectFrom('requests as r')
        .innerJoin('requests as p', 'p.requestId', 'r.pendingChangeRequestId')
        .select('p.statusId')
        .whereRef('r.requestId', '=', 'accessReviewItems.recordId'),
    }))
    .where('itemId', 'in', itemIds)
    .execute();
}

/** The caller's name, as the revoke's history row names the reviewer. */
export async function findPersonName(q: Executor, userId: number): Promise<string> {
  const row = await q
    .selectFrom('users as u')
    .select(fullName('u').as('name'))
    .where('u.userId', '=', userId)
    .executeTakeFirst();
  return row?.name ?? '';
}

// ---------------------------------------------------------------- closing

/** The undecided items of a campaign whose record a revoke may still deactivate (no Approved change waits). */
export function findRevocableUndecided(q: Executor, reviewId: number) {
  return q
    .selectFrom('accessReviewItems as i')
    .innerJoin('accessReviews as ar', 'ar.reviewId', 'i.reviewId')
    .innerJoin('requests as r', 'r.requestId', 'i.recordId')
    .select(['i.itemId', 'i.recordId', 'ar.name as campaignName'])
    .where('i.reviewId', '=', reviewId)
    .where('i.decision', 'is', null)
    .where(stillActiveRecord)
    .where(sql<SqlBool>`${approvedChangeWaits} = 0`)
    .orderBy('i.itemId')
    .execute();
}

/**
 * Writes `set` on every undecided item of a campaign (closing: its default 'keep' decided by
 * nobody, or the items handed to the administrators). Returns how many items it changed.
 */
export async function updateUndecided(
  q: Executor,
  reviewId: number,
  set: Updateable<Database['accessReviewItems']>,
): Promise<number> {
  const result = await q
    .updateTable('accessReviewItems')
    .set(set)
    .where('reviewId', '=', reviewId)
    .where('decision', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many items of a campaign nobody decided yet. */
export async function countUndecided(q: Executor, reviewId: number): Promise<number> {
  const row = await q
    .selectFrom('accessReviewItems')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('reviewId', '=', reviewId)
    .where('decision', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
