import type { TableQuery } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { orderKeys, type TableSpec } from '../../db/table-query.ts';
import { aliasOf, type PlainOrder, type TrackerScope } from './line-queries.ts';

/**
 * Which Request Tracker pages PostgreSQL reads in one statement (`findPlainTrackerPage` in
 * line-queries.ts), and the check a step from a missing line falls back on.
 */

/** Sorts by columns no line leaves empty: a page in their order can read on from any line's keys. */
const neverEmpty = new Set(['createdDate', 'requestId', 'email']);

/**
 * The order of a page PostgreSQL reads in one statement (`findPlainTrackerPage`), null for any
 * other page: every line (no filter, no search, a scope that sees them all) in an order of the
 * lines' own columns, whose index the statement's kept plan walks whatever the page's values.
 * That is the page everyone opens first, and pages through, many times a second. `isReversed`
 * reads it from its end (the page before an anchor line); `isAnchored`: only an order whose keys
 * no line leaves empty reads on from a line.
 */
export function plainOrderOf(
  db: Db,
  scope: TrackerScope,
  spec: TableSpec,
  query: TableQuery,
  { isReversed = false, isAnchored = false } = {},
): PlainOrder | null {
  const isPlain =
    db.dialect === 'postgres' &&
    scope.kind === 'all' &&
    query.searchCriteria.trim() === '' &&
    query.filters.every((f) => f.values.length === 0) &&
    aliasOf(query.orderBy ?? '') === undefined &&
    (!isAnchored || neverEmpty.has(query.orderBy ?? spec.defaultOrder.column));
  const name = `${query.orderBy ? `${query.orderBy} ${query.orderAsc}` : 'default'}${isReversed ? ' reversed' : ''}`;
  return isPlain ? { name, keys: orderKeys(spec, query, isReversed) } : null;
}

/** The line exists (in any scope). */
export async function lineExists(db: Db, requestId: number): Promise<boolean> {
  const found = await db.kysely
    .selectFrom('requests')
    .select('requestId')
    .where('requestId', '=', requestId)
    .executeTakeFirst();
  return found !== undefined;
}
