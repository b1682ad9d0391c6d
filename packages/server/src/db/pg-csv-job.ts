import { CamelCasePlugin } from 'kysely';
import pg from 'pg';
import { formatCsvLines, type CsvJob } from './csv-formats.ts';
import { CONNECTION_OPTIONS, KEPT_PLAN_OPTIONS, KEPT_PLAN_SUFFIX, keptPlanName } from './pg-settings.ts';

/**
 * The PostgreSQL CSV worker's work (pg-csv-worker.mjs loads this module in its thread): run an
 * export batch's statement on the worker's own connections, name the rows as the main thread's
 * camelCase plugin does, write the batch's CSV lines and encode them. The main thread gets the
 * bytes only: during a million-line export it parses no rows and builds no lines, so it stays
 * free for the other requests (docs/architecture.md, "Performance design").
 */

/** The camelCase names Kysely's plugin gives the columns on the main thread. */
class ColumnNames extends CamelCasePlugin {
  of(column: string): string {
    return this.camelCase(column);
  }
}

const columnNames = new ColumnNames();
const encoder = new TextEncoder();

/** The worker's pools, made on first use: an export reads one batch ahead, so two connections each. */
const pools = new Map<string, pg.Pool>();

function poolFor(url: string, options: string): pg.Pool {
  let pool = pools.get(options);
  if (pool === undefined) {
    pool = new pg.Pool({ connectionString: url, max: 2, options });
    // A connection the server closes is replaced on the next job; it must not end the thread.
    pool.on('error', () => undefined);
    pools.set(options, pool);
  }
  return pool;
}

/** The CSV lines of one batch, UTF-8. A statement marked `KEPT_PLAN` keeps its generic plan, as on the main pools. */
export async function csvLinesOf(url: string, job: CsvJob): Promise<Uint8Array> {
  const values = [...job.parameters];
  const isKept = job.sql.endsWith(KEPT_PLAN_SUFFIX);
  const result = await poolFor(url, isKept ? KEPT_PLAN_OPTIONS : CONNECTION_OPTIONS).query({
    text: job.sql,
    values,
    rowMode: 'array',
    ...(isKept ? { name: keptPlanName(job.sql) } : {}),
  });
  const names = result.fields.map((field) => columnNames.of(field.name));
  const rows = (result.rows as unknown[][]).map((raw) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i += 1) {
      row[names[i]!] = raw[i];
    }
    return row;
  });
  return encoder.encode(formatCsvLines(rows, job.format, job.order));
}

export async function closePools(): Promise<void> {
  await Promise.all([...pools.values()].map((pool) => pool.end()));
  pools.clear();
}
