/**
 * The text of CSV files: cells, lines and the lines of a batch of rows. Nothing here touches the
 * database or Node's streams, so a SQLite read worker can write an export's lines with the same
 * code as the main thread (csv-read.ts).
 */

/** A CSV cell that a spreadsheet would run as a formula gets a leading quote (docs/architecture.md). */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * One CSV line (with its `\n`) of string cells, as csv-stringify writes it with its defaults: a
 * cell holding a comma, a double quote, `\n` or `\r` is quoted, its quotes doubled; an empty
 * cell is left empty. Written by hand for the exports' millions of cells: csv-stringify's
 * per-cell options and checks cost more than the rest of a line's making.
 */
export function csvLine(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i += 1) {
    line += i === 0 ? csvCell(cells[i]!) : `,${csvCell(cells[i]!)}`;
  }
  return `${line}\n`;
}

const NEEDS_QUOTES = /[",\n\r]/;

function csvCell(value: string): string {
  if (!NEEDS_QUOTES.test(value)) {
    return value;
  }
  return `"${value.replaceAll('"', '""')}"`;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
  /** The cell is led by a tab, so a spreadsheet keeps it as text (spec 3 §9: the phone number). */
  isTabLed?: boolean;
}

/** A cell that is a phone number and nothing else: digits, spaces and + - ( ) . / only. */
const PHONE_TEXT = /^[\d +\-()./]*$/;

/**
 * A tab-led cell: the tab, then the value; a value that is not plain phone text is neutralised
 * too, as a spreadsheet that trims the tab would otherwise see a formula.
 */
export function tabLedCell(value: string): string {
  if (value === '') {
    return '';
  }
  return `\t${PHONE_TEXT.test(value) ? value : neutraliseCell(value)}`;
}

/** The header line of these columns, after the byte order mark spreadsheets look for. */
export function csvHeader(columns: readonly CsvColumn<never>[]): string {
  return `\uFEFF${csvLine(columns.map((c) => c.header))}`;
}

/** The lines of `rows` from `start` up to `end`, every cell neutralised. */
export function csvLines<Row>(
  rows: readonly Row[],
  columns: readonly CsvColumn<Row>[],
  start = 0,
  end = rows.length,
): string {
  const cells: string[] = new Array<string>(columns.length);
  let text = '';
  for (let r = start; r < end; r += 1) {
    const row = rows[r]!;
    for (let i = 0; i < columns.length; i += 1) {
      const column = columns[i]!;
      const value = column.value(row);
      const text = value === null || value === undefined ? '' : String(value);
      cells[i] = column.isTabLed ? tabLedCell(text) : neutraliseCell(text);
    }
    text += csvLine(cells);
  }
  return text;
}

/** A worker's lines as the main thread sends them: a Buffer over the transferred memory, no copy. */
export function linesBuffer(bytes: Uint8Array | undefined): Buffer {
  return bytes === undefined
    ? Buffer.alloc(0)
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
