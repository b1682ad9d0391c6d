import { sql } from 'kysely';
import type { TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { TrackerScope } from './line-queries.ts';

/** The tables that keep every line in the order of a person's name (migration 0039), by column. */
const personNameTables: ReadonlyMap<string, string> = new Map([
  ['requestUserName', 'request_user_names'],
  ['createdByName', 'request_creator_names'],
]);

/**
 * The table holding the page's order when it is every line sorted by a person's name (no
 * filter, no search, a scope that sees every line): its index alone finds a deep page. Other
 * pages by a person's name walk the people in name order.
 */
export function personNameTableOf(scope: TrackerScope, query: TableQuery): string | undefined {
  const isEveryLine =
    scope.kind === 'all' &&
    query.searchCriteria.trim() === '' &&
    query.filters.every((f) => f.values.length === 0);
  return isEveryLine && query.orderBy ? personNameTables.get(query.orderBy) : undefined;
}

/** Ids `offset` to `offset + limit` of every line in the order of one person's full name. */
export async function idsByPersonName(
  db: Db,
  table: string,
  direction: 'asc' | 'desc',
  { limit, offset }: { limit: number; offset: number },
): Promise<number[]> {
  const dir = sql.raw(direction);
  const { rows } = await sql<{ id: number }>`select request_id as id from ${sql.table(table)}
    order by name ${dir}, user_id ${dir}, request_id ${dir} limit ${limit} offset ${offset}`.execute(
    db.kysely,
  );
  return rows.map((r) => Number(r.id));
}
