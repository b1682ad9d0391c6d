import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import {
  accessReviewStatusNames,
  reviewerRuleNames,
  type AccessReviewScopeList,
  type AccessReviewStatus,
} from '@uap/domain';
import type { Db, Executor } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { sqlTable } from '../../db/sql-table.ts';
import { tableColumn as column, type TableSpec } from '../../db/table-query.ts';
import { fullName } from '../request-lines/line-query.ts';

/**
 * The SQL of access review campaigns (issue 46): their list, their scope, which campaigns an
 * administrator reaches (a start's snapshot: `snapshot-queries.ts`).
 */

/** A scope list of the body and the kind its rows carry in `access_review_scope`. */
export const scopeKinds: Readonly<Record<AccessReviewScopeList, string>> = {
  regionIds: 'region',
  marketIds: 'market',
  agencyIds: 'agency',
  practiceIds: 'practice',
  platformIds: 'platform',
  clientIds: 'client',
  platformUserTypeIds: 'platform_user_type',
};

/** The request column each scope list names. */
export const scopeColumns: Readonly<Record<AccessReviewScopeList, string>> = {
  regionIds: 'r.regionId',
  marketIds: 'r.marketId',
  agencyIds: 'r.agencyId',
  practiceIds: 'r.practiceId',
  platformIds: 'r.platformId',
  clientIds: 'r.clientId',
  platformUserTypeIds: 'r.platformUserTypeId',
};

/** Whose campaigns a caller reaches: every one, or an administrator's (`campaignInAdminRows`). */
export type CampaignScope = { kind: 'all' } | { kind: 'admin'; userId: number };

/**
 * The campaign `ar` lies in the administrator's rows: it names at least one region or market,
 * every market it names is in one of her active admin rows, and every region it names is
 * wholly hers (she holds a row in it and one for each of its active markets). A campaign naming
 * neither is the super administrators' alone.
 */
export function campaignInAdminRows(adminId: number): Expression<SqlBool> {
  const eb = expressionBuilder<Database & { ar: Database['accessReviews'] }, 'ar'>();
  const scopeRows = () =>
    eb.selectFrom('accessReviewScope as s').select('s.refId').whereRef('s.reviewId', '=', 'ar.reviewId');
  const adminRows = () =>
    eb
      .selectFrom('adminRegions as adm')
      .select('adm.adminRegionId')
      .where('adm.userId', '=', adminId)
      .where('adm.isDeleted', '=', 0);
  return eb.and([
    eb.exists(scopeRows().where('s.kind', 'in', ['region', 'market'])),
    eb.not(
      eb.exists(
        scopeRows().where((w) =>
          w.or([
            w.and([
              w('s.kind', '=', 'market'),
              w.not(w.exists(adminRows().where('adm.marketId', '=', sql.ref<number>('s.refId')))),
            ]),
            w.and([
              w('s.kind', '=', 'region'),
              w.or([
                w.not(w.exists(adminRows().where('adm.regionId', '=', sql.ref<number>('s.refId')))),
                w.exists(
                  w
                    .selectFrom('markets as mk')
                    .select('mk.marketId')
                    .whereRef('mk.regionId', '=', 's.refId')
                    .where('mk.isDeleted', '=', 0)
                    .where((m) =>
                      m.not(
                        m.exists(
                          adminRows()
                            .where('adm.regionId', '=', sql.ref<number>('mk.regionId'))
                            .where('adm.marketId', '=', sql.ref<number>('mk.marketId')),
                        ),
                      ),
                    ),
                ),
              ]),
            ]),
          ]),
        ),
      ),
    ),
  ]);
}

const inCampaignScope = (scope: CampaignScope): Expression<SqlBool> =>
  scope.kind === 'admin' ? campaignInAdminRows(scope.userId) : sql<SqlBool>`1 = 1`;

/** One campaign as stored, if the caller reaches it. */
export function findCampaign(q: Executor, scope: CampaignScope, reviewId: number) {
  return q
    .selectFrom('accessReviews as ar')
    .selectAll('ar')
    .where('ar.reviewId', '=', reviewId)
    .where(inCampaignScope(scope))
    .executeTakeFirst();
}
export type CampaignDbRow = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

