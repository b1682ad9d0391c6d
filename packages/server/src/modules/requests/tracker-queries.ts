import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { RequestStatus, RequestType, type TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { toCount } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import {
  FILTER_OPTIONS_LIMIT,
  filterColumn,
  orderTable,
  pageOf,
  sortOptions,
  tableCondition,
  type TableSpec,
} from '../../db/table-query.ts';
import { hasNoApprovalPath, insideAdminScope, routedToProvisioner, TRUE } from './routing.ts';

type RequestEb = ExpressionBuilder<Database & { r: Database['requests'] }, 'r'>;

/**
 * Which lines the Request Tracker and the activity log show (issue 4 §3): provisioners the lines
 * routed to them (any status), admins the lines inside their admin (region, market) rows, super
 * admins and auditors every line.
 */
export type TrackerScope =
  { kind: 'routed'; userId: number } | { kind: 'admin'; userId: number } | { kind: 'all' };

export function inTrackerScope(eb: RequestEb, scope: TrackerScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return TRUE;
    case 'routed':
      return routedToProvisioner(eb, scope.userId);
    case 'admin':
      // The IN on region_id lets the planner read the admin's regions through an index instead
      // of testing the EXISTS on every line; insideAdminScope stays the exact rule.
      return eb.and([
        eb(
          'r.regionId',
          'in',
          eb
            .selectFrom('adminRegions as sr')
            .select('sr.regionId')
            .where('sr.userId', '=', scope.userId)
            .where('sr.isDeleted', '=', 0),
        ),
        insideAdminScope(eb, scope.userId),
      ]);
  }
}

const ref = <T = string>(reference: string) => sql.ref<T>(reference);
const fullName = (alias: string) =>
  sql<string>`${ref(`${alias}.name`)} || ' ' || ${ref(`${alias}.lastName`)}`;

/** Record status of an access record (an Add line Completed or Archived); '' on every other line. */
function recordStatus(todayIso: string) {
  return sql<string>`case when ${ref('r.requestTypeId')} <> ${RequestType.ADD} or ${ref('r.statusId')} not in (${RequestStatus.COMPLETED}, ${RequestStatus.ARCHIVED}) then '' when ${ref('r.isDeleted')} = 1 then 'Inactive' when ${ref('r.expirationDate')} < ${todayIso} then 'Expired' else 'Active' end`;
}

const text = (reference: string) =>
  ({ sql: ref(reference), kind: 'text', isFilterable: true, isSortable: true, isSearchable: true }) as const;

/** The Request Tracker's columns; keys are the row field names the web sends. */
export function trackerSpec(todayIso: string): TableSpec {
  return {
    columns: {
      requestId: {
        sql: ref('r.requestId'),
        kind: 'number',
        isFilterable: true,
        isSortable: true,
        isSearchable: true,
      },
      status: text('s.description'),
      statusDescription: { sql: recordStatus(todayIso), kind: 'text', isFilterable: true, isSortable: true },
      requestTypeName: text('t.description'),
      requestUserName: { ...text('u.name'), sql: fullName('u') },
      requestUserEmail: text('u.email'),
      email: text('r.email'),
      regionName: text('rg.description'),
      marketName: text('mk.description'),
      agencyName: text('ag.description'),
      practiceName: text('pr.description'),
      platformName: text('pl.description'),
      clientName: text('c.description'),
      assetName: text('at.description'),
      clientAccountName: text('ca.description'),
      platformUserTypeName: text('put.description'),
      createdByName: { ...text('cu.name'), sql: fullName('cu') },
      expirationDate: { sql: ref('r.expirationDate'), kind: 'date', isSortable: true },
      createdDate: { sql: ref('r.createdDate'), kind: 'date', isSortable: true },
    },
    id: ref<number>('r.requestId'),
    defaultOrder: { column: 'createdDate', isAscending: false },
  };
}

type Alias = 's' | 't' | 'u' | 'cu' | 'rg' | 'mk' | 'ag' | 'pr' | 'pl' | 'c' | 'at' | 'ca' | 'put';

