import { sql, type Expression, type SqlBool } from 'kysely';
import {
  messages,
  RequestStatus,
  RequestType,
  taskStages,
  type ServiceLevels,
  type TableQuery,
} from '@uap/domain';
import { KEPT_PLAN, type Db } from '../../db/connection.ts';
import { keptStatement, slot } from '../../db/kept-statement.ts';
import { type OrderKey, type TableSpec } from '../../db/table-query.ts';
import { requestSearchIndex } from '../../db/search-index.ts';
import {
  codedLines,
  columnAlias,
  lineColumns,
  lookupName,
  personName,
  linesById,
  recordLineColumns,
  type LineAlias,
  lookupLines,
  ref,
  type RequestEb,
  text,
} from '../request-lines/line-query.ts';
import {
  hasNoApprovalPath,
  insideAdminScope,
  routedToProvisioner,
  standingOf,
  TRUE,
} from '../request-lines/routing.ts';
import { pastServiceLevel, waitingSince } from '../request-lines/service-level.ts';
import { expiredStatus } from '../request-lines/lists.ts';

/**
 * What a Request Tracker line is: who sees it (the scope), its columns (filters, sorts, search),
 * the lines joined to what the filters need, and the full rows of a page read by id. Finding a
 * page is queries.ts; the filter menus menu-queries.ts.
 */

/**
 * Which lines the Request Tracker and the activity log show: provisioners the lines
 * routed to them (any status), admins the lines inside their admin (region, market) rows, super
 * admins and auditors every line.
 */
export type TrackerScope =
  | { kind: 'routed'; userId: number; standsIn?: boolean }
  | {
      kind: 'admin';
      userId: number;
      /** The lines asked for are many (more than EXACT_COUNT_UP_TO): see findTrackerPage. */
      isDense?: boolean;
    }
  | { kind: 'all' };

export function inTrackerScope(eb: RequestEb, scope: TrackerScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return TRUE;
    case 'routed':
      return routedToProvisioner(eb, scope.userId, standingOf(scope));
    case 'admin':
      if (scope.isDense) {
        return insideAdminScope(eb, scope.userId);
      }
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
  return sql<string>`case when ${ref('r.requestTypeId')} <> ${RequestType.ADD} or ${ref('r.statusId')} not in (${RequestStatus.COMPLETED}, ${RequestStatus.ARCHIVED}) then '' when ${ref('r.isDeleted')} = 1 then 'Inactive' when ${ref('r.expirationDate')} < ${todayIso} then ${expiredStatus} else 'Active' end`;
}

/** What the tracker's overdue marker and filter are measured against: the answer's clock and the levels. */
export interface OverdueClock {
  now: Date;
  levels: ServiceLevels;
  /** Most lines asked for are overdue: the filter leaves the order's index to find the page. */
  isDense?: boolean;
}

/**
 * Above this many overdue lines asked for, a page walks its order's index and tests each line
 * (on a million lines it meets 50 overdue ones within about 10,000); below, the overdue lines
 * are read from their own index and sorted.
 */
export const DENSE_OVERDUE = 5_000;

/** The body asks for the overdue lines only. */
export const isOverdueOnly = (query: TableQuery) =>
  query.filters.some((f) => f.column === 'overdue' && f.values.length > 0 && !f.values.includes(''));

/**
 * The Overdue column: 'Overdue' for a task past its service level (the reminders job's rule),
 * '' otherwise. Its filter is the rule itself, which reads each waiting status's index of
 * waiting-since as a range, not the computed value.
 */
function overdueColumn({ now, levels, isDense }: OverdueClock) {
  const isOverdue = pastServiceLevel(now, levels, taskStages.reminder, { isDense: isDense === true });
  return {
    sql: sql<string>`case when ${isOverdue} then ${messages.overdue} else '' end`,
    kind: 'text',
    isFilterable: true,
    filterValues: ['', messages.overdue],
    filterWhere: (values: readonly string[]) => {
      const wantsOverdue = values.includes(messages.overdue);
      const wantsOthers = values.includes('');
      if (wantsOverdue && wantsOthers) {
        return TRUE;
      }
      if (wantsOverdue) {
        return isOverdue;
      }
      return wantsOthers ? sql<SqlBool>`not ${isOverdue}` : sql<SqlBool>`1 = 0`;
    },
  } as const;
}

