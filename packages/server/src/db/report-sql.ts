import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db, Dialect } from './connection.ts';

/**
 * The few SQL pieces of the reports that differ between the engines (timestamps are ISO text on
 * SQLite, timestamptz on PostgreSQL); everything else is one statement for both.
 */

/** Hours from `from` to `to` (two timestamp expressions), fractional. */
export function hoursBetween(
  dialect: Dialect,
  from: Expression<unknown>,
  to: Expression<unknown>,
): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(extract(epoch from (${to} - ${from})) / 3600.0)`
    : sql<number>`((julianday(${to}) - julianday(${from})) * 24.0)`;
}

/** Days from the timestamp `from` to the instant `nowIso`, fractional. */
export function daysSince(dialect: Dialect, from: Expression<unknown>, nowIso: string): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(extract(epoch from (cast(${nowIso} as timestamptz) - ${from})) / 86400.0)`
    : sql<number>`(julianday(${nowIso}) - julianday(${from}))`;
}

/** The UTC month (YYYY-MM) of a timestamp. */
export function monthOf(dialect: Dialect, at: Expression<unknown>): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM')`
    : sql<string>`substr(${at}, 1, 7)`;
}

/**
 * The median of a numeric expression as an aggregate: SQLite's built-in `median` (the percentile
 * functions better-sqlite3 compiles in), PostgreSQL's `percentile_cont(0.5)`. Both leave nulls out
 * and average the middle two of an even count.
 */
function median(dialect: Dialect, value: Expression<unknown>): RawBuilder<number | null> {
  return dialect === 'postgres'
    ? sql<number | null>`percentile_cont(0.5) within group (order by cast(${value} as double precision))`
    : sql<number | null>`median(${value})`;
}

/**
 * The median, count and maximum of each value column per group, over the rows of `source` (a
 * query whose selection names the group columns and the value columns): one grouped statement.
 * Returns, per group, `<value>Median` and `<value>Max` (null when the group has no value) and
 * `<value>Count` (nulls are left out). A group may be keyed by a null.
 */
export async function mediansByGroup<G extends string, V extends string>(
  db: Db,
  source: Expression<unknown>,
  groups: readonly G[],
  values: readonly V[],
): Promise<(Record<G, unknown> & Record<`${V}Median` | `${V}Count` | `${V}Max`, number | null>)[]> {
  const id = (name: string) => sql.id(name);
  const groupList = sql.join(groups.map((g) => sql.ref(`t.${g}`)));
  const query = sql`select ${groupList},
      ${sql.join(
        values.flatMap((v) => [
          sql`${median(db.dialect, sql.ref(`t.${v}`))} as ${id(`${v}_median`)}`,
          sql`count(${sql.ref(`t.${v}`)}) as ${id(`${v}_count`)}`,
          sql`max(${sql.ref(`t.${v}`)}) as ${id(`${v}_max`)}`,
        ]),
      )}
    from ${source} as t
    group by ${groupList}`;
  const { rows } = await query.execute(db.kysely);
  return rows as (Record<G, unknown> & Record<`${V}Median` | `${V}Count` | `${V}Max`, number | null>)[];
}
