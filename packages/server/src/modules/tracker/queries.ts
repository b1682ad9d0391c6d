import { sql, type Expression, type SqlBool } from 'kysely';
import { RequestStatus, RequestType, type TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { toCount } from '../../db/connection.ts';
import {
  distinctFilterValues,
  orderTable,
  pageOf,
  tableCondition,
  type TableSpec,
} from '../../db/table-query.ts';
import { requestSearchIndex } from '../../db/search-index.ts';
import {
  codedLines,
  columnAlias,
  fullName,
  lineColumns,
  recordLineColumns,
  type LineAlias,
  lookupLines,
  ref,
  type RequestEb,
  text,
} from '../request-lines/line-query.ts';
import { hasNoApprovalPath, insideAdminScope, routedToProvisioner, TRUE } from '../request-lines/routing.ts';

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

/** Record status of an access record (an Add line Completed or Archived); '' on every other line. */
function recordStatus(todayIso: string) {
  return sql<string>`case when ${ref('r.requestTypeId')} <> ${RequestType.ADD} or ${ref('r.statusId')} not in (${RequestStatus.COMPLETED}, ${RequestStatus.ARCHIVED}) then '' when ${ref('r.isDeleted')} = 1 then 'Inactive' when ${ref('r.expirationDate')} < ${todayIso} then 'Expired' else 'Active' end`;
}

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
    searchIndex: requestSearchIndex,
  };
}

type Alias = Exclude<LineAlias, 'cc'>;

/** The joined table each column needs; a count joins only what its filters and search need. */
const aliasOf = (column: string): Alias | undefined => {
  const alias = columnAlias[column];
  return alias === 'cc' ? undefined : alias;
};

function aliasesUsed(query: TableQuery, exceptColumn?: string): Set<Alias> {
  // The search reads the search index alone: it covers every searchable tracker column.
  const used = new Set<Alias>();
  for (const f of query.filters) {
    const alias = aliasOf(f.column);
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
  return lookupLines(
    db.kysely,
    (eb) => inTrackerScope(eb, scope),
    (alias) => joins.has(alias as Alias),
    'inner',
  );
}

/** The row every tracker screen and export shows, selected over the fully joined lines. */
function selectTrackerRow(qb: ReturnType<typeof codedLines>, todayIso: string) {
  return qb.select([
    ...lineColumns,
    ...recordLineColumns,
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
    codedLines(db.kysely, (eb) => eb('r.requestId', 'in', ids)),
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
  const condition = tableCondition(db.dialect, spec, query);
  const joins = new Set(aliasesUsed(query));
  const sortAlias = aliasOf(query.orderBy ?? '');
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
  const joins = new Set(aliasesUsed(query, column));
  const own = aliasOf(column);
  if (own) {
    joins.add(own);
  }
  return distinctFilterValues(
    trackerLines(db, scope, joins).where(tableCondition(db.dialect, spec, query, column)),
    spec,
    column,
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
  let qb = trackerLines(db, scope, aliasesUsed(query)).where(tableCondition(db.dialect, spec, query));
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
