import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { formatDate, formatDateTime, type ActivityLog, type RequestHistoryEntry } from '@uap/domain';

type LogHeader = Omit<ActivityLog, 'requestHistoryLogsDTOs'>;

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

function section(doc: PDFDocument, title: string, fields: [string, string][]) {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text(title, MARGIN);
  doc.font('Helvetica').fontSize(9);
  for (const [label, value] of fields) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value === '' ? '-' : value);
  }
}

function tableRow(doc: PDFDocument, cells: string[], isHeader: boolean) {
  doc.font(isHeader ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
  const height =
    Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (COLUMNS[i]?.width ?? 60) - 4 }))) + 4;
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    if (!isHeader) {
      tableRow(
        doc,
        COLUMNS.map((c) => c.header),
        true,
      );
    }
  }
  const top = doc.y;
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const width = COLUMNS[i]?.width ?? 60;
    doc.text(cell, x + 2, top + 2, { width: width - 4 });
    x += width;
  });
  doc
    .strokeColor('#cccccc')
    .moveTo(MARGIN, top + height)
    .lineTo(x, top + height)
    .stroke();
  doc.x = MARGIN;
  doc.y = top + height;
}

/**
 * The activity log as a PDF stream (landscape A4): header, creator, user, platform access and
 * the history table. History arrives as an async iterable (keyset pages), so only one page
 * of rows is held at a time; the document is returned at once and written as rows arrive.
 * Text streams stay uncompressed so the content (request id included) can be searched.
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
    compress: false,
    info: { Title: title, Subject: `Request ${log.requestId}`, Creator: 'UAP' },
  });
  const write = async () => {
    doc.font('Helvetica-Bold').fontSize(16).text(title, MARGIN, MARGIN);
    section(doc, 'Request', [
      ['Request ID', String(log.requestId)],
      ['Request Type', log.requestTypeName],
      ['Status', log.status.description],
      ['Created Date', formatDateTime(log.createdDate, timeZone)],
      ['Urgent', log.isUrgent ? 'Yes' : 'No'],
      ['Comments', log.comments],
    ]);
    section(doc, 'Created By', [
      ['Name', log.createdByUser.fullName],
      ['Email', log.createdByUser.email],
    ]);
    const u = log.requestUser;
    section(doc, 'User Information', [
      ['Name', u.fullName],
      ['Email', u.email],
      ['Title', u.title],
      ['Organization', u.organization],
      ['Department', u.department],
      ['Country', u.locationCountry],
      ['Internal', log.isInternal ? 'Yes' : 'No'],
    ]);
    section(doc, 'Platform Access Information', [
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
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text('History', MARGIN);
    doc.moveDown(0.3);
    tableRow(
      doc,
      COLUMNS.map((c) => c.header),
      true,
    );
    for await (const entry of entries) {
      tableRow(
        doc,
        COLUMNS.map((c) => c.value(entry, timeZone)),
        false,
      );
    }
    doc.end();
  };
  write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
