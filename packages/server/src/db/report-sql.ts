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
 * The median of each value column per group, over the rows of `source` (a query whose selection
 * names the group columns and the value columns). One statement on both engines: each value's
 * rows are ranked in their group by window functions (row_number, count), and the median is the
 * average of the middle one or two (nulls are left out). Returns, per group, `<value>Median` and
 * `<value>Max` (null when the group has no value) and `<value>Count`.
 */
export async function mediansByGroup<G extends string, V extends string>(
  db: Db,
  source: Expression<unknown>,
  groups: readonly G[],
  values: readonly V[],
): Promise<(Record<G, unknown> & Record<`${V}Median` | `${V}Count` | `${V}Max`, number | null>)[]> {
  const id = (name: string) => sql.id(name);
  const groupList = sql.join(groups.map(id));
  const ranked = (v: V) => sql`${id(`r_${v}`)} as (
    select ${groupList}, ${id(v)} as v,
      row_number() over (partition by ${groupList} order by ${id(v)}) as rn,
      count(*) over (partition by ${groupList}) as n
    from t where ${id(v)} is not null)`;
  const median = (v: V) => sql`${id(`m_${v}`)} as (
    select ${groupList}, avg(case when rn in ((n + 1) / 2, (n + 2) / 2) then v end) as m,
      max(case when rn = n then v end) as mx, max(n) as n
    from ${id(`r_${v}`)}
    where rn in ((n + 1) / 2, (n + 2) / 2) or rn = n group by ${groupList})`;
  const on = (v: V) =>
    sql.join(
      groups.map((g) => {
        const [a, b] = [sql.ref(`m_${v}.${g}`), sql.ref(`k.${g}`)];
        // Null-safe: a group may be keyed by a null (no person).
        return sql`(${a} = ${b} or (${a} is null and ${b} is null))`;
      }),
      sql` and `,
    );
  // Materialized: the source is read once. Inlined into its three readers, SQLite 3.53 re-ran
  // the source's correlated subqueries per reader and chose a whole-table index for the DISTINCT.
  const query = sql`with t as materialized ${source},
    k as (select distinct ${groupList} from t),
    ${sql.join(values.flatMap((v) => [ranked(v), median(v)]))}
    select ${sql.join(groups.map((g) => sql.ref(`k.${g}`)))},
      ${sql.join(
        values.flatMap((v) => [
          sql`${sql.ref(`m_${v}.m`)} as ${id(`${v}_median`)}`,
          sql`coalesce(${sql.ref(`m_${v}.n`)}, 0) as ${id(`${v}_count`)}`,
          sql`${sql.ref(`m_${v}.mx`)} as ${id(`${v}_max`)}`,
        ]),
      )}
    from k ${sql.join(
      values.map((v) => sql`left join ${id(`m_${v}`)} on ${on(v)}`),
      sql` `,
    )}`;
  const { rows } = await query.execute(db.kysely);
  return rows as (Record<G, unknown> & Record<`${V}Median` | `${V}Count` | `${V}Max`, number | null>)[];
}
