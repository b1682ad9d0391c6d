import { fullName, formatAccessDate, type MyRequestRow, type UserRecordRow } from '@uap/domain';
import type { CsvColumn } from '../../db/table-query.ts';
import type { LineRow } from './queries.ts';

type ListItemSource = Pick<
  LineRow,
  | 'requestId'
  | 'statusId'
  | 'statusName'
  | 'requestTypeId'
  | 'requestTypeName'
  | 'expirationDate'
  | 'beginningDate'
  | 'name'
  | 'lastName'
  | 'userEmail'
  | 'email'
  | 'regionName'
  | 'marketName'
  | 'agencyId'
  | 'agencyName'
  | 'practiceName'
  | 'platformId'
  | 'platformName'
  | 'clientName'
  | 'clientCodeName'
  | 'assetName'
  | 'clientAccountName'
  | 'platformUserTypeId'
  | 'platformUserTypeName'
  | 'createdDate'
>;

/** The fields of spec 1 §3 "Request list item" every request table shares. */
export function presentListItem(row: ListItemSource, timeZone: string) {
  const isUnlimited = row.expirationDate === null;
  return {
    requestId: row.requestId,
    statusId: row.statusId,
    status: { description: row.statusName },
    requestTypeId: row.requestTypeId,
    requestTypeName: row.requestTypeName,
    expirationDate: row.expirationDate,
    beginningDate: row.beginningDate,
    accessDate: formatAccessDate(row.beginningDate, row.expirationDate, timeZone),
    isAccessDate: !isUnlimited,
    isUnlimited,
    requestUser: { fullName: fullName(row.name, row.lastName), email: row.userEmail },
    email: row.email,
    regionName: row.regionName,
    marketName: row.marketName,
    agencyId: row.agencyId,
    agencyName: row.agencyName,
    practiceName: row.practiceName,
    platformId: row.platformId,
    platformName: row.platformName,
    clientName: row.clientName ?? '',
    clientCodeName: row.clientCodeName ?? '',
    assetName: row.assetName ?? '',
    clientAccountName: row.clientAccountName ?? '',
    platformUserTypeId: row.platformUserTypeId,
    platformUserTypeName: row.platformUserTypeName ?? '',
    createdDate: row.createdDate,
  };
}

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

/** A row of My Requests. */
export function presentMyRequest(row: LineRow, timeZone: string): MyRequestRow {
  return {
    ...presentListItem(row, timeZone),
    recordId: row.recordId,
    submissionId: row.submissionId,
    comments: row.comments ?? '',
    secondaryEmail: row.email === row.userEmail ? '' : row.email,
    isUrgent: row.isUrgent === 1,
    createdBy: { fullName: fullName(row.creatorName, row.creatorLastName), email: row.creatorEmail },
  };
}

/** The CSV columns of the User Access Overview export, in the screen's order. */
export function userRecordCsvColumns(timeZone: string): CsvColumn<LineRow>[] {
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
    { header: 'Access Date', value: (r) => formatAccessDate(r.beginningDate, r.expirationDate, timeZone) },
  ];
}
