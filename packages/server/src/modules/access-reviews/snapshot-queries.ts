import { sql, type Expression, type RawBuilder } from 'kysely';
import { RequestStatus, RequestType, accessReviewScopeLists, type AccessReviewScopeList } from '@uap/domain';
import type { Db, Dialect, Executor } from '../../db/connection.ts';
import { insideAdminRows } from '../../http/row-scope-queries.ts';
import { fullName, type RequestEb } from '../request-lines/line-query.ts';
import { requestIdRange } from '../request-lines/count.ts';
import { coveringAssignment } from '../request-lines/routing.ts';
import { scopeColumns } from './queries.ts';

/**
 * The SQL of a campaign's start (issue 46): the snapshot of the records in scope, each item's
 * reviewer, and the statistics the items' pages are planned with afterwards.
 */

/**
 * PostgreSQL's statistics of the items, read again after a snapshot: a start adds up to hundreds
 * of thousands of items at once, and until autovacuum comes by the planner takes a reviewer's
 * 37,739 items for 5 and joins them all before sorting (My Access Reviews, 608 ms a page in
 * psql). SQLite plans from its indexes' shape here and is left alone (ANALYZE would hold its one
 * connection).
 */
export async function refreshItemStatistics(db: Db): Promise<void> {
  if (db.dialect === 'postgres') {
    await sql`analyze access_review_items`.execute(db.kysely);
  }
}

/** What a start needs of its campaign: the scope as lists, the reviewer rule, who made it. */
export interface SnapshotOf {
  reviewId: number;
  lists: Partial<Record<AccessReviewScopeList, readonly number[]>>;
  internal: number | null;
  activeForDays: number | null;
  reviewerRule: string;
  reviewerUserId: number | null;
  /** Bound the records to this administrator's rows (null: the creator is a super admin). */
  boundToAdmin: number | null;
}

const int = (dialect: Dialect, value: number | null) =>
  dialect === 'postgres' ? sql<number | null>`cast(${value} as integer)` : sql<number | null>`${value}`;

/** Since when a record is held: its provisioning, else its approval, else its creation. */
const sinceOf = sql<string | null>`coalesce(r.provisioned_date, r.approved_date, r.created_date)`;

/**
 * The reviewer an item starts with (the delegate of an absent reviewer and "nobody reviews their
 * own access" follow in `handToDelegates` and `unnameOwnItems`):
 * - 'approver': the primary approver of the assignment covering the record's path (the routing
 *   rule's own `coveringAssignment`: one naming the client wins), the secondary when the
 *   primary is the record's subject;
 * - 'manager': the profile whose email is the subject's manager's;
 * - 'user': the person named.
 */
function firstReviewer(eb: RequestEb, dialect: Dialect, of: SnapshotOf): RawBuilder<number | null> {
  switch (of.reviewerRule) {
    case 'manager':
      return sql<number | null>`(${eb
        .selectFrom('users as su')
        .innerJoin('users as mu', 'mu.email', 'su.managerEmail')
        .select('mu.userId')
        .whereRef('su.userId', '=', 'r.userId')
        .where('mu.isDeleted', '=', 0)
        .limit(1)})`;
    case 'user':
      return int(dialect, of.reviewerUserId);
    default:
      return sql<number | null>`(${coveringAssignment(eb)
        .select(
          sql<number | null>`case when a.user_id <> r.user_id then a.user_id
            when a.secondary_approver_id <> r.user_id then a.secondary_approver_id end`.as('reviewer'),
        )
        .limit(1)})`;
  }
}

/**
 * The snapshot of a start: one item per active access record in the campaign's scope (a
 * completed or archived Add line not deactivated), with what it is about in words, as one
 * INSERT … SELECT. The unique
 * (review_id, record_id) leaves a record already taken alone, so a second snapshot adds nothing.
 * Returns how many items it added.
 *
 * On SQLite the statement runs on the process's one thread, so it is run over windows of
 * `SQLITE_SNAPSHOT_WINDOW` record ids, letting other requests through between them (reads go to
 * the read workers; other writes wait for the transaction, which holds the connection): 315,522
 * records in one statement held every request for 3.0 s (bench/README.md).
 */
