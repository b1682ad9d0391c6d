import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db, Executor } from '../db/connection.ts';

/**
 * Whether the limits count in `rate_counts`, shared by every instance (PostgreSQL unless
 * RATE_LIMIT_SHARED=false), or in each process's memory (always with SQLite's one process).
 */
export const isCountShared = (db: Db, config: Pick<Config, 'rateLimit'>): boolean =>
  db.dialect === 'postgres' && config.rateLimit.isShared;

/**
 * A key as PostgreSQL can store it: text cannot hold U+0000, which a guessed account name may
 * carry; such a key is stored as its JSON string, which no plain key can equal.
 */
const storable = (key: string): string => (key.includes('\u0000') ? JSON.stringify(key) : key);

/** A key's count in its window, and the milliseconds until the window ends. */
export interface WindowCount {
  hits: number;
  ttlMs: number;
}

/**
 * Counts `hits` hits of `key` (PostgreSQL): a new window of `windowMs` when there is none or the
 * last one ended, else that many more in the current one; answers the key's total with them. One
 * statement, so instances counting the same key at the same moment each see their own total; the
 * database's clock decides the windows.
 */
export async function countHit(q: Executor, key: string, windowMs: number, hits = 1): Promise<WindowCount> {
  const { rows } = await sql<WindowCount>`
    insert into rate_counts as r (key, hits, resets_at)
    values (${storable(key)}, ${hits}, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when r.resets_at <= now() then excluded.hits else r.hits + excluded.hits end,
      resets_at = case when r.resets_at <= now() then excluded.resets_at else r.resets_at end
    returning hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as "ttlMs"`.execute(
    q,
  );
  return rows[0]!;
}

/** The longest wait, in ms, of those `keys` whose window holds at least `max` hits (0: none). */
export async function longestWait(q: Executor, keys: readonly string[], max: number): Promise<number> {
  if (keys.length === 0) {
    return 0;
  }
  const { rows } = await sql<{ waitMs: number | null }>`
    select max(ceil(extract(epoch from (resets_at - now())) * 1000))::int as "waitMs"
    from rate_counts
    where key in (${sql.join(keys.map(storable))}) and resets_at > now() and hits >= ${max}`.execute(q);
  return rows[0]?.waitMs ?? 0;
}

/** Drops the counts whose window ended (any instance may; a periodic sweep). */
export async function dropEndedCounts(q: Executor): Promise<number> {
  const result = await q
    .deleteFrom('rateCounts')
    .where('resetsAt', '<', sql<string>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
