import { messages } from '../messages.ts';
import { fullName } from '../rules.ts';
import type { ZoneFormatters } from '../dates.ts';
import type { TrackerRow } from '../schemas/tracker.ts';
import { columnsOf, type DeclaredColumn } from './declare.ts';
import { lineHeader as h } from './line-headers.ts';

/**
 * The Request Tracker's columns, without its zod schemas (the screen's first load draws them
 * before the schemas arrive: web api/tracker.ts), and the same columns over the flat line rows
 * its export's read worker writes (server db/csv-formats.ts), in the CSV's order.
 */

const c = columnsOf<TrackerRow>();

/** The tracker's columns in the screen's order; ids are the row field names the server sorts and filters by. */
export const trackerScreenColumns: readonly DeclaredColumn<TrackerRow>[] = [
  c.number('requestId', h.requestId, (r) => r.requestId),
  // What the tracker is read for first.
  c.text('status', h.requestStatus, (r) => r.status.description),
  c.text('requestUserName', h.userName, (r) => r.requestUser.fullName),
  c.field('platformName', h.platform),
  c.field('clientName', h.client),
  c.field('clientAccountName', h.clientAccount),
  c.field('platformUserTypeName', h.platformUserType),
  c.dateTime('createdDate', h.createdDate, (r) => r.createdDate),
  // How long a Submitted or Approved line has waited, when the page was read: the screen's only.
  c.text('age', 'Age', (r) => (r.waitingHours === null ? '' : messages.waitingAge(r.waitingHours)), {
    isSortable: false,
    isFilterable: false,
  }),
  c.text('overdue', h.overdue, (r) => (r.isOverdue ? messages.overdue : ''), { isSortable: false }),
  c.text('noApprovalPath', h.approvalPath, (r) => (r.noApprovalPath ? messages.noApprovalPath : ''), {
    isSortable: false,
    isFilterable: false,
  }),
  // Computed from today's date: no index can serve its order, so it is not offered as a sort.
  c.field('statusDescription', h.recordStatus, { isSortable: false }),
  c.field('requestTypeName', h.requestType),
  c.field('regionName', h.region),
  c.field('marketName', h.market),
  c.text('requestUserEmail', h.userEmail, (r) => r.requestUser.email),
  c.field('email', h.platformEmail),
  c.field('agencyName', h.agency),
  c.field('practiceName', h.practice),
  c.field('assetName', h.assetType),
  {
    ...c.date('expirationDate', h.accessDate, (r) => r.expirationDate),
    text: (r, dates) => dates.accessDate(r.beginningDate, r.expirationDate),
  },
  c.text('createdByName', h.createdBy, (r) => r.createdBy.fullName),
];

/** The CSV file's columns: the screen's, in its order, but the age (a reading of the clock). */
export const trackerCsvOrder: readonly string[] = trackerScreenColumns
  .map((column) => column.id)
  .filter((id) => id !== 'age');

/**
 * A tracker line as the export reads it (app names, SQL's 0/1 for flags): what the read worker
 * holds when it writes the line, so the CSV needs no row object built for it.
 */
export interface TrackerLine {
  requestId: number;
  statusName: string;
  recordStatus: string;
  requestTypeName: string;
  noApprovalPath: number | string;
  name: string | null;
  lastName: string | null;
  userEmail: string;
  email: string;
  regionName: string;
  marketName: string;
  agencyName: string;
  practiceName: string;
  platformName: string;
  clientName: string | null;
  assetName: string | null;
  clientAccountName: string | null;
  platformUserTypeName: string | null;
  beginningDate: string | null;
  expirationDate: string | null;
  creatorName: string | null;
  creatorLastName: string | null;
  createdDate: string;
  isOverdue: number | string;
}

type LineText = (line: TrackerLine, dates: ZoneFormatters) => string;

/** Each CSV column's cell, read from the flat line (the same text as the screen's column). */
const lineTexts: Readonly<Record<string, LineText>> = {
  requestId: (l) => String(l.requestId),
  status: (l) => l.statusName,
  requestUserName: (l) => fullName(l.name, l.lastName),
  platformName: (l) => l.platformName,
  clientName: (l) => l.clientName ?? '',
  clientAccountName: (l) => l.clientAccountName ?? '',
  platformUserTypeName: (l) => l.platformUserTypeName ?? '',
  createdDate: (l, dates) => dates.dateTime(l.createdDate),
  overdue: (l) => (Number(l.isOverdue) === 1 ? messages.overdue : ''),
  noApprovalPath: (l) => (Number(l.noApprovalPath) === 1 ? messages.noApprovalPath : ''),
  statusDescription: (l) => l.recordStatus,
  requestTypeName: (l) => l.requestTypeName,
  regionName: (l) => l.regionName,
  marketName: (l) => l.marketName,
  requestUserEmail: (l) => l.userEmail,
  email: (l) => l.email,
  agencyName: (l) => l.agencyName,
  practiceName: (l) => l.practiceName,
  assetName: (l) => l.assetName ?? '',
  expirationDate: (l, dates) => dates.accessDate(l.beginningDate, l.expirationDate),
  createdByName: (l) => fullName(l.creatorName, l.creatorLastName),
};

export interface TrackerLineColumn {
  id: string;
  header: string;
  text: LineText;
}

/** The tracker's CSV columns over its flat lines: the screen's headers, in `trackerCsvOrder`. */
export const trackerLineColumns: readonly TrackerLineColumn[] = trackerCsvOrder.map((id) => {
  const column = trackerScreenColumns.find((candidate) => candidate.id === id)!;
  const text = lineTexts[id];
  if (!text) {
    throw new Error(`Request Tracker: the CSV column '${id}' has no text over a line`);
  }
  return { id, header: column.header, text };
});
