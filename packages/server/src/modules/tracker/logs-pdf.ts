import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { formatDate, formatDateTime, type ActivityLog, type RequestHistoryEntry } from '@uap/domain';
import { LINE_HEIGHT, PdfText, type Span } from './pdf-text.ts';

type LogHeader = Omit<ActivityLog, 'requestHistoryLogsDTOs' | 'historyVerifiedAt'>;

const MARGIN = 36;
const COLUMNS: { header: string; width: number; value: (e: RequestHistoryEntry, tz: string) => string }[] = [
  { header: 'Date', width: 92, value: (e, tz) => formatDateTime(e.createdDate, tz) },
  { header: 'Step', width: 130, value: (e) => e.stepDescription },
  { header: 'Type', width: 82, value: (e) => e.requestTypeName },
  { header: 'Status', width: 62, value: (e) => e.status },
  { header: 'Change', width: 110, value: (e) => e.changeDesc ?? '' },
  { header: 'Comment', width: 170, value: (e) => e.comment },
  { header: 'By', width: 124, value: (e) => `${e.createdByUser.fullName}\n${e.createdByUser.email}` },
];
const CELL_PADDING = 2;
const TABLE_SIZE = 8;

/** Writes the document top to bottom, starting a new page where the next line would not fit. */
class LogWriter {
  readonly text: PdfText;
  y = MARGIN;
  /** What a new page starts with (the history table repeats its header). */
  onNewPage: (() => void) | null = null;

  constructor(readonly doc: PDFDocument) {
    this.text = new PdfText(doc);
  }

  get bottom(): number {
    return this.doc.page.height - MARGIN;
  }

  get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = MARGIN;
    this.onNewPage?.();
  }

  /** A paragraph over the whole width. */
  paragraph(spans: Span[], size: number): void {
    const height = size * LINE_HEIGHT;
    for (const line of this.text.lines(spans, size, this.width)) {
      if (this.y + height > this.bottom) {
        this.newPage();
      }
      this.text.draw(line, MARGIN, this.y, size);
      this.y += height;
    }
  }

  space(points: number): void {
    this.y += points;
  }

  section(title: string, fields: [string, string][]): void {
    this.space(8);
    this.paragraph([{ text: title, weight: 'bold' }], 11);
    for (const [label, value] of fields) {
      this.paragraph([{ text: `${label}: `, weight: 'bold' }, { text: value === '' ? '-' : value }], 9);
    }
  }

  /**
   * One table row: every cell wrapped to its column. A row that does not fit below starts a new
   * page; a row taller than a page continues on the next one.
   */
  tableRow(cells: string[], isHeader: boolean): void {
    const weight = isHeader ? 'bold' : 'regular';
    const lineHeight = TABLE_SIZE * LINE_HEIGHT;
    const columns = cells.map((cell, i) =>
      this.text.lines([{ text: cell, weight }], TABLE_SIZE, COLUMNS[i]!.width - 2 * CELL_PADDING),
    );
    const count = Math.max(...columns.map((c) => c.length));
    const height = count * lineHeight + 2 * CELL_PADDING;
    if (this.y + height > this.bottom && height <= this.bottom - MARGIN - 2 * lineHeight) {
      this.newPage();
    }
    let y = this.y + CELL_PADDING;
    for (let i = 0; i < count; i++) {
      if (y + lineHeight > this.bottom) {
        this.newPage();
        y = this.y + CELL_PADDING;
      }
      let x = MARGIN;
      columns.forEach((lines, c) => {
        const line = lines[i];
        if (line) {
          this.text.draw(line, x + CELL_PADDING, y, TABLE_SIZE);
        }
        x += COLUMNS[c]!.width;
      });
      y += lineHeight;
    }
    this.y = y + CELL_PADDING;
    this.doc
      .strokeColor('#cccccc')
      .moveTo(MARGIN, this.y)
      .lineTo(MARGIN + TABLE_WIDTH, this.y)
      .stroke();
  }
}

const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);

/**
 * The activity log as a PDF stream (landscape A4): header, creator, user, platform access and
 * the history table. History arrives as an async iterable (keyset pages), so only one page
 * of rows is held at a time; the document is returned at once and written as rows arrive.
 * Text is set in embedded Unicode fonts (pdf-text.ts): any name or comment shows, and long words
 * wrap inside their column.
 */
export function activityLogPdf(
  log: LogHeader,
  entries: AsyncIterable<RequestHistoryEntry>,
  timeZone = 'UTC',
): Readable {
  const title = `Activity log of request ${log.requestId}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: title, Subject: `Request ${log.requestId}`, Creator: 'UAP' },
  });
  const write = async () => {
    const w = new LogWriter(doc);
    w.paragraph([{ text: title, weight: 'bold' }], 16);
    w.section('Request', [
      ['Request ID', String(log.requestId)],
      ['Request Type', log.requestTypeName],
      ['Status', log.status.description],
      ['Created Date', formatDateTime(log.createdDate, timeZone)],
      ['Urgent', log.isUrgent ? 'Yes' : 'No'],
      ['Comments', log.comments],
    ]);
    w.section('Created By', [
      ['Name', log.createdByUser.fullName],
      ['Email', log.createdByUser.email],
    ]);
    const u = log.requestUser;
    w.section('User Information', [
      ['Name', u.fullName],
      ['Email', u.email],
      ['Title', u.title],
      ['Organization', u.organization],
      ['Department', u.department],
      ['Country', u.locationCountry],
      ['Internal', log.isInternal ? 'Yes' : 'No'],
    ]);
    w.section('Platform Access Information', [
      ['Region / Market', `${log.regionName} / ${log.marketName}`],
      ['Agency / Practice', `${log.agencyName} / ${log.practiceName}`],
      ['Platform', log.platformName],
      ['Client', log.clientName],
      ['Asset', [log.assetName, log.clientAccountName, log.assetReference].filter(Boolean).join(' - ')],
      ['Platform User Type', log.platformUserTypeName],
      ['Platform Email', log.email],
      [
        'Length of Access',
        log.isUnlimited
          ? 'Unlimited'
          : `${formatDate(log.beginningDate, timeZone)} - ${formatDate(log.expirationDate, timeZone)}`,
      ],
    ]);
    w.space(10);
    // The table's title, header and first rows stay together.
    if (w.y + 80 > w.bottom) {
      w.newPage();
    }
    w.paragraph([{ text: 'History', weight: 'bold' }], 11);
    w.space(3);
    const header = () =>
      w.tableRow(
        COLUMNS.map((c) => c.header),
        true,
      );
    header();
    w.onNewPage = header;
    for await (const entry of entries) {
      w.tableRow(
        COLUMNS.map((c) => c.value(entry, timeZone)),
        false,
      );
    }
    doc.end();
  };
  write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
