import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * What every thread's PostgreSQL connections share (the main thread's pools and the CSV
 * worker's, pg-csv-job.ts): the value parsers, the connection settings and the kept plans'
 * naming.
 *
 * The values, parsed on the `pg` package once per thread: timestamps as ISO strings, as SQLite
 * stores them, and counts and sums as numbers, so the app sees one shape on both engines.
 */
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, isoOfTimestamp);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * A timestamp as PostgreSQL writes it, as `Date.prototype.toISOString` writes it (milliseconds,
 * extra digits cut). A timestamp in UTC ('2026-12-03 16:57:10.123456+00', the session's time
 * zone on a UTC server) is rewritten as text, ten times faster than parsing it into a Date and
 * out again; a page of the tracker has a few hundred. Any other (another time zone, a year past
 * 9999, BC, infinity) goes through a Date.
 */
export function isoOfTimestamp(value: string): string {
  const n = value.length;
  // 'YYYY-MM-DD HH:MM:SS+00', then up to six digits of a second after a '.'.
  if (
    n >= 22 &&
    n <= 29 &&
    value.charCodeAt(4) === 45 &&
    value.charCodeAt(10) === 32 &&
    value.endsWith('+00')
  ) {
    const day = value.slice(0, 10);
    const time = value.slice(11, 19);
    if (n === 22) {
      return `${day}T${time}.000Z`;
    }
    if (n >= 24 && value.charCodeAt(19) === 46) {
      return `${day}T${time}.${value
        .slice(20, n - 3)
        .padEnd(3, '0')
        .slice(0, 3)}Z`;
    }
  }
  return new Date(value).toISOString();
}

/** Ends a statement whose generic plan PostgreSQL may keep (connection.ts, `KEPT_PLAN`). */
export const KEPT_PLAN_SUFFIX = '/* kept plan */';

/**
 * Settings of every connection (the app's, the CSV worker's, migrations, the command-line tools
 * and the benches): no JIT compilation and no parallel workers (connection.ts says why), and a
 * statement whose client has gone (a process killed, a bench stopped) is cancelled within a
 * second instead of running on (`client_connection_check_interval`, in ms).
 */
export const CONNECTION_OPTIONS =
  '-c jit=off -c max_parallel_workers_per_gather=0 -c client_connection_check_interval=1000';

/** Settings of the connections that run the kept plans: generic plans are all they run. */
export const KEPT_PLAN_OPTIONS = `${CONNECTION_OPTIONS} -c plan_cache_mode=force_generic_plan`;

/** How long a statement of the app may run, and wait for a lock, in ms (0: no limit). */
export interface StatementLimits {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
}

/** A pool's settings with the statement limits added (unset, or 0: no limit). */
export function withLimits(options: string, limits: StatementLimits | undefined): string {
  if (!limits) {
    return options;
  }
  const { statementTimeoutMs, lockTimeoutMs } = limits;
  return `${options} -c statement_timeout=${Math.trunc(statementTimeoutMs)} -c lock_timeout=${Math.trunc(lockTimeoutMs)}`;
}

/**
 * PostgreSQL's codes for a statement it cancelled: `statement_timeout` (57014, query_canceled)
 * and `lock_timeout` (55P03, lock_not_available).
 */
const CUT_SHORT_CODES = new Set(['57014', '55P03']);

/** Whether an error is PostgreSQL cutting a statement short (the call is answered 503). */
export function isStatementCutShort(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    CUT_SHORT_CODES.has(error.code)
  );
}

/** The name of a kept statement's prepared statement: one per text on each connection. */
export const keptPlanName = (text: string) =>
  `kept_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
