import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { RequestStatus, RequestType } from '@uap/domain';
import { toCount, type Dialect, type Executor } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { insideAdminScope, TRUE } from '../request-lines/routing.ts';

/**
 * Whose lines a card counts: every line (super admin), the lines inside an admin's (region,
 * market) rows, or the lines of a master approver's own (region, market, agency, practice) rows
 * of the card's practice.
 */
export type ScorecardScope =
  | { kind: 'all'; userId?: number }
  | { kind: 'admin'; userId: number }
  | { kind: 'masterApprover'; userId: number; practice: string };

type RequestEb = ExpressionBuilder<Database & { r: Database['requests'] }, 'r'>;

function inScope(eb: RequestEb, scope: ScorecardScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return TRUE;
    case 'admin':
      return insideAdminScope(eb, scope.userId);
    case 'masterApprover':
      return eb.exists(
        eb
          .selectFrom('masterApprovers as ma')
          .innerJoin('practices as mp', 'mp.practiceId', 'ma.practiceId')
          .select('ma.masterApproverId')
          .where('ma.userId', '=', scope.userId)
          .where('ma.isDeleted', '=', 0)
          .where('mp.description', '=', scope.practice)
          .whereRef('ma.regionId', '=', 'r.regionId')
          .whereRef('ma.marketId', '=', 'r.marketId')
          .whereRef('ma.agencyId', '=', 'r.agencyId')
          .whereRef('ma.practiceId', '=', 'r.practiceId'),
      );
  }
}

