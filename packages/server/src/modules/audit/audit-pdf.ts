import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { LINE_HEIGHT, PdfText } from '../tracker/pdf-text.ts';

/** One audit record as the PDF shows it: a cell of text per column (lines split by '\n'). */
export type AuditCells = Record<(typeof COLUMNS)[number]['key'], string>;

const MARGIN = 30;
/**
 * Plain ASCII cells (ids, dates, most names and every email) are set in the PDF standard
 * Helvetica: measured from its metrics table and written without shaping, ten times faster
 * than the embedded fonts, which stay for any other text (pdf-text.ts).
 */
const STANDARD = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
/** Where the baseline sits below a line's top, in font sizes (as pdf-text.ts places Noto Sans). */
const ASCENT = 1.069;
const SIZE = 7;
const PADDING = 2;
const COLUMNS = [
  { key: 'requestId', header: 'Request ID', width: 46 },
  { key: 'created', header: 'Created', width: 66 },
  { key: 'request', header: 'Type / Status', width: 66 },
  { key: 'user', header: 'User / Platform Email', width: 124 },
  { key: 'requestor', header: 'Requested By', width: 110 },
  { key: 'access', header: 'Platform Access', width: 166 },
  { key: 'dates', header: 'Length of Access', width: 62 },
  { key: 'approval', header: 'Approved / Rejected', width: 70 },
  { key: 'provisioning', header: 'Provisioned', width: 72 },
] as const;
const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);
/**
 * Bytes the document may hold unread before the writer waits for the reader: a slow download
 * holds the server's memory at about this much instead of the whole range.
 */
const UNREAD_LIMIT = 1024 * 1024;

export interface AuditHeader {
  title: string;
  subtitle: string;
}

/**
 * The audit PDF of a date range (landscape A4): a title, then one table row per record, the
 * header repeated on every page. Records arrive as batches (an async iterable): one batch is
 * held at a time, pages are written out as they fill, and the writer waits while the reader is
 * behind, so memory does not grow with the range. An empty range gives a document without
 * text (a few hundred bytes: the original client treats anything under 2,000 bytes as empty).
 */
export function auditPdf(header: AuditHeader | null, batches: AsyncIterable<AuditCells[]>): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: header?.title ?? 'Audit report', Creator: 'UAP' },
  });
  fasterKerning(doc);
  const write = async () => {
    let text: PdfText | null = null;
    let y = MARGIN;
    let isStarted = false;
    const bottom = () => doc.page.height - MARGIN;
    const lineHeight = SIZE * LINE_HEIGHT;
    const row = (cells: readonly string[], isHeader: boolean) => {
      const pdf = text!;
      const weight = isHeader ? 'bold' : 'regular';
      const columns = cells.map((cell, i) => {
        const width = COLUMNS[i]!.width - 2 * PADDING;
        return isStandardText(cell)
          ? standardLines(doc, cell, weight, width)
          : pdf.lines([{ text: cell, weight }], SIZE, width);
      });
      const height = Math.max(...columns.map((c) => c.length)) * lineHeight + 2 * PADDING;
      if (y + height > bottom() && !isHeader) {
        doc.addPage();
        y = MARGIN;
        row(
          COLUMNS.map((c) => c.header),
          true,
        );
      }
      let x = MARGIN;
      columns.forEach((lines, c) => {
        lines.forEach((line, i) => {
          const top = y + PADDING + i * lineHeight;
          if (typeof line === 'string') {
            doc
              .font(STANDARD[weight])
              .fontSize(SIZE)
              .text(line, x + PADDING, top + ASCENT * SIZE, { lineBreak: false, baseline: 'alphabetic' });
          } else {
            pdf.draw(line, x + PADDING, top, SIZE);
          }
        });
        x += COLUMNS[c]!.width;
      });
      y += height;
      doc
        .strokeColor(isHeader ? '#888888' : '#cccccc')
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + TABLE_WIDTH, y)
        .stroke();
    };
    for await (const batch of batches) {
      // A fresh measurer per batch, and pdfkit's per-word layout cache emptied: both keep
      // every distinct word (names, emails, ids) and would grow with the range.
      text = new PdfText(doc);
      forgetLayouts(doc);
      if (!isStarted && batch.length > 0) {
        isStarted = true;
        for (const [line, size] of header
          ? ([
              [header.title, 14],
              [header.subtitle, 9],
            ] as const)
          : []) {
          for (const l of text.lines(
            [{ text: line, weight: size > 9 ? 'bold' : 'regular' }],
            size,
            TABLE_WIDTH,
          )) {
            text.draw(l, MARGIN, y, size);
            y += size * LINE_HEIGHT;
          }
        }
        y += 6;
        row(
          COLUMNS.map((c) => c.header),
          true,
        );
      }
      for (const record of batch) {
        row(
          COLUMNS.map((c) => record[c.key]),
          false,
        );
      }
      // Let the socket take what was written (a query answered at once never yields), then
      // wait while the reader is behind.
      await new Promise((resolve) => setImmediate(resolve));
      while (doc.readableLength > UNREAD_LIMIT && !doc.destroyed) {
        await sleep(5);
      }
    }
    doc.end();
  };
  write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}

