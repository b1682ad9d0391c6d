import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { CoverageState, RequestStatus, type TableQuery } from '@uap/domain';
import type { Db } from '../../../db/connection.ts';
import { toCount } from '../../../db/connection.ts';
import { joinPracticeNames, practiceNameColumns } from '../../../db/path-joins.ts';
import type { Database } from '../../../db/schema.ts';
import {
  distinctFilterValues,
  orderTable,
  fitsAllRows,
  pageOf,
  tableCondition,
  type TableSpec,
} from '../../../db/table-query.ts';
import type { AdminScope } from '../../../http/admin-scope.ts';
import { coveringAssignment, hasNoApprovalPath, masterApproverOfPath } from '../../request-lines/routing.ts';
import type { RequestEb } from '../../request-lines/line-query.ts';
import { inAdminRows } from '../../../http/row-scope-queries.ts';
import {
  findNamedAssignment,
  joinBackupPeople,
  peopleNameColumns,
  peopleNames,
} from '../assignments/queries.ts';
import type { AssignmentPath } from '../assignments/write-queries.ts';
import { CLIENT_LEVELS, fullName, levelColumns, refColumn, textColumn } from '../column-queries.ts';

type PathEb = ExpressionBuilder<
  Database & { pc: Database['pathCoverage']; mk: Database['markets'] },
  'pc' | 'mk'
>;

/** The active master approvers' names of the path's practice, comma-separated. */
function masterNames(db: Db, eb: PathEb) {
  const agg =
    db.dialect === 'postgres'
      ? sql<string | null>`string_agg(${fullName('mu')}, ', ' order by ${sql.ref('mu.name')})`
      : sql<string | null>`group_concat(${fullName('mu')}, ', ')`;
  return eb
    .selectFrom('masterApprovers as m')
    .innerJoin('users as mu', 'mu.userId', 'm.userId')
    .select(agg.as('names'))
    .whereRef('m.regionId', '=', 'pc.regionId')
    .whereRef('m.marketId', '=', 'pc.marketId')
    .whereRef('m.agencyId', '=', 'pc.agencyId')
    .whereRef('m.practiceId', '=', 'pc.practiceId')
    .where('m.isDeleted', '=', 0);
}

/**
 * Every active path, from its stored coverage state (`path_coverage`, migration 0033: kept by
 * triggers in every writing transaction): platform availability (agency, practice, platform) ×
 * the platform's active clients of the agency, with the agency's market and region, the
 * covering assignment by the routing rule and the rank; an admin's inside their rows. `only`
 * restricts it to some path keys (a page's).
 */
function paths(db: Db, scope: AdminScope, only?: readonly number[]) {
  return joinPracticeNames(db.kysely.selectFrom('pathCoverage as pc'), 'pc')
    .innerJoin('platforms as pl', 'pl.platformId', 'pc.platformId')
    .innerJoin('clients as c', 'c.clientId', 'pc.clientId')
    .where('pc.isActive', '=', 1)
    .$if(only !== undefined, (qb) => qb.where('pc.pathKey', 'in', [...only!]))
    .$if(scope.kind === 'admin', (qb) => qb.where(inAdminRows(scope, 'pc')))
    .select((eb) => [
      'pc.pathKey',
      'pc.regionId',
      'pc.marketId',
      'pc.agencyId',
      'pc.practiceId',
      'pc.platformId',
      'pc.clientId',
      'pc.approverId',
      'pc.coverageRank',
      ...practiceNameColumns,
      'pl.description as platformName',
      'c.description as clientName',
      masterNames(db, eb as unknown as PathEb).as('masterApproverNames'),
    ]);
}

/** The paths with their covering assignment's people: the rows the Coverage tab filters and sorts. */
function coverage(db: Db, scope: AdminScope, only?: readonly number[]) {
  const covering = db.kysely
    .selectFrom(paths(db, scope, only).as('p'))
    .leftJoin('approverAssignments as a', 'a.approverId', 'p.approverId')
    .leftJoin('users as ap', 'ap.userId', 'a.userId');
  return joinBackupPeople(covering);
}