/** The joined table each column needs; a count joins only what its filters and search need. */
const aliasOf: Record<string, Alias | undefined> = {
  status: 's',
  requestTypeName: 't',
  requestUserName: 'u',
  requestUserEmail: 'u',
  regionName: 'rg',
  marketName: 'mk',
  agencyName: 'ag',
  practiceName: 'pr',
  platformName: 'pl',
  clientName: 'c',
  assetName: 'at',
  clientAccountName: 'ca',
  platformUserTypeName: 'put',
  createdByName: 'cu',
};

const allAliases = new Set<Alias>([
  's',
  't',
  'u',
  'cu',
  'rg',
  'mk',
  'ag',
  'pr',
  'pl',
  'c',
  'at',
  'ca',
  'put',
]);

function aliasesUsed(query: TableQuery, exceptColumn?: string): Set<Alias> {
  if (query.searchCriteria.trim() !== '') {
    return allAliases;
  }
  const used = new Set<Alias>();
  for (const f of query.filters) {
    const alias = aliasOf[f.column];
    if (alias && f.values.length > 0 && f.column !== exceptColumn) {
      used.add(alias);
    }
  }
  return used;
}

/**
 * Lines in scope joined to the named tables. The inner joins follow NOT NULL foreign keys, so
 * leaving one out never changes which lines match; it only saves work.
 */
function trackerLines(db: Db, scope: TrackerScope, joins: Set<Alias>) {
  const has = (a: Alias) => joins.has(a);
  return db.kysely
    .selectFrom('requests as r')
    .where((eb) => inTrackerScope(eb, scope))
    .$if(has('s'), (qb) => qb.innerJoin('requestStatuses as s', 's.statusId', 'r.statusId'))
    .$if(has('t'), (qb) => qb.innerJoin('requestTypes as t', 't.requestTypeId', 'r.requestTypeId'))
    .$if(has('u'), (qb) => qb.innerJoin('users as u', 'u.userId', 'r.userId'))
    .$if(has('cu'), (qb) => qb.innerJoin('users as cu', 'cu.userId', 'r.createdBy'))
    .$if(has('rg'), (qb) => qb.innerJoin('regions as rg', 'rg.regionId', 'r.regionId'))
    .$if(has('mk'), (qb) => qb.innerJoin('markets as mk', 'mk.marketId', 'r.marketId'))
    .$if(has('ag'), (qb) => qb.innerJoin('agencies as ag', 'ag.agencyId', 'r.agencyId'))
    .$if(has('pr'), (qb) => qb.innerJoin('practices as pr', 'pr.practiceId', 'r.practiceId'))
    .$if(has('pl'), (qb) => qb.innerJoin('platforms as pl', 'pl.platformId', 'r.platformId'))
    .$if(has('c'), (qb) => qb.leftJoin('clients as c', 'c.clientId', 'r.clientId'))
    .$if(has('at'), (qb) => qb.leftJoin('assetTypes as at', 'at.assetId', 'r.assetId'))
    .$if(has('ca'), (qb) => qb.leftJoin('clientAccounts as ca', 'ca.clientAccountId', 'r.clientAccountId'))
    .$if(has('put'), (qb) =>
      qb.leftJoin('platformUserTypes as put', 'put.platformUserTypeId', 'r.platformUserTypeId'),
    );
}

