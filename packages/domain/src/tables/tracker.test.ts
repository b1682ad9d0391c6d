import { describe, expect, it } from 'vitest';
import { zoneFormatters } from '../dates.ts';
import type { TrackerRow } from '../schemas/tracker.ts';
import { trackerTable } from './tracker.ts';
import { trackerLineColumns, type TrackerLine } from './tracker-lines.ts';

/** The line's place, access and dates: the same in the stored line and the row shown. */
const shared = {
  regionName: 'EMEA',
  marketName: 'France',
  agencyName: 'Agency One',
  practiceName: 'Search',
  platformName: 'Meta',
  clientName: 'Client A',
  assetName: 'Ad Account',
  clientAccountName: 'Account 7',
  platformUserTypeName: 'Admin',
  beginningDate: '2026-03-01T00:00:00.000Z',
  expirationDate: '2026-06-30T00:00:00.000Z',
};

/** One line as the export reads it, and the same line as the page's row. */
const line: TrackerLine = {
  requestId: 42,
  statusName: 'Completed',
  recordStatus: 'Active',
  requestTypeName: 'Add',
  noApprovalPath: 1,
  name: 'Ann',
  lastName: 'Lee',
  userEmail: 'ann.lee@agency.example',
  email: 'ann@platform.example',
  ...shared,
  creatorName: 'Bob',
  creatorLastName: 'Ray',
  createdDate: '2026-03-07T23:30:00.000Z',
  isOverdue: 1,
};

const row = {
  requestId: 42,
  status: { description: 'Completed' },
  statusDescription: 'Active',
  requestTypeName: 'Add',
  noApprovalPath: true,
  requestUser: { fullName: 'Ann Lee', email: 'ann.lee@agency.example' },
  email: 'ann@platform.example',
  ...shared,
  createdBy: { fullName: 'Bob Ray', email: 'bob@agency.example' },
  createdDate: '2026-03-07T23:30:00.000Z',
  isOverdue: true,
  waitingHours: null,
} as unknown as TrackerRow;

describe('the Request Tracker declaration', () => {
  it("writes its CSV with the screen's headers, in the screen's order, the age left out", () => {
    const screen = trackerTable.columns.filter((c) => c.isOnScreen).map((c) => c.header);
    expect(screen).toEqual([
      'Request ID',
      'Request Status',
      'User Name',
      'Platform',
      'Client',
      'Asset Name',
      'Platform User Type',
      'Created Date',
      'Age',
      'Overdue',
      'Approval Path',
      'Record Status',
      'Request Type',
      'Region',
      'Market',
      'User Primary Email',
      'User Platform Email',
      'Agency',
      'Practice',
      'Asset Type',
      'Access Date',
      'Created By',
    ]);
    const csv = screen.filter((header) => header !== 'Age');
    expect(trackerTable.csvColumns.map((c) => c.header)).toEqual(csv);
    expect(trackerLineColumns.map((c) => c.header)).toEqual(csv);
    expect(trackerLineColumns.map((c) => c.id)).toEqual(trackerTable.csvColumns.map((c) => c.id));
  });

  it("writes a line's cells as the screen writes its row's, dates in the caller's zone", () => {
    const dates = zoneFormatters('Pacific/Kiritimati');
    const fromLine = trackerLineColumns.map((c) => c.text(line, dates));
    expect(fromLine).toEqual(trackerTable.csvColumns.map((c) => c.text(row, dates)));
    expect(Object.fromEntries(trackerLineColumns.map((c, i) => [c.header, fromLine[i]]))).toMatchObject({
      'Request ID': '42',
      'User Name': 'Ann Lee',
      'Created By': 'Bob Ray',
      // 23:30 UTC is 13:30 the next day at UTC+14.
      'Created Date': '03-08-2026 01:30 PM',
      'Access Date': '03-01-2026 - 06-30-2026',
      Overdue: 'Overdue',
      'Approval Path': 'No approval path',
    });
  });
});
