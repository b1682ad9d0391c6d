import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db, Executor } from '../../db/connection.ts';
import { toCount } from '../../db/connection.ts';
import { inList } from '../../db/table-query.ts';
import { ref } from './line-query.ts';
import { ExpiringMap } from '../../expiring-map.ts';

/**
 * Counts of the request tables that do not count a million lines on every page:
 * exact up to EXACT_COUNT_UP_TO lines (the count stops reading there) or when the caller asks
 * (`exactCount`); above, an estimate from a sample of evenly spaced request ids, which the
 * response marks (`isCountEstimate`) and the web shows as 'about …'. An estimate is reused for a
 * few seconds (see `countLines`).
 */
export const EXACT_COUNT_UP_TO = 10_000;

/** Request ids sampled for an estimate: about ±10 % at 10 % of the lines, ±30 % at 1 %. */
const SAMPLE_SIZE = 1_000;

export interface LineCount {
  totalCount: number;
  isCountEstimate: boolean;
}

/** Lines of `requests r` (filtered, with whatever joins), selecting nothing yet. */
// Each table brings its own joins; only `r.request_id` is read here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CountableLines = SelectQueryBuilder<any, any, object>;

/** The exact number of lines. */
export async function exactCount(lines: CountableLines): Promise<number> {
  const row = await lines.select(sql<number | string>`count(*)`.as('count')).executeTakeFirst();
  return toCount(row?.count);
}

/** The number of lines, counting at most `upTo` + 1 of them. */
export async function countUpTo(db: Db, lines: CountableLines, upTo: number): Promise<number> {
  const row = await db.kysely
    .selectFrom(
      lines
        .select(ref('r.requestId').as('id'))
        .limit(upTo + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return toCount(row?.count);
}

/** Two significant digits: an estimate does not pretend to more. */
function roundEstimate(n: number): number {
  if (n < 100) {
    return Math.round(n);
  }
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** The lowest and highest request line id (0 and 0 without lines). */
export async function requestIdRange(q: Executor): Promise<{ low: number; high: number }> {
  // Two subqueries: SQLite reads a lone min() or max() from the index, not both in one select.
  const range = await q
    .selectNoFrom((eb) => [
      eb
        .selectFrom('requests')
        .select((s) => s.fn.min('requestId').as('low'))
        .as('low'),
      eb
        .selectFrom('requests')
        .select((s) => s.fn.max('requestId').as('high'))
        .as('high'),
    ])
    .executeTakeFirst();
  return { low: Number(range?.low ?? 0), high: Number(range?.high ?? 0) };
}

/** The lines among SAMPLE_SIZE evenly spaced ids, scaled to the whole id range. */
async function sampledCount(db: Db, lines: CountableLines): Promise<number> {
  const { low, high } = await requestIdRange(db.kysely);
  const span = high - low + 1;
  const size = Math.min(SAMPLE_SIZE, span);
  const ids = Array.from({ length: size }, (_, i) => low + Math.floor((i * span) / size));
  const hits = await exactCount(lines.where(inList(db.dialect, ref('r.requestId'), ids)));
  return (hits * span) / size;
}

/**
 * Estimates just made, by database and by the statement of the lines they count (its text and
 * values, the caller's scope among them), reused for ESTIMATE_KEPT_MS: the tracker's first pages
 * of the same lines, asked for again and again, then run no count at all. A count under way is
 * shared too: the pages asked for while it runs wait for it rather than each counting (32
 * clients opening the tracker at once ran 32 samples of the same lines). Only estimates are
 * kept once known: an exact count always counts.
 */
const estimates = new WeakMap<Db, ExpiringMap<string, Promise<LineCount>>>();
const ESTIMATE_KEPT_MS = 10_000;
const ESTIMATES_KEPT = 1_000;

/** The count of `lines` not asked to be exact: exact when small, else an estimate. */
async function cappedOrEstimated(db: Db, lines: CountableLines): Promise<LineCount> {
  const capped = await countUpTo(db, lines, EXACT_COUNT_UP_TO);
  if (capped <= EXACT_COUNT_UP_TO) {
    return { totalCount: capped, isCountEstimate: false };
  }
  const estimate = roundEstimate(await sampledCount(db, lines));
  return { totalCount: Math.max(estimate, EXACT_COUNT_UP_TO + 1), isCountEstimate: true };
}

/** The total of `lines`: exact when asked or small, else an estimate marked as such. */
export async function countLines(db: Db, lines: CountableLines, isExactAsked: boolean): Promise<LineCount> {
  if (isExactAsked) {
    return { totalCount: await exactCount(lines), isCountEstimate: false };
  }
  const statement = lines.select(ref('r.requestId').as('id')).compile();
  const key = `${statement.sql}\u0000${JSON.stringify(statement.parameters)}`;
  let kept = estimates.get(db);
  if (!kept) {
    kept = new ExpiringMap(ESTIMATES_KEPT);
    estimates.set(db, kept);
  }
  const known = kept.get(key);
  if (known) {
    return known;
  }
  const counting = cappedOrEstimated(db, lines);
  // Shared while it runs; then kept for a while if an estimate, dropped if exact or failed.
  kept.set(key, counting, Number.POSITIVE_INFINITY);
  const store = kept;
  counting.then(
    (count) => {
      if (store.get(key) !== counting) {
        return;
      }
      if (count.isCountEstimate) {
        store.set(key, counting, Date.now() + ESTIMATE_KEPT_MS);
      } else {
        store.delete(key);
      }
    },
    () => {
      if (store.get(key) === counting) {
        store.delete(key);
      }
    },
  );
  return counting;
}
