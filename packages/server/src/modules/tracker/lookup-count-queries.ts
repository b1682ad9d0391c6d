import { sql, type Expression } from 'kysely';
import { toCount, type Db, type Dialect } from '../../db/connection.ts';
import { lookupName, lookupOf, ref } from '../request-lines/line-query.ts';
import type { Alias, TrackerLines } from './line-queries.ts';

/**
 * A deep Request Tracker page sorted by a large lookup's name (queries.ts) skips whole lookup
 * rows by the counts of their lines instead of walking every line before it.
 */

/**
 * The lines of each row of a large lookup (clients, client accounts), which a deep page by its
 * name skips whole: `alias` is the sorted lookup, `linesOf` a row's lines under the page's filters
 * and scope (the lookup itself not joined, so that its key correlates with the lookup read).
 */
export interface LookupGroups {
  alias: Alias;
  linesOf: (key: Expression<unknown>) => TrackerLines;
}

/**
 * The large lookups whose deep pages skip whole rows by their counts. On PostgreSQL a line
 * walked through the join costs several times a line counted, so both do. On SQLite a walked
 * line costs about what a counted one does, so only the clients (hundreds of lines a row) gain;
 * the client accounts (tens of lines a row) lost. bench/README.md has the measurements.
 */
export const countedLookups: Readonly<Record<Dialect, ReadonlySet<Alias>>> = {
  postgres: new Set(['c', 'ca']),
  sqlite: new Set(['c']),
};

/** A lookup's table, key and name as the tracker sorts by them. */
export function lookupColumns(alias: Alias) {
  const { table, key } = lookupOf(alias);
  return { table: table.split(' as ')[0] ?? table, key: ref<number>(key), name: lookupName(alias).sql };
}

/**
 * Where line `offset` of a large lookup's named lines falls: the lookup row holding it, its
 * name, and the offset inside its lines (by request id); null past the last line. One
 * statement reads the lookup in the page's order (its (name, id) index) with the count of each
 * row's lines (one range of requests(fk, request_id)) and their running sum, and stops at the
 * first row whose sum passes the offset: on PostgreSQL counting a row's lines costs a third of
 * walking them through the join.
 */
export async function groupAt(
  db: Db,
  groups: LookupGroups,
  direction: 'asc' | 'desc',
  offset: number,
): Promise<{ id: number; name: string; offset: number } | null> {
  const { table, key, name } = lookupColumns(groups.alias);
  const order = sql.raw(direction);
  const lines = groups.linesOf(key).select(sql<number | string>`count(*)`.as('n'));
  // The counted rows are ordered inside, so that PostgreSQL counts each row once (not flattened
  // into the window's select, which would count it again for the sum).
  const { rows } = await sql<{ id: number; name: string; skipped: number | string }>`
    select id, name, passed - n as skipped from (
      select id, name, n, sum(n) over (order by name ${order}, id ${order}) as passed from (
        select ${key} as id, ${name} as name, (${lines}) as n
        from ${sql.table(table)} as ${sql.id(groups.alias)}
        order by ${name} ${order}, ${key} ${order}
      ) as counted
    ) as summed
    where passed > ${offset}
    limit 1`.execute(db.kysely);
  const row = rows[0];
  return row ? { id: Number(row.id), name: row.name, offset: offset - toCount(row.skipped) } : null;
}