/** A campaign's scope rows. */
export function findScopeRows(q: Executor, reviewIds: readonly number[]) {
  if (reviewIds.length === 0) {
    return Promise.resolve([]);
  }
  return q
    .selectFrom('accessReviewScope')
    .select(['reviewId', 'kind', 'refId'])
    .where('reviewId', 'in', reviewIds)
    .orderBy('reviewId')
    .orderBy('kind')
    .orderBy('refId')
    .execute();
}

/** The names of the scope rows of these campaigns, for the scope in words. */
export function findScopeNames(q: Executor, reviewIds: readonly number[]) {
  if (reviewIds.length === 0) {
    return Promise.resolve([]);
  }
  const name = (table: string, idColumn: string) =>
    sql<string>`(select t.description from ${sql.table(table)} t where ${sql.ref(`t.${idColumn}`)} = s.ref_id)`;
  return q
    .selectFrom('accessReviewScope as s')
    .select([
      's.reviewId',
      's.kind',
      's.refId',
      sql<string | null>`case s.kind
        when 'region' then ${name('regions', 'region_id')}
        when 'market' then ${name('markets', 'market_id')}
        when 'agency' then ${name('agencies', 'agency_id')}
        when 'practice' then ${name('practices', 'practice_id')}
        when 'platform' then ${name('platforms', 'platform_id')}
        when 'client' then ${name('clients', 'client_id')}
        when 'platform_user_type' then ${name('platform_user_types', 'platform_user_type_id')}
        end`.as('name'),
    ])
    .where('s.reviewId', 'in', reviewIds)
    .orderBy('s.reviewId')
    .orderBy('s.kind')
    .orderBy('s.refId')
    .execute();
}

export interface CampaignValues {
  name: string;
  reviewerRule: string;
  reviewerUserId: number | null;
  dueDate: string;
  whenUndecided: string;
  recurrenceMonths: number | null;
  internal: number | null;
  activeForDays: number | null;
}

export async function insertCampaign(
  q: Executor,
  /** previousReviewId: the campaign a recurring one starts from (follow-up.ts). */
  values: CampaignValues & { createdBy: number; nowIso: string; previousReviewId?: number },
): Promise<number> {
  const { nowIso, ...rest } = values;
  const row = await q
    .insertInto('accessReviews')
    .values({
      ...rest,
      status: 'draft',
      createdDate: nowIso,
      updatedBy: values.createdBy,
      updatedDate: nowIso,
    })
    .returning('reviewId')
    .executeTakeFirstOrThrow();
  return row.reviewId;
}

