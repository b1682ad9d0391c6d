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
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** Ends a statement whose generic plan PostgreSQL may keep (connection.ts, `KEPT_PLAN`). */
export const KEPT_PLAN_SUFFIX = '/* kept plan */';

/**
 * Settings of every app connection: no JIT compilation and no parallel workers (connection.ts
 * says why).
 */
export const CONNECTION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

/** Settings of the connections that run the kept plans: generic plans are all they run. */
export const KEPT_PLAN_OPTIONS = `${CONNECTION_OPTIONS} -c plan_cache_mode=force_generic_plan`;

/** The name of a kept statement's prepared statement: one per text on each connection. */
export const keptPlanName = (text: string) =>
  `kept_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