/** The columns that depend on nothing but the schema: built once (a page is asked for 200 times a second). */
const fixedColumns = {
  requestTypeName: lookupName('t'),
  requestUserName: personName('u'),
  requestUserEmail: text('u.email'),
  email: text('r.email'),
  regionName: lookupName('rg'),
  marketName: lookupName('mk'),
  agencyName: lookupName('ag'),
  practiceName: lookupName('pr'),
  platformName: lookupName('pl'),
  clientName: lookupName('c'),
  assetName: lookupName('at'),
  clientAccountName: lookupName('ca'),
  platformUserTypeName: lookupName('put'),
  createdByName: personName('cu'),
  expirationDate: { sql: ref('r.expirationDate'), kind: 'date', isSortable: true },
  createdDate: { sql: ref('r.createdDate'), kind: 'date', isSortable: true },
} as const;

const requestIdColumn = {
  sql: ref('r.requestId'),
  kind: 'number',
  isFilterable: true,
  isSortable: true,
  isSearchable: true,
} as const;

const statusColumn = lookupName('s');

/** The record status column of the last day asked for (it changes once a day). */
let recordStatusColumn = {
  todayIso: '',
  column: { sql: recordStatus(''), kind: 'text', isFilterable: true } as const,
};

function recordStatusColumnOf(todayIso: string) {
  if (recordStatusColumn.todayIso !== todayIso) {
    recordStatusColumn = {
      todayIso,
      column: { sql: recordStatus(todayIso), kind: 'text', isFilterable: true },
    };
  }
  return recordStatusColumn.column;
}

/** The Request Tracker's columns; keys are the row field names the web sends. */
export function trackerSpec(todayIso: string, clock: OverdueClock): TableSpec {
  return {
    columns: {
      requestId: requestIdColumn,
      status: statusColumn,
      // Computed from today's date: no index can serve its order, so it is not offered as a sort.
      statusDescription: recordStatusColumnOf(todayIso),
      ...fixedColumns,
      overdue: overdueColumn(clock),
    },
    id: ref<number>('r.requestId'),
    defaultOrder: { column: 'createdDate', isAscending: false },
    searchIndex: requestSearchIndex,
  };
}

export type Alias = Exclude<LineAlias, 'cc'>;

/**
 * The small lookups (a few dozen rows at most): a sort by their name walks their rows in name
 * order, one indexed run of lines per row, without an index on the names (which would lead
 * SQLite to start filtered pages from the lookup); their filter menus test each row (menu-queries.ts).
 */
export const smallLookups = new Set<Alias>(['s', 't', 'rg', 'mk', 'ag', 'pr', 'pl', 'at', 'put']);

/** The columns of a line's place in the master data, which its scope and routing follow. */
export const placeColumns: ReadonlySet<string> = new Set([
  'regionName',
  'marketName',
  'agencyName',
  'practiceName',
  'platformName',
  'clientName',
  'clientAccountName',
]);

/** The joined table each column needs; a count joins only what its filters and search need. */
export const aliasOf = (column: string): Alias | undefined => {
  const alias = columnAlias[column];
  return alias === 'cc' ? undefined : alias;
};

