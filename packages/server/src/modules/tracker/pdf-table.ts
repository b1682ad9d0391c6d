import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { LINE_HEIGHT, PdfText } from './pdf-text.ts';

/**
 * A large streamed table as a PDF (landscape A4), shared by the audit report and the access
 * review evidence: a heading, then one row per record with the column headers repeated on every
 * page. Rows arrive in batches, pages are written out as they fill and the writer waits while
 * the reader is behind, so memory does not grow with the number of rows.
 */

/** One column: the key of its cell, its header and its width in points. */
export interface PdfTableColumn<K extends string> {
  key: K;
  header: string;
  width: number;
}

/** The text above the table: a title in bold, then lines of smaller text. */
export interface PdfTableHeading {
  title: string;
  lines: readonly string[];
}

export interface PdfTableOptions<K extends string> {
  /** Widths adding up to at most the page's width inside the margins (782 points). */
  columns: readonly PdfTableColumn<K>[];
  /** The document's title and subject (its properties). */
  info: { Title: string; Subject?: string };
  /** The heading drawn even when no row arrives; otherwise an empty table is a document without text. */
  headingWhenEmpty?: boolean;
}

/** One row: a cell of text per column key (lines split by '\n'). */
export type PdfTableRow<K extends string> = Record<K, string>;

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
/**
 * Bytes the document may hold unread before the writer waits for the reader: a slow download
 * holds the server's memory at about this much instead of the whole table.
 */
const UNREAD_LIMIT = 1024 * 1024;
/**
 * Rows written between two turns of the event loop: a row takes a third of a millisecond, so
 * other requests (a health check) wait about 10 ms at most instead of a whole batch.
 */
const ROWS_PER_TURN = 32;

/**
 * The table as a PDF stream, returned at once and written as batches arrive (an async iterable):
 * one batch is held at a time. Cells wrap inside their column; text outside ASCII is set in the
 * embedded Unicode fonts (any name or comment shows).
 */
export function tablePdf<K extends string>(
  options: PdfTableOptions<K>,
  heading: PdfTableHeading | null,
  batches: AsyncIterable<readonly PdfTableRow<K>[]>,
): Readable {
  const { columns } = options;
  const tableWidth = columns.reduce((sum, c) => sum + c.width, 0);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { ...options.info, Creator: 'UAP' },
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
      const lines = cells.map((cell, i) => {
        const width = columns[i]!.width - 2 * PADDING;
        return isStandardText(cell)
          ? standardLines(doc, cell, weight, width)
          : pdf.lines([{ text: cell, weight }], SIZE, width);
      });
      const height = Math.max(...lines.map((c) => c.length)) * lineHeight + 2 * PADDING;
      if (y + height > bottom() && !isHeader) {
        doc.addPage();
        y = MARGIN;
        row(
          columns.map((c) => c.header),
          true,
        );
      }
      let x = MARGIN;
      lines.forEach((cellLines, c) => {
        cellLines.forEach((line, i) => {
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
        x += columns[c]!.width;
      });
      y += height;
      doc
        .strokeColor(isHeader ? '#888888' : '#cccccc')
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + tableWidth, y)
        .stroke();
    };
    // Let other requests and the socket run (a query answered at once never yields), then wait
    // while the reader is behind.
    const breathe = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      while (doc.readableLength > UNREAD_LIMIT && !doc.destroyed) {
        await sleep(5);
      }
    };
    const start = () => {
      isStarted = true;
      const pdf = text!;
      const texts: [string, number][] = heading
        ? [[heading.title, 14], ...heading.lines.map((l): [string, number] => [l, 9])]
        : [];
      for (const [line, size] of texts) {
        for (const l of pdf.lines(
          [{ text: line, weight: size > 9 ? 'bold' : 'regular' }],
          size,
          tableWidth,
        )) {
          pdf.draw(l, MARGIN, y, size);
          y += size * LINE_HEIGHT;
        }
      }
      y += 6;
      row(
        columns.map((c) => c.header),
        true,
      );
    };
    for await (const batch of batches) {
      // A fresh measurer per batch, and pdfkit's per-word layout cache emptied: both keep
      // every distinct word (names, emails, ids) and would grow with the table.
      text = new PdfText(doc);
      forgetLayouts(doc);
      if (!isStarted && batch.length > 0) {
        start();
      }
      for (let i = 0; i < batch.length; i += 1) {
        const record = batch[i]!;
        row(
          columns.map((c) => record[c.key]),
          false,
        );
        if ((i + 1) % ROWS_PER_TURN === 0) {
          await breathe();
        }
      }
      await breathe();
    }
    if (!isStarted && options.headingWhenEmpty) {
      text = new PdfText(doc);
      start();
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
 * measures or writes: a third of a large table's time. The same table as a map of maps gives
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
