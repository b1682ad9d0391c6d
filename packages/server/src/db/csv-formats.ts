import { keptZoneFormatters, trackerLineColumns, type TrackerLine } from '@uap/domain';
import { csvLines, type CsvColumn } from './csv-text.ts';

/** The Request Tracker's CSV columns over its flat lines (declared in domain), dates in `timeZone`. */
function trackerCsvColumns(timeZone: string): CsvColumn<TrackerLine>[] {
  const dates = keptZoneFormatters(timeZone);
  return trackerLineColumns.map(({ header, text }) => ({ header, value: (line) => text(line, dates) }));
}

/**
 * The exports whose lines a SQLite read worker writes itself, where it read the rows
 * (csv-read.ts; read-worker.mjs loads this module through tsx the first time it is asked). A
 * format is chosen by the server's code, never by a caller, and carries its options.
 */
const formats = {
  tracker: ({ timeZone }: { timeZone: string }) => trackerCsvColumns(timeZone),
};

export type CsvFormat = {
  [Name in keyof typeof formats]: { name: Name; options: Parameters<(typeof formats)[Name]>[0] };
}[keyof typeof formats];

/** The order the lines are written in: the rows' `key` as listed in `ids` (a row gone since is left out). */
export interface IdOrder {
  key: string;
  ids: readonly number[];
}

/** One batch whose CSV lines a worker writes: the statement that reads its rows, and how to write them. */
export interface CsvJob {
  sql: string;
  parameters: readonly unknown[];
  format: CsvFormat;
  order: IdOrder;
}

/** A thread that reads a batch's rows and writes their CSV lines (SQLite's read pool, PostgreSQL's CSV worker). */
export interface CsvLinesWriter {
  csvLines(job: CsvJob): Promise<Buffer>;
}

/** Each format's columns, made once per set of options (a worker writes thousands of batches). */
const columnsKept = new Map<string, CsvColumn<never>[]>();
const COLUMNS_KEPT = 50;

export function csvColumnsOf(format: CsvFormat): CsvColumn<never>[] {
  const key = JSON.stringify(format);
  let columns = columnsKept.get(key);
  if (columns === undefined) {
    columns = formats[format.name](format.options);
    if (columnsKept.size >= COLUMNS_KEPT) {
      columnsKept.delete(columnsKept.keys().next().value!);
    }
    columnsKept.set(key, columns);
  }
  return columns;
}

/** The CSV lines of `rows` (as a read returns them, app names) in `order`, written in `format`. */
export function formatCsvLines(
  rows: readonly Record<string, unknown>[],
  format: CsvFormat,
  order: IdOrder,
): string {
  const byKey = new Map(rows.map((row) => [row[order.key], row]));
  const ordered = order.ids.flatMap((id) => byKey.get(id) ?? []);
  return csvLines(ordered as never[], csvColumnsOf(format));
}
