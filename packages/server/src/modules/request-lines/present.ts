import { fullName, keptZoneFormatters } from '@uap/domain';
import type { LineRow } from './lists.ts';

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
    accessDate: keptZoneFormatters(timeZone).accessDate(row.beginningDate, row.expirationDate),
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