/** Writes a draft's fields while it is still a draft (compare-and-set); false: it moved meanwhile. */
export async function updateDraft(
  q: Executor,
  reviewId: number,
  values: CampaignValues & { updatedBy: number; nowIso: string },
): Promise<boolean> {
  const { nowIso, ...rest } = values;
  const result = await q
    .updateTable('accessReviews')
    .set({ ...rest, updatedDate: nowIso })
    .where('reviewId', '=', reviewId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces a campaign's scope rows. */
export async function replaceScopeRows(
  q: Executor,
  reviewId: number,
  rows: readonly { kind: string; refId: number }[],
): Promise<void> {
  await q.deleteFrom('accessReviewScope').where('reviewId', '=', reviewId).execute();
  if (rows.length > 0) {
    await q
      .insertInto('accessReviewScope')
      .values(rows.map((r) => ({ reviewId, ...r })))
      .execute();
  }
}

/** Whether the (just written) campaign lies in the administrator's rows. */
export async function isCampaignInAdminRows(
  q: Executor,
  adminId: number,
  reviewId: number,
): Promise<boolean> {
  const row = await q
    .selectFrom('accessReviews as ar')
    .select('ar.reviewId')
    .where('ar.reviewId', '=', reviewId)
    .where(campaignInAdminRows(adminId))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves a campaign from one status to another (compare-and-set): false when it was not in
 * `from` (any of them) any more.
 */
export async function moveCampaign(
  q: Executor,
  o: {
    reviewId: number;
    from: readonly AccessReviewStatus[];
    to: AccessReviewStatus;
    actorId: number;
    nowIso: string;
    set?: { startedDate?: string; closedDate?: string };
  },
): Promise<boolean> {
  const result = await q
    .updateTable('accessReviews')
    .set({ ...o.set, status: o.to, updatedBy: o.actorId, updatedDate: o.nowIso })
    .where('reviewId', '=', o.reviewId)
    .where('status', 'in', o.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether a user profile exists. */
export async function userExists(q: Executor, userId: number): Promise<boolean> {
  const row = await q.selectFrom('users').select('userId').where('userId', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Whether the user is a super administrator now (the snapshot of her campaign is unbounded). */
export async function isSuperAdmin(q: Executor, userId: number): Promise<boolean> {
  const row = await q
    .selectFrom('superAdmins')
    .select('userId')
    .where('userId', '=', userId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------- the campaigns table

const countOf = (decision: 'any' | 'decided' | 'keep' | 'revoke' | 'undecided') =>
  sql<number>`(select count(*) from access_review_items i where i.review_id = ar.review_id${
    decision === 'any'
      ? sql``
      : decision === 'decided'
        ? sql` and i.decision is not null`
        : decision === 'undecided'
          ? sql` and i.decision is null`
          : sql` and i.decision = ${decision}`
  })`;

const caseOf = (column: string, names: Readonly<Record<string, string>>) =>
  sql<string>`case ${sql.ref(column)} ${sql.join(
    Object.entries(names).map(([value, name]) => sql`when ${value} then ${name}`),
    sql` `,
  )} end`;

const reviewerText = sql<string>`case when ar.reviewer_rule = 'user' then ${fullName('rv')} else ${caseOf(
  'ar.reviewerRule',
  reviewerRuleNames,
)} end`;

/** A count of the campaign's items: sorts, but a filter menu of counts would mean nothing. */
const countColumn = (decision: Parameters<typeof countOf>[0]) => ({
  ...column(countOf(decision), 'number'),
  isFilterable: false,
});

/** The campaigns table (keys = row field names); the newest first. */
export const campaignSpec: TableSpec = {
  columns: {
    reviewId: column(sql.ref('ar.reviewId'), 'number'),
    name: column(sql.ref('ar.name')),
    statusName: column(caseOf('ar.status', accessReviewStatusNames)),
    reviewerText: { ...column(reviewerText), isSortable: false },
    dueDate: column(sql.ref('ar.dueDate'), 'date'),
    itemCount: countColumn('any'),
    decidedCount: countColumn('decided'),
    keptCount: countColumn('keep'),
    revokedCount: countColumn('revoke'),
    undecidedCount: countColumn('undecided'),
    createdByName: column(fullName('cb')),
    createdDate: column(sql.ref('ar.createdDate'), 'date'),
    startedDate: column(sql.ref('ar.startedDate'), 'date'),
    closedDate: column(sql.ref('ar.closedDate'), 'date'),
  },
  id: sql.ref<number>('ar.reviewId'),
  defaultOrder: { column: 'reviewId', isAscending: false },
};

function campaignRows(q: Executor, scope: CampaignScope) {
  return q
    .selectFrom('accessReviews as ar')
    .innerJoin('users as cb', 'cb.userId', 'ar.createdBy')
    .leftJoin('users as rv', 'rv.userId', 'ar.reviewerUserId')
    .where(inCampaignScope(scope));
}

function selectCampaign(qb: ReturnType<typeof campaignRows>) {
  return qb.select([
    'ar.reviewId',
    'ar.name',
    'ar.status',
    caseOf('ar.status', accessReviewStatusNames).as('statusName'),
    'ar.reviewerRule',
    'ar.reviewerUserId',
    reviewerText.as('reviewerText'),
    'ar.dueDate',
    'ar.whenUndecided',
    'ar.recurrenceMonths',
    'ar.internal',
    'ar.activeForDays',
    fullName('cb').as('createdByName'),
    'ar.createdDate',
    'ar.startedDate',
    'ar.closedDate',
  ]);
}

/** The campaigns table's three reads (page, filter menus, export batches). */
export const campaignTable = sqlTable({
  spec: campaignSpec,
  rows: (db: Db, scope: CampaignScope) => campaignRows(db.kysely, scope),
  select: selectCampaign,
});
export type CampaignListDbRow = Awaited<ReturnType<typeof campaignTable.page>>['rows'][number];

/** One campaign with its progress, if the caller reaches it. */
export function findCampaignRow(q: Executor, scope: CampaignScope, reviewId: number) {
  return selectCampaign(campaignRows(q, scope)).where('ar.reviewId', '=', reviewId).executeTakeFirst();
}
