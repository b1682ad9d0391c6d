import { sql, type Insertable, type Kysely } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { Database } from '../schema.ts';

/** SQLite allows 32,766 bound parameters per statement (PostgreSQL 65,535); stay below both. */
const MAX_PARAMETERS = 30_000;

/**
 * Inserts rows in multi-row statements sized under the parameter limit. Every row must have
 * the same keys: SQLite would otherwise bind NULL where PostgreSQL fills a default.
 */
export async function insertRows<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) {
    return;
  }
  const keys = Object.keys(first);
  for (const row of rows) {
    if (Object.keys(row).length !== keys.length) {
      throw new Error(`${table}: every seeded row must have the same columns (${keys.join(', ')})`);
    }
  }
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / keys.length));
  for (let start = 0; start < rows.length; start += size) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size))
      .execute();
  }
}

/** Tables whose ids the seeds assign explicitly, with their id column (snake_case). */
export const explicitIdTables = [
  ['regions', 'region_id'],
  ['markets', 'market_id'],
  ['agencies', 'agency_id'],
  ['practices', 'practice_id'],
  ['agency_practices', 'agency_practice_id'],
  ['platforms', 'platform_id'],
  ['platform_agencies', 'platform_agency_id'],
  ['asset_types', 'asset_id'],
  ['platform_user_types', 'platform_user_type_id'],
  ['platform_ownerships', 'platform_ownership_id'],
  ['clients', 'client_id'],
  ['client_codes', 'client_code_id'],
  ['client_accounts', 'client_account_id'],
  ['users', 'user_id'],
  ['approver_assignments', 'approver_id'],
  ['master_approvers', 'master_approver_id'],
  ['requests', 'request_id'],
  ['bulk_uploads', 'id'],
] as const;

/**
 * After inserting explicit ids, moves PostgreSQL identity sequences past the largest id so the
 * application's own inserts do not collide. SQLite's AUTOINCREMENT follows on its own.
 */
export async function resetIdentities(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') {
    return;
  }
  for (const [table, column] of explicitIdTables) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.raw(column)}) from ${sql.raw(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** The largest id of a table (0 when empty), to allocate explicit ids after it. */
export async function maxId(db: Kysely<Database>, table: string, column: string): Promise<number> {
  const result = await sql<{
    maxId: number | null;
  }>`select max(${sql.raw(column)}) as max_id from ${sql.raw(table)}`.execute(db);
  return Number(result.rows[0]?.maxId ?? 0);
}

/** UTC midnight of a timestamp in ms, as an ISO string. */
export function utcDay(ms: number): string {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())).toISOString();
}

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** The seconds since `since` (a `Date.now()`), as the seed's progress lines print them. */
export const secondsSince = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