export function aliasesUsed(query: TableQuery, exceptColumn?: string): Set<Alias> {
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
 * leaving one out never changes which lines match; it only saves work. `innerJoined` (an
 * optional name) keeps only the lines that have one.
 */
export function trackerLines(db: Db, scope: TrackerScope, joins: Set<Alias>, innerJoined?: Alias) {
  return lookupLines(
    db.kysely,
    (eb) => inTrackerScope(eb, scope),
    (alias) => joins.has(alias as Alias) || alias === innerJoined,
    'inner',
    innerJoined,
  );
}

/** Lines of `trackerLines`: the tracker's scope and joins, selecting nothing yet. */
export type TrackerLines = ReturnType<typeof trackerLines>;

/** The row every tracker screen and export shows, selected over the fully joined lines. */
function selectTrackerRow(qb: ReturnType<typeof codedLines>, todayIso: string, clock: OverdueClock) {
  return qb.select([
    waitingSince.as('waitingSince'),
    sql<number>`case when ${pastServiceLevel(clock.now, clock.levels)} then 1 else 0 end`.as('isOverdue'),
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

/** The values of one tracker row read besides its ids. */
interface RowsRun {
  todayIso: string;
  now: Date;
}

/** The tracker's rows of lines by id; the levels change its text. */
const trackerRows = linesById(
  (levels: ServiceLevels) => JSON.stringify(levels),
  (db, where, levels: ServiceLevels) =>
    selectTrackerRow(
      codedLines(db.kysely, where),
      slot((run: RowsRun) => run.todayIso),
      {
        now: slot((run: RowsRun) => run.now),
        levels,
      },
    ),
);

/** The full rows of these lines (already scoped), in the order of `ids` (a line gone since is left out). */
export const findTrackerRows = (db: Db, ids: readonly number[], todayIso: string, clock: OverdueClock) =>
  trackerRows(db, ids, clock.levels, { todayIso, now: clock.now });

/** The statement of `findTrackerRows` (its rows in no particular order), for an export's lines (db/csv-read.ts). */
export const trackerRowsQuery = (db: Db, ids: readonly number[], todayIso: string, clock: OverdueClock) =>
  trackerRows.compiled(db, ids, clock.levels, { todayIso, now: clock.now });

/**
 * The order of a page of every line read by `findPlainTrackerPage`: its keys (the lines' own
 * columns, then the request id, one direction) and its name (what changes the statement's text).
 */
export interface PlainOrder {
  name: string;
  keys: OrderKey[];
}

/** A page of every line in a `PlainOrder`, read on from a line (`isAnchored`) or at an offset. */
interface PlainPageShape {
  levels: ServiceLevels;
  order: PlainOrder;
  isAnchored: boolean;
}

interface PlainPageRun extends RowsRun {
  limit: number;
  offset: number;
  anchorId: number;
}

/**
 * The rows of a page of every line, its ids read inside the same statement: on PostgreSQL each
 * statement costs a round trip, a wake-up on each side, and the ids' own parse and plan, about a
 * sixth of a page's CPU between the server and the database (bench/README). The ids are read from
 * the order's index: at an offset, or past the anchor line's keys (a range of the index), and the
 * rows come back sorted again in that order. The statement keeps its plan like `trackerRows`:
 * with no filter, no value of the page changes which plan is best.
 */
const plainPageRows = keptStatement(
  ({ levels, order, isAnchored }: PlainPageShape) => `${JSON.stringify(levels)} ${order.name} ${isAnchored}`,
  (db: Db, { levels, order: { keys }, isAnchored }: PlainPageShape) => {
    let lines = trackerLines(db, { kind: 'all' }, new Set());
    if (isAnchored) {
      // The anchor's own keys, read in SQL so that they compare exactly as stored.
      const after = sql.raw(keys[0]!.direction === 'asc' ? '>' : '<');
      const anchorKeys = db.kysely
        .selectFrom('requests as r')
        .select(keys.map((key, i) => sql`${key.sql}`.as(`key${i}`)))
        .where(
          'r.requestId',
          '=',
          slot((run: PlainPageRun) => run.anchorId),
        );
      const row = sql.join(keys.map((key) => key.sql));
      lines = lines.where(sql<SqlBool>`(${row}) ${after} (${anchorKeys})`);
    }
    const ids = keys
      .reduce((qb, key) => qb.orderBy(key.sql, key.direction), lines.select('r.requestId'))
      .limit(slot((run: PlainPageRun) => run.limit))
      .offset(slot((run: PlainPageRun) => run.offset));
    const rows = selectTrackerRow(
      codedLines(db.kysely, (eb) => eb('r.requestId', '=', eb.fn.any(sql<number[]>`array(${ids})`))),
      slot((run: PlainPageRun) => run.todayIso),
      { now: slot((run: PlainPageRun) => run.now), levels },
    );
    return keys.reduce((qb, key) => qb.orderBy(key.sql, key.direction), rows).modifyEnd(KEPT_PLAN);
  },
);

/**
 * The rows of one page of every line (no filter, no search, a scope that sees every line) in a
 * `PlainOrder` of the lines' own columns, in one statement: `limit` lines from `offset`, or,
 * given `anchorId`, the first `limit` after that line (which must exist and have every key).
 */
export const findPlainTrackerPage = (
  db: Db,
  order: PlainOrder,
  page: { limit: number; offset: number; anchorId?: number },
  todayIso: string,
  clock: OverdueClock,
) =>
  plainPageRows(
    db,
    { levels: clock.levels, order, isAnchored: page.anchorId !== undefined },
    { todayIso, now: clock.now, limit: page.limit, offset: page.offset, anchorId: page.anchorId ?? 0 },
  );
