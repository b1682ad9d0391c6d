import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse';
import { columnKey, type Cells } from './rows.ts';

/** An upload's saved file: where it waits, and its rows read as a stream. */

/** The first data row's number: row 1 is the header, as a spreadsheet numbers them. */
export const FIRST_ROW = 2;

export interface BulkOptions {
  /** Where uploaded files wait for (and during) processing. */
  uploadDir: string;
  /** Called when an upload stops (tests and the bench wait on it). */
  onFinished?: (code: string) => void;
}

export const fileOf = (o: BulkOptions, code: string) => path.join(o.uploadDir, `${code}.csv`);

function csvReader(file: string) {
  return fs
    .createReadStream(file)
    .pipe(
      parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }),
    ) as AsyncIterable<string[]>;
}

/** The header row of a saved file (empty when the file has none). */
export async function headerOf(file: string): Promise<string[]> {
  const reader = fs.createReadStream(file).pipe(parse({ bom: true, skip_empty_lines: true, to_line: 1 }));
  for await (const record of reader as AsyncIterable<string[]>) {
    reader.destroy();
    return record;
  }
  return [];
}

/** One data row read from the file: its number and its cells by column key. */
export interface ReadRow {
  rowNumber: number;
  cells: Cells;
}

export async function* rowsOf(file: string): AsyncGenerator<ReadRow> {
  let keys: string[] | null = null;
  let rowNumber = FIRST_ROW - 1;
  for await (const record of csvReader(file)) {
    if (!keys) {
      keys = record.map(columnKey);
      continue;
    }
    rowNumber++;
    yield { rowNumber, cells: Object.fromEntries(keys.map((k, i) => [k, record[i] ?? ''])) };
  }
}

export async function countRows(file: string): Promise<number> {
  let count = -1;
  for await (const _record of csvReader(file)) {
    count++;
  }
  return Math.max(0, count);
}
