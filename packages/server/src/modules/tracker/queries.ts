import { sql, type Expression, type SqlBool } from 'kysely';
import type { TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import {
  fitsAllRows,
  leadingSortKey,
  orderTable,
  pageOf,
  pageWindow,
  tableCondition,
  type TableSpec,
} from '../../db/table-query.ts';
import { countLines, EXACT_COUNT_UP_TO, exactCount, type LineCount } from '../request-lines/count.ts';
import { lookupOf, ref } from '../request-lines/line-query.ts';
import { countedLookups, groupAt, lookupColumns, type LookupGroups } from './lookup-count-queries.ts';
import { idsByPersonName, personNameTableOf } from './person-name-queries.ts';
import { countNearSortBound, idsBySorting, isSortedRead, SORT_FROM } from './sorted-page-queries.ts';
import { lineExists, plainOrderOf } from './plain-page-queries.ts';
import { namesWithLines } from './menu-queries.ts';
import { linesToCount, placesRouted } from './routed-queries.ts';
import {
  aliasesUsed,
  aliasOf,
  DENSE_OVERDUE,
  findPlainTrackerPage,
  findTrackerRows,
  isOverdueOnly,
  smallLookups,
  trackerLines,
  type TrackerLines,
  trackerSpec,
  type OverdueClock,
  type TrackerScope,
} from './line-queries.ts';

/**
 * Finding the Request Tracker's pages at any depth: the page's ids in an order an index serves
 * (runs of lines, anchored steps, the nearer end of a deep order), its total, then its rows by
 * id; and the export's keyset batches. What a tracker line is (scope, columns, rows) is in
 * line-queries.ts.
 */

/** A run of lines in the page's order: its ids from `offset` (at most `limit`), and its size. */
interface OrderedPart {
  ids: (limit: number, offset: number) => Promise<number[]>;
  count: () => Promise<number>;
  /** Read by request id (one lookup row's lines, or the lines without one). */
  isById: boolean;
}

/**
 * Ids `offset` to `offset + limit` of the parts read one after the other: a part is counted only
 * when the page starts after its end. Past a deep offset a part read by request id is counted
 * first, so that a part the page starts after is counted, not also read to its end.
 */
async function pageAcross(parts: OrderedPart[], limit: number, offset: number): Promise<number[]> {
  const ids: number[] = [];
  let skip = offset;
  for (const part of parts) {
    if (ids.length >= limit) {
      break;
    }
    if (skip >= EXACT_COUNT_UP_TO && part.isById) {
      const count = await part.count();
      if (skip >= count) {
        skip -= count;
        continue;
      }
    }
    const found = await part.ids(limit - ids.length, skip);
    if (found.length > 0) {
      ids.push(...found);
      skip = 0;
    } else if (skip > 0) {
      skip -= Math.min(skip, await part.count());
    }
  }
  return ids;
}

/**
 * A run of the page's order before it is read: its lines; whether its own order is the row id
 * alone (one lookup row, or the lines without one); which lines of the sorted lookup it holds (a
 * lookup row's id, null for the lines without one, 'named' for every line with one, 'all' when
 * the order is not by a lookup).
 */
interface Run {
  lines: TrackerLines;
  isById: boolean;
  holds: number | null | 'named' | 'all';
  /**
   * The lines without the sorted value: ordered by it (null) before the request id, so that
   * PostgreSQL reads its (value, request_id) index in order (it does not take `is null` as
   * fixing the value, and sorts every such line otherwise).
   */
  nullKey?: Expression<unknown>;
  /** A large lookup's named lines: a deep offset is found by counting each lookup row's lines. */
  groups?: LookupGroups;
}

/** How the page's order reads: the lookup it sorts by and its direction (reversed from the end). */
function orderOf(query: TableQuery, spec: TableSpec, isReversed: boolean) {
  const isAscending = (query.orderBy ? query.orderAsc : spec.defaultOrder.isAscending) !== isReversed;
  return {
    sortAlias: aliasOf(query.orderBy ?? ''),
    isAscending,
    direction: isAscending ? 'asc' : 'desc',
  } as const;
}

/** A run read in the page's order. */
function partOf(db: Db, run: Run, spec: TableSpec, query: TableQuery, isReversed: boolean): OrderedPart {
  const { direction } = orderOf(query, spec, isReversed);
  /** Lines in the table's order, or by request id (after `nullKey`). */
  const read = async (lines: TrackerLines, limit: number, offset: number, byId?: Pick<Run, 'nullKey'>) => {
    const selected = lines.select('r.requestId');
    const ordered = !byId
      ? orderTable(selected, spec, query, isReversed)
      : (byId.nullKey ? selected.orderBy(byId.nullKey, direction) : selected).orderBy(
          'r.requestId',
          direction,
        );
    const rows = await ordered.limit(limit).offset(offset).execute();
    return rows.map((r) => r.requestId);
  };
  return {
    isById: run.isById,
    ids: async (limit, offset) => {
      const { groups } = run;
      if (!groups || offset < EXACT_COUNT_UP_TO) {
        return read(run.lines, limit, offset, run.isById ? run : undefined);
      }
      const found = await groupAt(db, groups, direction, offset);
      if (!found) {
        return [];
      }
      const { key, name } = lookupColumns(groups.alias);
      const inside = await read(groups.linesOf(sql.val(found.id)), limit, found.offset, {});
      if (inside.length === limit) {
        return inside;
      }
      // The page goes on past that row: the lines of the rows after it, in the page's order.
      const after = sql.raw(direction === 'asc' ? '>' : '<');
      const rest = run.lines.where(sql<SqlBool>`(${name}, ${key}) ${after} (${found.name}, ${found.id})`);
      return [...inside, ...(await read(rest, limit - inside.length, 0))];
    },
    count: () => exactCount(run.lines),
  };
}

/**
 * The page's order as runs read one after the other, each served by an index without sorting
 * the lines: the lines without the sorted name if it is optional (first ascending, last
 * descending), then for a small lookup one run per lookup row in name order (its lines by
 * request id), else one run in the table's order. `isReversed` reads the order from its end
 * (a deep page).
 */
async function orderedRuns(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  isReversed: boolean,
): Promise<Run[]> {
  const condition = tableCondition(db.dialect, spec, query);
  const joins = new Set(aliasesUsed(query));
  const { sortAlias, isAscending, direction } = orderOf(query, spec, isReversed);
  if (!sortAlias) {
    return [{ lines: trackerLines(db, scope, joins).where(condition), isById: false, holds: 'all' }];
  }
  const { foreignKey, isRequired } = lookupOf(sortAlias);
  const fk = ref(foreignKey);
  /** The lines whose foreign key to the sorted lookup passes `test`, the lookup not joined. */
  const linesWhere = (test: Expression<SqlBool>) =>
    trackerLines(db, scope, joins).where(condition).where(test);
  let named: Run[];
  if (smallLookups.has(sortAlias)) {
    const { table, key, name } = lookupColumns(sortAlias);
    const [rows, withLines, routed] = await Promise.all([
      db.kysely
        .selectFrom(sql`${sql.table(table)}`.as(sortAlias))
        .select([key.as('id'), name.as('name')])
        .orderBy('name', direction)
        .orderBy('id', direction)
        .execute(),
      namesWithLines(db, scope, spec, query, sortAlias),
      placesRouted(db, scope, query),
    ]);
    named = rows
      .filter((row) => (withLines?.has(row.name) ?? true) && (routed?.has(Number(row.id)) ?? true))
      .map((row) => ({
        lines: linesWhere(sql<SqlBool>`${fk} = ${row.id}`),
        isById: true,
        holds: Number(row.id),
      }));
  } else {
    // A filter on the sorted lookup joins it in the lines: its rows are then walked, not counted.
    const groups: LookupGroups | undefined =
      countedLookups[db.dialect].has(sortAlias) && !joins.has(sortAlias)
        ? { alias: sortAlias, linesOf: (lookupKey) => linesWhere(sql<SqlBool>`${fk} = ${lookupKey}`) }
        : undefined;
    named = [
      {
        lines: trackerLines(db, scope, joins, sortAlias).where(condition),
        isById: false,
        holds: 'named',
        groups,
      },
    ];
  }
  if (isRequired) {
    return named;
  }
  const unnamed: Run = {
    lines: linesWhere(sql<SqlBool>`${fk} is null`),
    isById: true,
    holds: null,
    nullKey: fk,
  };
  return isAscending ? [unnamed, ...named] : [...named, unnamed];
}

/** A run narrowed to `test`: its lookup rows' counts no longer hold, so it is walked. */
const narrowed = (run: Run, test: Expression<SqlBool>): Run => ({
  ...run,
  lines: run.lines.where(test),
  groups: undefined,
});

/** The line a step to the next or previous page reads from (the tracker query's anchor). */
export interface PageAnchor {
  requestId: number;
  isBefore: boolean;
}

/**
 * The runs of the order after the anchor line (before it when `isReversed`): the run holding
 * it, cut just past it, then every run after that one. Inside a run in the table's order the cut
 * compares (sorted value, lookup row or request id) with the anchor's as one row value, which
 * the (name, id) indexes of the lookups and the (column, request_id) indexes of the lines serve
 * as a range. Null when the anchor is not among the lines (any more), its sorted value is
 * empty, or the order has a second key: the page is then found by its number.
 */
async function runsAfterAnchor(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  isReversed: boolean,
  anchorId: number,
): Promise<Run[] | null> {
  const key = leadingSortKey(spec, query);
  if (!key) {
    return null;
  }
  const { sortAlias, isAscending } = orderOf(query, spec, isReversed);
  const joins = new Set(aliasesUsed(query));
  const anchorLines = (lines: TrackerLines) => lines.where('r.requestId', '=', anchorId);
  const foreignKey = sortAlias ? ref(lookupOf(sortAlias).foreignKey) : null;
  const found = await anchorLines(
    trackerLines(db, scope, sortAlias ? new Set([...joins, sortAlias]) : joins).where(
      tableCondition(db.dialect, spec, query),
    ),
  )
    .select([
      sql<number | string | null>`${foreignKey ?? sql`null`}`.as('lookupId'),
      sql<number>`case when ${key.column.sql} is null then 1 else 0 end`.as('isEmpty'),
    ])
    .executeTakeFirst();
  if (!found) {
    return null;
  }
  const lookupId = found.lookupId === null ? null : Number(found.lookupId);
  const runs = await orderedRuns(db, scope, spec, query, isReversed);
  const at = runs.findIndex((run) =>
    run.holds === 'all' ? true : run.holds === 'named' ? lookupId !== null : run.holds === lookupId,
  );
  const run = runs[at];
  if (!run) {
    return null;
  }
  const after = sql.raw(isAscending ? '>' : '<');
  const pastAnchorId = sql<SqlBool>`${ref('r.requestId')} ${after} ${anchorId}`;
  const rest = runs.slice(at + 1);
  if (run.isById || query.orderBy === 'requestId') {
    return [narrowed(run, pastAnchorId), ...rest];
  }
  if (Number(found.isEmpty) === 1) {
    return null;
  }
  // The anchor's own sort key, read in SQL, so that values compare exactly as stored.
  const tiebreak = key.column.sortGroup ?? ref('r.requestId');
  const anchorKey = anchorLines(
    trackerLines(db, { kind: 'all' }, new Set(sortAlias ? [sortAlias] : [])),
  ).select([sql`${key.column.sql}`.as('value'), sql`${tiebreak}`.as('tiebreak')]);
  const pastAnchorKey = sql<SqlBool>`(${key.column.sql}, ${tiebreak}) ${after} (${anchorKey})`;
  if (key.column.sortGroup && foreignKey && lookupId !== null) {
    // The rest of the anchor's lookup row (by request id), then the rows after it.
    return [
      {
        lines: run.lines.where(sql<SqlBool>`${foreignKey} = ${lookupId}`).where(pastAnchorId),
        isById: true,
        holds: lookupId,
      },
      narrowed(run, pastAnchorKey),
      ...rest,
    ];
  }
  const cut: Run[] = [narrowed(run, pastAnchorKey)];
  // Empty values sort first on SQLite and last on PostgreSQL: after the anchor when they follow.
  if ((db.dialect === 'sqlite') !== isAscending) {
    cut.push({
      ...narrowed(run, sql<SqlBool>`${key.column.sql} is null`),
      isById: true,
      nullKey: key.column.sql,
    });
  }
  return [...cut, ...rest];
}

/**
 * One page of the tracker and the total of its filtered result. The page's ids are found with
 * only the joins its filters, search and sort need, in an order an index serves, then the 50
 * rows are read by id: joining a dozen small lookup tables before the LIMIT misleads SQLite's
 * planner. The total is exact up to EXACT_COUNT_UP_TO or when asked, else an estimate. A step
 * from the page before or after (`anchor`) reads on from that page's edge line, at any depth;
 * otherwise a deep page (from EXACT_COUNT_UP_TO on) reads from the nearer end of the order: in
 * the first half (by the estimate) forward, with the estimate; in the back half from the end,
 * after an exact count, so the last page costs as much as the first plus one count. A page deep
 * in a result of a few filtered lines is found by sorting them instead (isSortedRead).
 */
export async function findTrackerPage(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  todayIso: string,
  clock: OverdueClock,
  anchor?: PageAnchor,
) {
  const { limit, offset } = pageOf(query);
  const filtered = trackerLines(db, scope, aliasesUsed(query)).where(tableCondition(db.dialect, spec, query));
  const counted = linesToCount(db, scope, query, filtered);
  let ids: number[];
  let count: LineCount;
  // The page of an Overdue filter is found after its count, which says how it is best read.
  const isOverdue = isOverdueOnly(query);
  // The dense Overdue column only: the page's other columns (its keyed filters') stay.
  const pageSpecOf = (total: number): TableSpec =>
    isOverdue && total > DENSE_OVERDUE
      ? {
          ...spec,
          columns: {
            ...spec.columns,
            overdue: trackerSpec(todayIso, { ...clock, isDense: true }).columns.overdue!,
          },
        }
      : spec;
  const partsOf = (runs: Run[], pageSpec: TableSpec, isReversed: boolean) =>
    runs.map((run) => partOf(db, run, pageSpec, query, isReversed));
  const pageScopeOf = (total: number): TrackerScope =>
    scope.kind === 'admin' ? { ...scope, isDense: total > EXACT_COUNT_UP_TO } : scope;
  const isCountedFirst = scope.kind === 'admin' || isOverdue;
  const plainAfterAnchor =
    anchor && plainOrderOf(db, scope, spec, query, { isReversed: anchor.isBefore, isAnchored: true });
  if (anchor && plainAfterAnchor) {
    const [read, plainCount] = await Promise.all([
      findPlainTrackerPage(
        db,
        plainAfterAnchor,
        { limit, offset: 0, anchorId: anchor.requestId },
        todayIso,
        clock,
      ),
      countLines(db, counted, query.exactCount === true),
    ]);
    // Nothing after the anchor: the end of the lines, or no such line (then found by number).
    if (read.length > 0 || (await lineExists(db, anchor.requestId))) {
      return { rows: fitsAllRows(query, anchor.isBefore ? read.reverse() : read), ...plainCount };
    }
  } else if (anchor) {
    // An admin's or an Overdue page is found after its count, as a page by number is (below).
    let runs: Run[] | null;
    let pageSpec = spec;
    if (isCountedFirst) {
      count = await countLines(db, counted, query.exactCount === true);
      pageSpec = pageSpecOf(count.totalCount);
      runs = await runsAfterAnchor(
        db,
        pageScopeOf(count.totalCount),
        pageSpec,
        query,
        anchor.isBefore,
        anchor.requestId,
      );
    } else {
      [runs, count] = await Promise.all([
        runsAfterAnchor(db, scope, spec, query, anchor.isBefore, anchor.requestId),
        countLines(db, counted, query.exactCount === true),
      ]);
    }
    if (runs) {
      const read = fitsAllRows(query, await pageAcross(partsOf(runs, pageSpec, anchor.isBefore), limit, 0));
      return {
        rows: await findTrackerRows(db, anchor.isBefore ? read.reverse() : read, todayIso, clock),
        ...count,
      };
    }
  }
  // A page that may be found by sorting is found after its count, which says whether it is.
  const mayBeSorted = db.dialect === 'sqlite' && offset >= SORT_FROM;
  const plainOrder = plainOrderOf(db, scope, spec, query);
  if (offset + limit <= EXACT_COUNT_UP_TO && plainOrder) {
    const [rows, plainCount] = await Promise.all([
      findPlainTrackerPage(db, plainOrder, { limit, offset }, todayIso, clock),
      countLines(db, counted, query.exactCount === true),
    ]);
    return { rows: fitsAllRows(query, rows), ...plainCount };
  }
  if (offset + limit <= EXACT_COUNT_UP_TO && !isCountedFirst && !mayBeSorted) {
    [ids, count] = await Promise.all([
      pageAcross(partsOf(await orderedRuns(db, scope, spec, query, false), spec, false), limit, offset),
      countLines(db, counted, query.exactCount === true),
    ]);
  } else if (offset + limit <= EXACT_COUNT_UP_TO) {
    // An admin's page is found after its count: when the lines asked for are many, walking the
    // order's index finds a page at once, while the region prefilter would make SQLite read and
    // sort every line of the admin's regions (hundreds of thousands on the large seed). The same holds
    // for the Overdue filter: many overdue lines are found by walking the order (pageSpecOf).
    // The count also says whether a page past SORT_FROM is found by sorting (isSortedRead).
    count = await countNearSortBound(
      db,
      counted,
      query,
      await countLines(db, counted, query.exactCount === true),
      offset,
    );
    const pageSpec = pageSpecOf(count.totalCount);
    ids = isSortedRead(db, query, count, offset, false)
      ? await idsBySorting(db, filtered, pageSpec, query, { limit, offset })
      : await pageAcross(
          partsOf(
            await orderedRuns(db, pageScopeOf(count.totalCount), pageSpec, query, false),
            pageSpec,
            false,
          ),
          limit,
          offset,
        );
  } else {
    // A deep page: read from the nearer end of the order. A page in the first half by the
    // estimate is read forward and shown with it, so only a page in the back half counts every
    // line (reading it from the end needs the exact total). On PostgreSQL the count of a million
    // lines cost more than walking half of them in the order's index.
    const known = query.exactCount === true ? undefined : await countLines(db, counted, false);
    const isKnownEnough =
      known !== undefined && (!known.isCountEstimate || offset + limit <= known.totalCount / 2);
    count = isKnownEnough ? known : { totalCount: await exactCount(counted), isCountEstimate: false };
    count = await countNearSortBound(db, counted, query, count, offset);
    const total = count.totalCount;
    const window = pageWindow(total, limit, offset);
    const personNameTable = personNameTableOf(scope, query);
    if (!window) {
      ids = [];
    } else if (isSortedRead(db, query, count, window.offset, true)) {
      ids = await idsBySorting(db, filtered, pageSpecOf(total), query, { limit, offset });
    } else if (personNameTable) {
      const { direction } = orderOf(query, spec, window.isReversed);
      const read = await idsByPersonName(db, personNameTable, direction, window);
      ids = window.isReversed ? read.reverse() : read;
    } else {
      const pageSpec = pageSpecOf(total);
      const read = await pageAcross(
        partsOf(
          await orderedRuns(db, pageScopeOf(total), pageSpec, query, window.isReversed),
          pageSpec,
          window.isReversed,
        ),
        window.limit,
        window.offset,
      );
      ids = window.isReversed ? read.reverse() : read;
    }
  }
  return { rows: await findTrackerRows(db, fitsAllRows(query, ids), todayIso, clock), ...count };
}

/** The ids of one keyset batch of the whole filtered result, newest first (the CSV export). */
export async function findTrackerIds(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  beforeId: number | null,
  limit: number,
): Promise<number[]> {
  let qb = trackerLines(db, scope, aliasesUsed(query)).where(tableCondition(db.dialect, spec, query));
  if (beforeId !== null) {
    qb = qb.where('r.requestId', '<', beforeId);
  }
  const ids = await qb.select('r.requestId').orderBy('r.requestId', 'desc').limit(limit).execute();
  return ids.map((r) => r.requestId);
}

/** One keyset batch of the whole filtered result, newest id first: its ids, then their rows. */
export async function findTrackerBatch(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  todayIso: string,
  clock: OverdueClock,
  beforeId: number | null,
  limit: number,
) {
  return findTrackerRows(db, await findTrackerIds(db, scope, spec, query, beforeId, limit), todayIso, clock);
}