/** The practices (descriptions) a user is an active master approver of. */
export async function masterApproverPractices(q: Executor, userId: number): Promise<string[]> {
  const rows = await q
    .selectFrom('masterApprovers as ma')
    .innerJoin('practices as p', 'p.practiceId', 'ma.practiceId')
    .select('p.description')
    .distinct()
    .where('ma.userId', '=', userId)
    .where('ma.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .execute();
  return rows.map((r) => r.description);
}

/** Ids of the platforms a card reads (by their master-data description). */
export async function platformIdsNamed(q: Executor, description: string): Promise<number[]> {
  const rows = await q
    .selectFrom('platforms')
    .select('platformId')
    .where('description', '=', description)
    .execute();
  return rows.map((r) => r.platformId);
}

/** Every normalized user type name in master data (to tell the administrator-level ones). */
export async function basicNames(q: Executor): Promise<string[]> {
  const rows = await q.selectFrom('platformUserTypes').select('basicName').distinct().execute();
  return rows.map((r) => r.basicName);
}

/** The active access records (a completed or archived Add line not deactivated) of a card. */
function activeRecords(q: Executor, platformIds: number[], scope: ScorecardScope) {
  return q
    .selectFrom('requests as r')
    .where('r.platformId', 'in', platformIds)
    .where('r.statusId', 'in', [RequestStatus.COMPLETED, RequestStatus.ARCHIVED])
    .where('r.requestTypeId', '=', RequestType.ADD)
    .where('r.isDeleted', '=', 0)
    .where((eb) => inScope(eb, scope));
}

/** Distinct users with active access per agency and normalized user type. */
export async function usersByType(q: Executor, platformIds: number[], scope: ScorecardScope) {
  const rows = await activeRecords(q, platformIds, scope)
    .innerJoin('platformUserTypes as t', 't.platformUserTypeId', 'r.platformUserTypeId')
    .select((eb) => ['r.agencyId', 't.basicName', eb.fn.count('r.userId').distinct().as('users')])
    .groupBy(['r.agencyId', 't.basicName'])
    .execute();
  return rows.map((r) => ({ agencyId: r.agencyId, basicName: r.basicName, users: toCount(r.users) }));
}

/**
 * Per agency: distinct active users, those holding one of `adminBasicNames`, the external ones,
 * and the active records expiring in [now, until).
 */
export async function activeAccess(
  q: Executor,
  platformIds: number[],
  scope: ScorecardScope,
  o: { adminBasicNames: string[]; now: string; until: string },
) {
  const rows = await activeRecords(q, platformIds, scope)
    .leftJoin('platformUserTypes as t', 't.platformUserTypeId', 'r.platformUserTypeId')
    .select((eb) => [
      'r.agencyId',
      eb.fn.count('r.userId').distinct().as('activeUsers'),
      eb.fn
        .count(
          eb
            .case()
            .when(
              o.adminBasicNames.length > 0 ? eb('t.basicName', 'in', o.adminBasicNames) : sql<SqlBool>`1 = 0`,
            )
            .then(eb.ref('r.userId'))
            .end(),
        )
        .distinct()
        .as('administratorLevelUsers'),
      eb.fn
        .count(eb.case().when('r.isInternal', '=', 0).then(eb.ref('r.userId')).end())
        .distinct()
        .as('externalUsers'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('r.expirationDate', '>=', o.now), eb('r.expirationDate', '<', o.until)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('expiringRecords'),
    ])
    .groupBy('r.agencyId')
    .execute();
  return rows.map((r) => ({
    agencyId: r.agencyId,
    activeUsers: toCount(r.activeUsers),
    administratorLevelUsers: toCount(r.administratorLevelUsers),
    externalUsers: toCount(r.externalUsers),
    expiringRecords: toCount(r.expiringRecords),
  }));
}

/**
 * Per agency: distinct users whose directory account is disabled and who hold active access.
 * The leavers are few: their records are found through them (the requests' user index), not by
 * reading every active record of the platform.
 */
export async function leaversHoldingAccess(q: Executor, platformIds: number[], scope: ScorecardScope) {
  const rows = await activeRecords(q, platformIds, scope)
    .where('r.userId', 'in', (eb) =>
      eb
        .selectFrom('users as u')
        .innerJoin('directoryUsers as du', 'du.directoryId', 'u.directoryId')
        .select('u.userId')
        .where('du.active', '=', 0),
    )
    .select((eb) => ['r.agencyId', eb.fn.count('r.userId').distinct().as('leavers')])
    .groupBy('r.agencyId')
    .execute();
  return rows.map((r) => ({ agencyId: r.agencyId, leavers: toCount(r.leavers) }));
}

/** Per agency: the lines waiting for approval or provisioning (Submitted, Approved) and the oldest. */
export async function pendingLines(q: Executor, platformIds: number[], scope: ScorecardScope) {
  const rows = await q
    .selectFrom('requests as r')
    .where('r.platformId', 'in', platformIds)
    .where('r.statusId', 'in', [RequestStatus.SUBMITTED, RequestStatus.APPROVED])
    .where((eb) => inScope(eb, scope))
    .select((eb) => [
      'r.agencyId',
      eb.fn.countAll().as('pendingRequests'),
      eb.fn.min('r.createdDate').as('oldestCreatedDate'),
    ])
    .groupBy('r.agencyId')
    .execute();
  return rows.map((r) => ({
    agencyId: r.agencyId,
    pendingRequests: toCount(r.pendingRequests),
    oldestCreatedDate: String(r.oldestCreatedDate),
  }));
}

/** Hours from `from` to `to`, both timestamps (ISO text on SQLite, timestamptz on PostgreSQL). */
function hoursBetween(
  dialect: Dialect,
  from: Expression<unknown>,
  to: Expression<unknown>,
): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`extract(epoch from (${to} - ${from})) / 3600.0`
    : sql<number>`(julianday(${to}) - julianday(${from})) * 24.0`;
}

/**
 * Per agency, the median of `hours` over the lines `where` keeps: the lines are numbered in
 * order of hours inside their agency and the middle one (or the mean of the middle two) is
 * kept, with window functions both engines have.
 */
async function medianHours(
  q: Executor,
  platformIds: number[],
  scope: ScorecardScope,
  hours: (eb: RequestEb) => RawBuilder<number>,
  where: (eb: RequestEb) => Expression<SqlBool>,
) {
  const agency = sql.ref('r.agencyId');
  const ranked = q
    .selectFrom('requests as r')
    .where('r.platformId', 'in', platformIds)
    .where((eb) => eb.and([where(eb), inScope(eb, scope)]))
    .select((eb) => [
      'r.agencyId',
      hours(eb).as('hours'),
      sql<number>`row_number() over (partition by ${agency} order by ${hours(eb)})`.as('position'),
      sql<number>`count(*) over (partition by ${agency})`.as('lines'),
    ]);
  const rows = await q
    .selectFrom(ranked.as('d'))
    .where(
      sql<SqlBool>`${sql.ref('d.position')} in ((${sql.ref('d.lines')} + 1) / 2, (${sql.ref('d.lines')} + 2) / 2)`,
    )
    .select((eb) => ['d.agencyId', eb.fn.avg<number>('d.hours').as('median')])
    .groupBy('d.agencyId')
    .execute();
  return rows.map((r) => ({ agencyId: r.agencyId, median: Number(r.median) }));
}

/**
 * The two steps a scorecard times: from which date of a line to which, and the statuses of a
 * line that has taken the step.
 */
const timedSteps = {
  approval: {
    from: 'r.createdDate',
    to: 'r.approvedDate',
    statuses: [RequestStatus.APPROVED, RequestStatus.COMPLETED, RequestStatus.ARCHIVED],
  },
  provisioning: {
    from: 'r.approvedDate',
    to: 'r.provisionedDate',
    statuses: [RequestStatus.COMPLETED, RequestStatus.ARCHIVED],
  },
} as const;

/**
 * Per agency: median hours from submission to approval ('approval') or from approval to
 * provisioning ('provisioning') of the lines that took the step since `since`.
 */
export function medianStepHours(
  q: Executor,
  dialect: Dialect,
  platformIds: number[],
  scope: ScorecardScope,
  since: string,
  step: keyof typeof timedSteps,
) {
  const { from, to, statuses } = timedSteps[step];
  return medianHours(
    q,
    platformIds,
    scope,
    (eb) => hoursBetween(dialect, eb.ref(from), eb.ref(to)),
    (eb) =>
      eb.and([eb(to, '>=', since), eb(from, 'is not', null), eb('r.statusId', 'in', [...statuses])]),
  );
}

/** Per agency: the median age in hours (at `now`) of the pending lines. */
export function medianPendingHours(
  q: Executor,
  dialect: Dialect,
  platformIds: number[],
  scope: ScorecardScope,
  now: string,
) {
  const at = dialect === 'postgres' ? sql`cast(${now} as timestamptz)` : sql`${now}`;
  return medianHours(
    q,
    platformIds,
    scope,
    (eb) => hoursBetween(dialect, eb.ref('r.createdDate'), at),
    (eb) => eb('r.statusId', 'in', [RequestStatus.SUBMITTED, RequestStatus.APPROVED]),
  );
}

/** Names of the agencies with their market and region. */
export function agencyNames(q: Executor, agencyIds: number[]) {
  return q
    .selectFrom('agencies as ag')
    .innerJoin('markets as mk', 'mk.marketId', 'ag.marketId')
    .innerJoin('regions as rg', 'rg.regionId', 'mk.regionId')
    .select([
      'ag.agencyId',
      'ag.description as agency',
      'mk.description as market',
      'rg.description as region',
    ])
    .where('ag.agencyId', 'in', agencyIds)
    .execute();
}
