import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  masterDataTypes,
  masterDataUploadColumns,
  masterDataUploadLimits,
  messages,
  type MasterDataType,
} from '@uap/domain';
import { HttpError, invalid } from '../../http/errors.ts';
import type { SheetRow } from './upload-model.ts';
import { checkZip, entryBytes, entryText } from './zip-check.ts';

/**
 * Reading an uploaded workbook into its rows. Runs in the upload's worker thread
 * (upload-read-thread.ts), so it imports nothing that opens the database.
 */

const MB = 1024 * 1024;

const key = (text: string) => text.trim().replace(/\*$/, '').trim().toLowerCase();

/** A cell's value as text: rich text joined, hyperlinks by their text, formulas by their result. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'string') {
    return value.trim();
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  if (value instanceof Date) {
    return value.toISOString().slice(0, 10);
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (Array.isArray(v.richText)) {
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    }
    if (v.text !== undefined) {
      return cellText(v.text);
    }
    if (v.result !== undefined) {
      return cellText(v.result);
    }
  }
  return '';
}

const attributes = (tag: string) =>
  new Map(
    [...tag.matchAll(/([\w:]+)="([^"]*)"/g)].map((m) => [
      m[1] ?? '',
      (m[2] ?? '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    ]),
  );

/**
 * The workbook's worksheets in its order, each with its name, type and the zip entry that holds
 * it. Refused before any sheet is parsed: more sheets than types, a sheet not named as a type, and
 * a type or an entry listed twice (each listing was parsed again: one sheet listed 50 times kept
 * the server busy for minutes).
 */
function sheetList(file: Buffer): { name: string; type: MasterDataType; path: string }[] {
  const book = entryText(file, 'xl/workbook.xml') ?? '';
  const rels = entryText(file, 'xl/_rels/workbook.xml.rels') ?? '';
  const targets = new Map(
    [...rels.matchAll(/<Relationship\s[^>]*>/g)]
      .map((m) => attributes(m[0]))
      .filter((a) => a.get('Type')?.endsWith('/worksheet'))
      .map((a) => {
        const target = a.get('Target') ?? '';
        return [a.get('Id'), target.startsWith('/') ? target.slice(1) : `xl/${target}`] as const;
      }),
  );
  const listed = [...book.matchAll(/<sheet\s[^>]*>/g)];
  if (listed.length > masterDataTypes.length) {
    throw invalid(messages.masterDataUploadTooManySheets(masterDataTypes.length));
  }
  const types = new Set<MasterDataType>();
  const paths = new Set<string>();
  return listed.flatMap((m) => {
    const a = attributes(m[0]);
    const path = targets.get(a.get('r:id'));
    if (!path) {
      return [];
    }
    const name = a.get('name') ?? '';
    const type = masterDataTypes.find((t) => key(t) === key(name));
    if (!type) {
      throw invalid(messages.masterDataUploadUnknownSheet(name));
    }
    if (types.has(type) || paths.has(path)) {
      throw invalid(messages.masterDataUploadRepeatedSheet(name));
    }
    types.add(type);
    paths.add(path);
    return [{ name, type, path }];
  });
}

/** An entry's text in chunks of whole characters (the sheet parser decodes each chunk alone). */
function* textChunks(bytes: Buffer, size = 64 * 1024): Generator<string> {
  const decoder = new StringDecoder('utf8');
  for (let at = 0; at < bytes.length; at += size) {
    yield decoder.write(bytes.subarray(at, at + size));
  }
  yield decoder.end();
}

/**
 * The two steps of ExcelJS's streaming reader used here, fed from the zip this module has already
 * checked rather than from its own zip stream, which now and then lost the shared strings or a
 * whole sheet when its consumer awaited between rows.
 */