/** pdfkit keeps the layout of every word it has drawn, per font (`fontLayoutCache`); a new batch starts it empty. */
function forgetLayouts(doc: PDFDocument): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })
    ._fontFamilies;
  for (const font of Object.values(families ?? {})) {
    if (font.layoutCache) {
      font.layoutCache = Object.create(null) as object;
    }
  }
}

/** Helvetica's advance width of each character at SIZE, by weight (the same for every document). */
const charWidths: Record<'regular' | 'bold', Map<string, number>> = { regular: new Map(), bold: new Map() };

/**
 * The width of ASCII text in Helvetica at SIZE, from per-character widths: kerning is left out,
 * which only ever makes the measure a little wider than the drawn text (pdfkit's own measure
 * looks every pair up again, the slowest part of a large document).
 */
function standardWidth(doc: PDFDocument, text: string, weight: 'regular' | 'bold'): number {
  const widths = charWidths[weight];
  let total = 0;
  for (const char of text) {
    let width = widths.get(char);
    if (width === undefined) {
      width = doc.font(STANDARD[weight]).fontSize(SIZE).widthOfString(char);
      widths.set(char, width);
    }
    total += width;
  }
  return total;
}

const isStandardText = (text: string) => /^[\x20-\x7e\n]*$/.test(text);

/**
 * ASCII text in lines of at most `width` points in Helvetica: '\n' starts a line, lines break at
 * spaces, a word longer than the line breaks between characters.
 */
function standardLines(doc: PDFDocument, text: string, weight: 'regular' | 'bold', width: number): string[] {
  const measure = (t: string) => standardWidth(doc, t, weight);
  const space = measure(' ');
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      let wordWidth = measure(word);
      if (line !== '' && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line !== '') {
        lines.push(line);
      }
      let rest = word;
      while (wordWidth > width) {
        let cut = Math.max(1, Math.floor((rest.length * width) / wordWidth));
        while (cut > 1 && measure(rest.slice(0, cut)) > width) {
          cut--;
        }
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
        wordWidth = measure(rest);
      }
      line = rest;
      lineWidth = wordWidth;
    }
    lines.push(line);
  }
  return lines;
}

interface AfmFont {
  kernPairs: Record<string, number>;
  getKernPair: (left: string, right: string) => number;
}

/**
 * pdfkit looks up Helvetica's kerning by concatenating the two glyph names for every pair it
 * measures or writes: a third of a large audit's time. The same table as a map of maps gives
 * the same numbers without building a string per pair.
 */
function fasterKerning(doc: PDFDocument): void {
  for (const name of Object.values(STANDARD)) {
    doc.font(name);
    const afm = (doc as unknown as { _font?: { font?: AfmFont } })._font?.font;
    if (!afm?.kernPairs) {
      continue;
    }
    const pairs = new Map<string, Map<string, number>>();
    for (const [key, value] of Object.entries(afm.kernPairs)) {
      const [left = '', right = ''] = key.split('\0');
      let rights = pairs.get(left);
      if (!rights) {
        rights = new Map();
        pairs.set(left, rights);
      }
      rights.set(right, value);
    }
    afm.getKernPair = (left, right) => pairs.get(left)?.get(right) ?? 0;
  }
}
