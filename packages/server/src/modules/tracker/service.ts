import type { Readable } from 'node:stream';
import {
  timeZoneOrUtc,
  startOfTodayUtc,
  type ServiceLevels,
  type TableQuery,
  type TrackerLine,
  type TrackerQuery,
  type TrackerPage,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { csvExport, exportReadAhead, LINES_BATCH_SIZE } from '../../db/csv-export.ts';
import { csvColumnsOf, type CsvFormat } from '../../db/csv-formats.ts';
import type { CsvColumn } from '../../db/csv-text.ts';
import { readCsvLines } from '../../db/csv-read.ts';
import { assertTableQuery } from '../../db/table-query.ts';
import type { Actor } from '../../http/actor.ts';
import { rowScopeOf } from '../../http/row-scope.ts';
import * as lines from './line-queries.ts';
import * as q from './queries.ts';
import { keyedFilters } from './keyed-filter-queries.ts';
import { presentTrackerRow } from './present.ts';

/**
 * Whose lines the Request Tracker and the activity log show: provisioners the lines routed to
 * them, admins those inside their admin (region, market) rows, super admins and auditors all.
 * Roles below provisioner never get here (the route refuses them); refused again for safety.
 */
export function trackerScopeOf(actor: Actor): lines.TrackerScope {
  return rowScopeOf(actor, { least: 'routed' });
}

const todayIso = () => startOfTodayUtc().toISOString();
/** The clock of one answer: the overdue marker, the Overdue filter and the ages agree within it. */
const clockOf = (levels: ServiceLevels): lines.OverdueClock => ({ now: new Date(), levels });

/**
 * What a read of the tracker (a page, the export) works from: today, the clock, the caller's
 * scope and the query with its filters keyed; 400 on a column the table does not sort or filter by.
 */
async function trackerRead<Q extends TableQuery>(db: Db, actor: Actor, query: Q, levels: ServiceLevels) {
  const today = todayIso();
  const clock = clockOf(levels);
  const spec = lines.trackerSpec(today, clock);
  assertTableQuery(spec, query);
  const scope = trackerScopeOf(actor);
  const keyed = await keyedFilters(db, scope, spec, query);
  return { today, clock, scope, keyed };
}

/** A page of the Request Tracker: every type and status of line in the caller's scope. */
export async function findTrackerPage(
  db: Db,
  actor: Actor,
  query: TrackerQuery,
  levels: ServiceLevels,
): Promise<TrackerPage> {
  const { today, clock, scope, keyed } = await trackerRead(db, actor, query, levels);
  const { rows, totalCount, isCountEstimate } = await q.findTrackerPage(
    db,
    scope,
    keyed.spec,
    keyed.query,
    today,
    clock,
    query.anchor,
  );
  const timeZone = timeZoneOrUtc(query.localTimeZone);
  return {
    requests: rows.map((r) => presentTrackerRow(r, timeZone, clock.now)),
    page: query.page,
    totalCount,
    isCountEstimate,
  };
}

/**
 * A line the export reads: the domain's TrackerLine, which its CSV columns read (never, failing
 * the build below, when the statement's row lost one of its fields).
 */
type ExportLine = lines.TrackerLineRow extends TrackerLine ? TrackerLine : never;

/**
 * The whole filtered tracker as a CSV stream, read in keyset batches (newest id first; the first
 * one before it starts), as each batch's ids then its lines (`exportReadAhead`).
 */
export async function exportTracker(
  db: Db,
  actor: Actor,
  query: TableQuery,
  levels: ServiceLevels,
): Promise<Readable> {
  const { today, clock, scope, keyed } = await trackerRead(db, actor, query, levels);
  const format: CsvFormat = { name: 'tracker', options: { timeZone: timeZoneOrUtc(query.localTimeZone) } };
  // Each batch's ids, then its lines: the next batches are read (and on SQLite written, by the
  // read workers) while one is sent.
  const source = {
    ids: (beforeId: number | null, limit: number) =>
      q.findTrackerIds(db, scope, keyed.spec, keyed.query, beforeId, limit),
    lines: (ids: number[]) =>
      readCsvLines(db, lines.trackerRowsQuery(db, ids, today, clock), format, { key: 'requestId', ids }),
  };
  return csvExport(
    source,
    (row: ExportLine) => row.requestId,
    // The header line's; each batch's lines come written with the same columns.
    csvColumnsOf(format) as CsvColumn<ExportLine>[],
    LINES_BATCH_SIZE,
    exportReadAhead(db.dialect),
  );
}