interface SheetReader {
  _parseSharedStrings(input: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(input: Readable, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

/**
 * Each worksheet's name, type and rows, one sheet at a time, shared strings read first. Every
 * entry is parsed once, and the bytes parsed add up to at most the unpacked limit.
 */
async function* worksheets(
  file: Buffer,
): AsyncGenerator<{ name: string; type: MasterDataType; rows: AsyncIterable<ExcelJS.Row> }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as SheetReader;
  const sheets = sheetList(file);
  let parsedBytes = 0;
  const parsing = (bytes: Buffer) => {
    parsedBytes += bytes.length;
    if (parsedBytes > masterDataUploadLimits.maxUnpackedMegabytes * MB) {
      throw invalid(messages.masterDataUploadUnpackedTooLarge(masterDataUploadLimits.maxUnpackedMegabytes));
    }
    return Readable.from(textChunks(bytes));
  };
  const strings = entryBytes(file, 'xl/sharedStrings.xml') ?? Buffer.alloc(0);
  for await (const _ of reader._parseSharedStrings(parsing(strings))) {
    // Cached on the reader: nothing is emitted.
  }
  for (const [i, sheet] of sheets.entries()) {
    const bytes = entryBytes(file, sheet.path);
    if (!bytes) {
      throw invalid(messages.masterDataUploadNotWorkbook);
    }
    for (const { value } of reader._parseWorksheet(parsing(bytes), String(i + 1))) {
      yield { name: sheet.name, type: sheet.type, rows: value };
    }
  }
}

/**
 * Reads the workbook's rows sheet by sheet, after the zip check (a zip bomb is refused before
 * anything unpacks it). 400 with the reason for a file that is not a workbook of the template's
 * sheets and columns or has too many rows.
 */
export async function readWorkbook(file: Buffer): Promise<SheetRow[]> {
  const refusal = checkZip(file, {
    maxUnpackedBytes: masterDataUploadLimits.maxUnpackedMegabytes * MB,
    maxEntries: masterDataUploadLimits.maxZipEntries,
  });
  if (refusal === 'tooLarge') {
    throw invalid(messages.masterDataUploadUnpackedTooLarge(masterDataUploadLimits.maxUnpackedMegabytes));
  }
  if (refusal === 'notZip') {
    throw invalid(messages.masterDataUploadNotWorkbook);
  }
  const rows: SheetRow[] = [];
  // Every row parsed but each sheet's header counts against the limit, empty ones too: a
  // sheet of empty rows costs as much to parse as one of data.
  let counted = 0;
  try {
    for await (const { name: sheetName, type, rows: sheetRows } of worksheets(file)) {
      let header: Map<number, string> | null = null;
      for await (const row of sheetRows) {
        const values = (row.values as unknown[]).map(cellText);
        const empty = values.every((v) => v === '');
        if (header || empty) {
          counted += 1;
          if (counted > masterDataUploadLimits.maxRows) {
            throw invalid(messages.masterDataUploadTooManyRows(masterDataUploadLimits.maxRows));
          }
        }
        if (empty) {
          continue;
        }
        if (!header) {
          const known = new Map(masterDataUploadColumns[type].map((c) => [key(c.name), c.name]));
          header = new Map();
          values.forEach((v, i) => {
            const name = known.get(key(v));
            if (name) {
              header?.set(i, name);
            }
          });
          const present = new Set(header.values());
          const missing = masterDataUploadColumns[type]
            .filter((c) => c.required && !present.has(c.name))
            .map((c) => c.name);
          if (missing.length > 0) {
            throw invalid(messages.masterDataUploadMissingColumns(sheetName, missing));
          }
          continue;
        }
        const cells: Record<string, string> = {};
        for (const [i, name] of header) {
          cells[name] = values[i] ?? '';
        }
        rows.push({ sheet: sheetName, row: row.number, type, cells });
      }
    }
  } catch (error) {
    if (error instanceof HttpError) {
      throw error;
    }
    throw invalid(messages.masterDataUploadNotWorkbook);
  }
  if (rows.length === 0) {
    throw invalid(messages.masterDataUploadNoRows);
  }
  return rows;
}
