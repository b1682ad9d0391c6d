import { fullName, zoneFormatters, type UserRecordRow } from '@uap/domain';
import type { CsvColumn } from '../../db/csv-text.ts';
import type { LineRow } from '../request-lines/lists.ts';
import { presentListItem } from '../request-lines/present.ts';

/** A row of the User Access Overview. */
export function presentUserRecord(row: LineRow, timeZone: string): UserRecordRow {
  return {
    ...presentListItem(row, timeZone),
    userId: row.userId,
    isAgencyAccessWithoutAssets: row.assetIsSystemRecord === 1 && row.clientAccountId === null,
    statusDescription: row.recordStatus,
    recordId: row.requestId,
    isDeleted: row.isDeleted === 1,
    hasPendingChange: row.pendingChangeRequestId !== null,
    pendingChangeRequestId: row.pendingChangeRequestId,
  };
}

/** The CSV columns of the User Access Overview export, in the screen's order. */
export function userRecordCsvColumns(timeZone: string): CsvColumn<LineRow>[] {
  const dates = zoneFormatters(timeZone);
  return [
    { header: 'Record ID', value: (r) => r.requestId },
    { header: 'Request Status', value: (r) => r.statusName },
    { header: 'Record Status', value: (r) => r.recordStatus },
    { header: 'Request Type', value: (r) => r.requestTypeName },
    { header: 'User Name', value: (r) => fullName(r.name, r.lastName) },
    { header: 'User Primary Email', value: (r) => r.userEmail },
    { header: 'User Platform Email', value: (r) => r.email },
    { header: 'Region', value: (r) => r.regionName },
    { header: 'Market', value: (r) => r.marketName },
    { header: 'Agency', value: (r) => r.agencyName },
    { header: 'Practice', value: (r) => r.practiceName },
    { header: 'Platform', value: (r) => r.platformName },
    { header: 'Client', value: (r) => r.clientName },
    { header: 'Client Code', value: (r) => r.clientCodeName },
    { header: 'Asset Type', value: (r) => r.assetName },
    { header: 'Asset Name', value: (r) => r.clientAccountName },
    { header: 'Platform User Type', value: (r) => r.platformUserTypeName },
    { header: 'Access Date', value: (r) => dates.accessDate(r.beginningDate, r.expirationDate) },
  ];
}