// The state and rank are stored per path (coverage_rank: 0 no approver, 1 no provisioner, 2
// covered): the default order walks the index (is_active, coverage_rank, path_key).
const stateSql = sql<string>`case ${sql.ref('p.coverageRank')}
  when 0 then ${sql.lit(CoverageState.NO_APPROVER)}
  when 1 then ${sql.lit(CoverageState.NO_PROVISIONER)}
  else ${sql.lit(CoverageState.COVERED)} end`;
/** 0 no approver, 1 no provisioner, 2 covered: 'paths with none first'. */
const rankSql = sql.ref<number>('p.coverageRank');

/**
 * Requests of the path waiting on an approver or a provisioner (Submitted or Approved), on the
 * partial index of open lines by client and practice (migration 0015).
 */
const pendingSql = sql<number>`(select count(*) from requests q
  where q.client_id = ${sql.ref('p.clientId')} and q.practice_id = ${sql.ref('p.practiceId')}
    and q.region_id = ${sql.ref('p.regionId')} and q.market_id = ${sql.ref('p.marketId')}
    and q.status_id in (${sql.lit(RequestStatus.SUBMITTED)}, ${sql.lit(RequestStatus.APPROVED)}))`;

/** The Coverage table (keys = row field names); paths with no approver first, then no provisioner. */
export const coverageSpec: TableSpec = {
  columns: {
    coverage: { ...textColumn(stateSql), isSearchable: false },
    coverageRank: { sql: rankSql, kind: 'number', isSortable: true },
    regionName: refColumn('p.regionName'),
    marketName: refColumn('p.marketName'),
    agencyName: refColumn('p.agencyName'),
    practiceName: refColumn('p.practiceName'),
    platformName: refColumn('p.platformName'),
    clientName: refColumn('p.clientName'),
    ...peopleNameColumns,
    masterApproverNames: { ...refColumn('p.masterApproverNames'), isFilterable: false },
    pendingCount: { sql: pendingSql, kind: 'number', isSortable: true },
  },
  id: sql.ref<number>('p.pathKey'),
  defaultOrder: { column: 'coverageRank', isAscending: true },
};

function selectRow(qb: ReturnType<typeof coverage>) {
  return qb.select([
    'p.pathKey',
    ...levelColumns('p', CLIENT_LEVELS),
    'p.regionName',
    'p.marketName',
    'p.agencyName',
    'p.practiceName',
    'p.platformName',
    'p.clientName',
    'p.approverId',
    'a.clientId as assignmentClientId',
    ...peopleNames,
    'p.masterApproverNames',
    stateSql.as('coverage'),
    pendingSql.as('pendingCount'),
  ]);
}
export type CoverageDbRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

/** How many active paths the scope holds: an index count of the stored state (no joins). */
function countPaths(db: Db, scope: AdminScope) {
  return db.kysely
    .selectFrom('pathCoverage as pc')
    .where('pc.isActive', '=', 1)
    .$if(scope.kind === 'admin', (qb) => qb.where(inAdminRows(scope, 'pc')));
}

/**
 * One page of the Coverage table and its filtered total. The page's keys are found first on
 * narrow rows (only what the filters and the order read: by default the stored rank, an index
 * walk), then the names and pending counts of those 50 paths only.
 */
