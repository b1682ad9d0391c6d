import { sql } from 'kysely';
import type { TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { orderKeys, type TableSpec } from '../../db/table-query.ts';
import { countUpTo, type LineCount } from '../request-lines/count.ts';
import { lookupOf, ref } from '../request-lines/line-query.ts';
import { aliasOf, type TrackerLines } from './line-queries.ts';
import { lookupColumns } from './lookup-count-queries.ts';

/** The most lines a page is found among by sorting them (see isSortedRead). */
export const SORTED_UP_TO = 50_000;

/** The first line from which a page is found by sorting (before it, walking the order is cheap). */
export const SORT_FROM = 500;

/**
 * Whether a page is found by sorting its filtered lines instead of walking its order's index.
 * A planner that takes an index serving the order over one serving the filters walks every line
 * of the order before a deep page, the filtered-out ones included. Sorting the filtered lines
 * themselves costs what their number does, while the walk grows with the page's depth, so a page
 * is sorted when its walk would start (`walkOffset`, from the nearer end of the order) at line
 * SORT_FROM or later and past an eighth of a result of at most SORTED_UP_TO lines (exact or
 * estimated). On PostgreSQL reading the filtered lines costs more (a bitmap over every line of a
 * region), so only a deep page (`isDeep`, from line 10,000) sorted by a column is: the default
 * order's walk stays the cheaper there. bench/README.md has the measurements.
 */
export function isSortedRead(
  db: Db,
  query: TableQuery,
  count: LineCount,
  walkOffset: number,
  isDeep: boolean,
): boolean {
  const isWorthIt =
    db.dialect === 'sqlite' || (isDeep && Boolean(query.orderBy) && query.orderBy !== 'requestId');
  return (
    isWorthIt && walkOffset >= Math.max(SORT_FROM, count.totalCount / 8) && count.totalCount <= SORTED_UP_TO
  );
}

/**
 * Ids `offset` to `offset + limit` of the filtered lines (`lines`, the page's count's) in the
 * table's order, found by sorting
 * them: their ids and sort keys are read first (a materialized CTE, which has no order for the
 * planner to walk an index for), then sorted. A lookup's name is joined after that read, on its
 * foreign key, so the lookup cannot lead the read either. The order is the walked one's (the
 * table's keys: a name, its lookup row, then the request id), so the pages before SORT_FROM join
 * those after it.
 */
export async function idsBySorting(
  db: Db,
  lines: TrackerLines,
  spec: TableSpec,
  query: TableQuery,
  { limit, offset }: { limit: number; offset: number },
): Promise<number[]> {
  const sortAlias = aliasOf(query.orderBy ?? '');
  const keys = orderKeys(spec, query);
  let statement;
  if (sortAlias) {
    // Read as `r` again after the CTE: the order's keys name the line's id as r.request_id.
    const { table, key } = lookupColumns(sortAlias);
    const read = lines.select([
      ref('r.requestId').as('requestId'),
      ref(lookupOf(sortAlias).foreignKey).as('fk'),
    ]);
    // The lines without the lookup come first ascending and last descending, as their own run
    // does in the walk (PostgreSQL would put their empty names last ascending).
    const unnamed = {
      sql: sql`case when r.fk is null then 0 else 1 end`,
      direction: keys[0]?.direction ?? 'asc',
    };
    const order = sql.join([unnamed, ...keys].map((k) => sql`${k.sql} ${sql.raw(k.direction)}`));
    statement = sql<{ id: number }>`with f as materialized ${read}
      select r.request_id as id from f as r left join ${sql.table(table)} as ${sql.id(sortAlias)} on ${key} = r.fk
      order by ${order} limit ${limit} offset ${offset}`;
  } else {
    const key = (i: number) => sql.ref(`k${i}`);
    const read = lines.select(keys.map((k, i) => sql<unknown>`${k.sql}`.as(`k${i}`)));
    const order = sql.join(keys.map((k, i) => sql`${key(i)} ${sql.raw(k.direction)}`));
    statement = sql<{ id: number }>`with f as materialized ${read}
      select ${key(keys.length - 1)} as id from f order by ${order} limit ${limit} offset ${offset}`;
  }
  const { rows } = await statement.execute(db.kysely);
  return rows.map((r) => Number(r.id));
}

/**
 * The count of a deep page's lines made exact when its estimate is a little above SORTED_UP_TO
 * and the page would be sorted under it. A sample of 1,000 ids errs by about ±30 % at a few per
 * cent of the lines, and such a page was walked where sorting its lines is two to four times
 * faster. The count stops past the bound, reading only an index's entries. SQLite only: on
 * PostgreSQL, where a sorted read fetches every filtered line from the table, the same pages
 * gained and lost by turns.
 */
export async function countNearSortBound(
  db: Db,
  lines: TrackerLines,
  query: TableQuery,
  count: LineCount,
  offset: number,
): Promise<LineCount> {
  const wouldSort = isSortedRead(
    db,
    query,
    { totalCount: SORTED_UP_TO, isCountEstimate: false },
    offset,
    true,
  );
  if (
    db.dialect !== 'sqlite' ||
    !count.isCountEstimate ||
    count.totalCount <= SORTED_UP_TO ||
    count.totalCount > SORTED_UP_TO * 1.5 ||
    !wouldSort
  ) {
    return count;
  }
  const capped = await countUpTo(db, lines, SORTED_UP_TO);
  return capped <= SORTED_UP_TO ? { totalCount: capped, isCountEstimate: false } : count;
}