export async function insertSnapshot(
  q: Executor,
  dialect: Dialect,
  of: SnapshotOf,
  nowIso: string,
): Promise<number> {
  if (dialect === 'postgres') {
    return insertSnapshotWindow(q, dialect, of, nowIso, null);
  }
  const { low, high } = await requestIdRange(q);
  let added = 0;
  for (let after = low - 1; after < high; after += SQLITE_SNAPSHOT_WINDOW) {
    added += await insertSnapshotWindow(q, dialect, of, nowIso, {
      after,
      upTo: after + SQLITE_SNAPSHOT_WINDOW,
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return added;
}

/** Record ids per statement of a SQLite snapshot (see `insertSnapshot`). */
const SQLITE_SNAPSHOT_WINDOW = 2_500;

/** The snapshot's items of the records with ids in (after, upTo] (null: every record). */
async function insertSnapshotWindow(
  q: Executor,
  dialect: Dialect,
  of: SnapshotOf,
  nowIso: string,
  window: { after: number; upTo: number } | null,
): Promise<number> {
  const result = await q
    .insertInto('accessReviewItems')
    .columns([
      'reviewId',
      'recordId',
      'userId',
      'regionId',
      'marketId',
      'platformId',
      'clientId',
      'clientAccountId',
      'platformUserTypeId',
      'sinceDate',
      'reviewerUserId',
      'userName',
      'userEmail',
      'platformEmail',
      'platformName',
      'clientName',
      'clientAccountName',
      'platformUserTypeName',
      'requestedByName',
      'approvedByName',
      'searchText',
    ])
    .expression(
      q
        .selectFrom('requests as r')
        .leftJoin('users as u', 'u.userId', 'r.userId')
        .leftJoin('platforms as pl', 'pl.platformId', 'r.platformId')
        .leftJoin('clients as c', 'c.clientId', 'r.clientId')
        .leftJoin('clientAccounts as ca', 'ca.clientAccountId', 'r.clientAccountId')
        .leftJoin('platformUserTypes as put', 'put.platformUserTypeId', 'r.platformUserTypeId')
        .leftJoin('users as cu', 'cu.userId', 'r.createdBy')
        .leftJoin('users as ap', 'ap.userId', 'r.approvedRejectedBy')
        .select((eb) => [
          int(dialect, of.reviewId).as('reviewId'),
          'r.requestId',
          'r.userId',
          'r.regionId',
          'r.marketId',
          'r.platformId',
          'r.clientId',
          'r.clientAccountId',
          'r.platformUserTypeId',
          sinceOf.as('sinceDate'),
          firstReviewer(eb as unknown as RequestEb, dialect, of).as('reviewerUserId'),
          fullName('u').as('userName'),
          'u.email as userEmail',
          'r.email as platformEmail',
          'pl.description as platformName',
          'c.description as clientName',
          'ca.description as clientAccountName',
          'put.description as platformUserTypeName',
          fullName('cu').as('requestedByName'),
          fullName('ap').as('approvedByName'),
          itemSearchText([
            fullName('u'),
            sql.ref('u.email'),
            sql.ref('r.email'),
            sql.ref('pl.description'),
            sql.ref('c.description'),
            sql.ref('ca.description'),
            sql.ref('put.description'),
            fullName('cu'),
            fullName('ap'),
          ]).as('searchText'),
        ])
        .where('r.requestTypeId', '=', RequestType.ADD)
        .where('r.statusId', 'in', [RequestStatus.COMPLETED, RequestStatus.ARCHIVED])
        .where('r.isDeleted', '=', 0)
        .where((eb) =>
          eb.and(
            accessReviewScopeLists
              .filter((list) => (of.lists[list] ?? []).length > 0)
              .map((list) => eb(sql.ref(scopeColumns[list]), 'in', of.lists[list]!)),
          ),
        )
        .$if(of.internal !== null, (qb) => qb.where('r.isInternal', '=', of.internal!))
        .$if(of.activeForDays !== null, (qb) =>
          qb.where(sinceOf, '<', new Date(Date.parse(nowIso) - of.activeForDays! * 86_400_000).toISOString()),
        )
        .$if(of.boundToAdmin !== null, (qb) => qb.where(insideAdminRows(of.boundToAdmin!, 'r')))
        .$if(window !== null, (qb) =>
          qb.where('r.requestId', '>', window!.after).where('r.requestId', '<=', window!.upTo),
        ),
    )
    .onConflict((oc) => oc.columns(['reviewId', 'recordId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * An item's search text: its names lower-cased, one per line (a missing one: an empty line), as
 * migration 0050 fills it for the items before it; My Access Reviews' search reads it.
 */
function itemSearchText(names: readonly Expression<unknown>[]): RawBuilder<string> {
  return sql<string>`lower(${sql.join(
    names.map((name) => sql`coalesce(${name}, '')`),
    sql` || ${'\n'} || `,
  )})`;
}

/** The running absences of the person `column` names. */
const absenceOf = (column: string, nowIso: string) =>
  sql`select ab.delegate_id from absences ab where ab.user_id = ${sql.ref(column)} and ab.is_deleted = 0
    and ab.from_date <= ${nowIso} and ab.to_date > ${nowIso} order by ab.to_date desc, ab.absence_id limit 1`;

/** A reviewer away today (out of office) hands the items to the delegate they named. */
export async function handToDelegates(q: Executor, reviewId: number, nowIso: string): Promise<void> {
  await q
    .updateTable('accessReviewItems')
    .set({ reviewerUserId: sql<number>`(${absenceOf('access_review_items.reviewer_user_id', nowIso)})` })
    .where('reviewId', '=', reviewId)
    .where(
      'reviewerUserId',
      'in',
      q
        .selectFrom('absences as ab')
        .select('ab.userId')
        .where('ab.isDeleted', '=', 0)
        .where('ab.fromDate', '<=', nowIso)
        .where('ab.toDate', '>', nowIso),
    )
    .execute();
}

/** Nobody reviews their own access: such items go to the administrators (reviewer null). */
export async function unnameOwnItems(q: Executor, reviewId: number): Promise<void> {
  await q
    .updateTable('accessReviewItems')
    .set({ reviewerUserId: null })
    .where('reviewId', '=', reviewId)
    .whereRef('reviewerUserId', '=', 'userId')
    .execute();
}