export async function findCoveragePage(db: Db, scope: AdminScope, query: TableQuery) {
  const condition = tableCondition(db.dialect, coverageSpec, query);
  const { limit, offset } = pageOf(query);
  const [keys, total] = await Promise.all([
    coverage(db, scope)
      .where(condition)
      .select(['p.pathKey'])
      .$call((qb) => orderTable(qb, coverageSpec, query))
      .limit(limit)
      .offset(offset)
      .execute(),
    // Unfiltered, the total is the number of active paths: counted on the stored state alone,
    // without the names and the people, which only a filter or a search reads.
    query.filters.some((f) => f.values.length > 0) || query.searchCriteria.trim() !== ''
      ? coverage(db, scope)
          .where(condition)
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirst()
      : countPaths(db, scope)
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirst(),
  ]);
  if (fitsAllRows(query, keys).length === 0) {
    return { rows: [], totalCount: toCount(total?.count) };
  }
  const details = await selectRow(
    coverage(
      db,
      scope,
      keys.map((k) => Number(k.pathKey)),
    ),
  ).execute();
  const byKey = new Map(details.map((row) => [Number(row.pathKey), row]));
  return {
    rows: keys.flatMap((k) => byKey.get(Number(k.pathKey)) ?? []),
    totalCount: toCount(total?.count),
  };
}

/** One keyset batch of the whole filtered Coverage table, highest path key first (the CSV export). */
export function findCoverageBatch(
  db: Db,
  scope: AdminScope,
  query: TableQuery,
  beforeKey: number | null,
  limit: number,
) {
  return selectRow(
    coverage(db, scope)
      .where(tableCondition(db.dialect, coverageSpec, query))
      .$if(beforeKey !== null, (qb) => qb.where('p.pathKey', '<', beforeKey!)),
  )
    .orderBy('p.pathKey', 'desc')
    .limit(limit)
    .execute();
}

/** The distinct values of one Coverage column under the other filters. */
export function findCoverageValues(db: Db, scope: AdminScope, query: TableQuery, column: string) {
  return distinctFilterValues(
    coverage(db, scope).where(tableCondition(db.dialect, coverageSpec, query, column)),
    coverageSpec,
    column,
  );
}

/**
 * Who would approve and provision a line on this path, by the routing rule (request-lines/
 * routing.ts) applied to the path as a one-row table `r`: the covering assignment's approvers
 * and provisioners and the practice's master approvers; `hasApprovalPath` false when none.
 */
export async function findPathPreview(db: Db, path: AssignmentPath) {
  const r = db.kysely
    .selectNoFrom([
      sql<number>`cast(${path.regionId} as integer)`.as('regionId'),
      sql<number>`cast(${path.marketId} as integer)`.as('marketId'),
      sql<number>`cast(${path.agencyId} as integer)`.as('agencyId'),
      sql<number>`cast(${path.practiceId} as integer)`.as('practiceId'),
      sql<number>`cast(${path.platformId} as integer)`.as('platformId'),
      sql<number | null>`cast(${path.clientId} as integer)`.as('clientId'),
    ])
    .as('r');
  const asRequest = (eb: unknown) => eb as RequestEb;
  const found = await db.kysely
    .selectFrom(r)
    .select((eb) => [
      sql<SqlBool>`${hasNoApprovalPath(asRequest(eb))}`.as('noPath'),
      coveringAssignment(asRequest(eb)).select('a.approverId').limit(1).as('approverId'),
    ])
    .executeTakeFirst();
  const approverId = found?.approverId ?? null;
  const assignment = approverId === null ? undefined : await findNamedAssignment(db, approverId);
  const masters = await db.kysely
    .selectFrom(r)
    .innerJoin('masterApprovers as mm', (j) => j.onTrue())
    .innerJoin('users as mu', 'mu.userId', 'mm.userId')
    .where((eb) =>
      eb.exists(
        masterApproverOfPath(asRequest(eb))
          .select('m.masterApproverId')
          .whereRef('m.masterApproverId', '=', sql.ref('mm.masterApproverId')),
      ),
    )
    .select([fullName('mu').as('fullName'), 'mu.email'])
    .orderBy('mm.masterApproverId')
    .execute();
  return { noPath: Number(found?.noPath) === 1 || found?.noPath === true, assignment, masters };
}