/** The row every tracker screen and export shows, selected over the fully joined lines. */
function selectTrackerRow(qb: ReturnType<typeof trackerLines>, todayIso: string) {
  return qb.select([
    'r.requestId',
    'r.submissionId',
    'r.statusId',
    sql<string>`${ref('s.description')}`.as('statusName'),
    'r.requestTypeId',
    sql<string>`${ref('t.description')}`.as('requestTypeName'),
    'r.recordId',
    'r.expirationDate',
    'r.beginningDate',
    'r.isDeleted',
    'r.isUrgent',
    'r.pendingChangeRequestId',
    'r.email',
    'r.comments',
    'r.agencyId',
    'r.platformId',
    'r.platformUserTypeId',
    'r.createdDate',
    'r.userId',
    'r.clientAccountId',
    sql<number | null>`${ref('at.isSystemRecord')}`.as('assetIsSystemRecord'),
    sql<string>`${ref('u.name')}`.as('name'),
    sql<string>`${ref('u.lastName')}`.as('lastName'),
    sql<string>`${ref('u.email')}`.as('userEmail'),
    sql<string>`${ref('cu.name')}`.as('creatorName'),
    sql<string>`${ref('cu.lastName')}`.as('creatorLastName'),
    sql<string>`${ref('cu.email')}`.as('creatorEmail'),
    sql<string>`${ref('rg.description')}`.as('regionName'),
    sql<string>`${ref('mk.description')}`.as('marketName'),
    sql<string>`${ref('ag.description')}`.as('agencyName'),
    sql<string>`${ref('pr.description')}`.as('practiceName'),
    sql<string>`${ref('pl.description')}`.as('platformName'),
    sql<string | null>`${ref('c.description')}`.as('clientName'),
    sql<string | null>`${ref('cc.code')}`.as('clientCodeName'),
    sql<string | null>`${ref('at.description')}`.as('assetName'),
    sql<string | null>`${ref('ca.description')}`.as('clientAccountName'),
    sql<string | null>`${ref('put.description')}`.as('platformUserTypeName'),
    recordStatus(todayIso).as('recordStatus'),
    (eb) =>
      sql<number>`case when ${hasNoApprovalPath(eb as unknown as RequestEb)} then 1 else 0 end`.as(
        'noApprovalPath',
      ),
  ]);
}
export type TrackerLineRow = Awaited<ReturnType<ReturnType<typeof selectTrackerRow>['execute']>>[number];

/** The full rows of these lines (already scoped), in the order of `ids`. */
async function rowsOf(db: Db, ids: number[], todayIso: string) {
  if (ids.length === 0) {
    return [];
  }
  const rows = await selectTrackerRow(
    trackerLines(db, { kind: 'all' }, allAliases)
      .leftJoin('clientCodes as cc', 'cc.clientCodeId', 'r.clientCodeId')
      .where('r.requestId', 'in', ids),
    todayIso,
  ).execute();
  const byId = new Map(rows.map((r) => [r.requestId, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of the tracker and the total count of its filtered result. The page's ids are
 * found with only the joins its filters, search and sort need, then the 50 rows are read by
 * id: joining a dozen small lookup tables before the LIMIT misleads SQLite's planner.
 */
export async function findTrackerPage(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  todayIso: string,
) {
  const { limit, offset } = pageOf(query);
  const condition = tableCondition(spec, query);
  const joins = new Set(aliasesUsed(query));
  const sortAlias = aliasOf[query.orderBy ?? ''];
  if (sortAlias) {
    joins.add(sortAlias);
  }
  const [ids, total] = await Promise.all([
    trackerLines(db, scope, joins)
      .where(condition)
      .select('r.requestId')
      .$call((qb) => orderTable(qb, spec, query))
      .limit(limit)
      .offset(offset)
      .execute(),
    trackerLines(db, scope, aliasesUsed(query))
      .where(condition)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  const rows = await rowsOf(
    db,
    ids.map((r) => r.requestId),
    todayIso,
  );
  return { rows, totalCount: toCount(total?.count) };
}

/** The distinct values of one column under the other filters, sorted, at most the limit + 1. */
export async function findTrackerColumnValues(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  column: string,
) {
  const target = filterColumn(spec, column);
  const joins = new Set(aliasesUsed(query, column));
  const own = aliasOf[column];
  if (own) {
    joins.add(own);
  }
  const rows = await trackerLines(db, scope, joins)
    .where(tableCondition(spec, query, column))
    .select(sql<string | number | null>`${target.sql}`.as('value'))
    .distinct()
    .orderBy('value')
    .limit(FILTER_OPTIONS_LIMIT + 1)
    .execute();
  return sortOptions(
    rows.map((r) => r.value),
    target.kind,
  );
}

/** One keyset batch of the whole filtered result, newest id first (the CSV export). */
export async function findTrackerBatch(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  todayIso: string,
  beforeId: number | null,
  limit: number,
) {
  let qb = trackerLines(db, scope, aliasesUsed(query)).where(tableCondition(spec, query));
  if (beforeId !== null) {
    qb = qb.where('r.requestId', '<', beforeId);
  }
  const ids = await qb.select('r.requestId').orderBy('r.requestId', 'desc').limit(limit).execute();
  return rowsOf(
    db,
    ids.map((r) => r.requestId),
    todayIso,
  );
}
