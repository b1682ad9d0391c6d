import { sql } from 'kysely';
import type { TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { orderKeys, tableCondition, type TableSpec } from '../../db/table-query.ts';
import type { LineCount } from '../request-lines/count.ts';
import { aliasesUsed, aliasOf, trackerLines, type Alias, type TrackerScope } from './line-queries.ts';

/** The most lines a page is found among by sorting them (SQLite, see isSortedRead). */
export const SORTED_UP_TO = 50_000;

/** The first line from which a page is found by sorting (before it, walking the order is cheap). */
export const SORT_FROM = 500;

/** The people the tracker sorts by name: their table is large, so their pages walk its order. */
const personAliases = new Set<Alias>(['u', 'cu']);

/**
 * Whether a page is found by sorting its filtered lines instead of walking its order's index.
 * SQLite's planner takes an index that serves the order over one that serves the filters, so a
 * page deep in a filtered result walks every line of the order before it, the filtered-out ones
 * included (a page at line 7,850 of 15,707 filtered lines sorted by client: 1.5 s on the large
 * seed). Sorting the filtered lines themselves costs what their number does (20–45 ms for those
 * 15,707), so on SQLite a page from line SORT_FROM of an exactly counted result of at most
 * SORTED_UP_TO lines is sorted, except by a person's name (the people table makes each line's
 * name dearer than the walk). PostgreSQL's planner weighs sorting against walking itself.
 */
export function isSortedRead(db: Db, query: TableQuery, count: LineCount, offset: number): boolean {
  const sortAlias = aliasOf(query.orderBy ?? '');
  return (
    db.dialect === 'sqlite' &&
    offset >= SORT_FROM &&
    !count.isCountEstimate &&
    count.totalCount <= SORTED_UP_TO &&
    !(sortAlias && personAliases.has(sortAlias))
  );
}

/**
 * Ids `offset` to `offset + limit` of the filtered lines in the table's order, found by sorting
 * them: their ids and sort keys are read first (a materialized CTE, which has no order for the
 * planner to walk an index for), then sorted. The order is the walked one's (orderKeys), so the
 * pages before SORT_FROM join those after it.
 */
export async function idsBySorting(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  { limit, offset }: { limit: number; offset: number },
): Promise<number[]> {
  const sortAlias = aliasOf(query.orderBy ?? '');
  const joins = aliasesUsed(query);
  if (sortAlias) {
    joins.add(sortAlias);
  }
  const keys = orderKeys(spec, query);
  const key = (i: number) => sql.ref(`k${i}`);
  const lines = trackerLines(db, scope, joins)
    .where(tableCondition(db.dialect, spec, query))
    .select(keys.map((k, i) => sql<unknown>`${k.sql}`.as(`k${i}`)));
  const order = sql.join(keys.map((k, i) => sql`${key(i)} ${sql.raw(k.direction)}`));
  const { rows } = await sql<{ id: number }>`with f as materialized ${lines}
    select ${key(keys.length - 1)} as id from f order by ${order} limit ${limit} offset ${offset}`.execute(
    db.kysely,
  );
  return rows.map((r) => Number(r.id));
}
