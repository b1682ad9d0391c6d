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

type LineStatusSource = Pick<
  LineRow,
  'requestId' | 'statusId' | 'statusName' | 'requestTypeId' | 'requestTypeName'
>;

/** A line's id, status and request type, as every request answer shows them. */
export function presentLineStatus(row: LineStatusSource) {
  return {
    requestId: row.requestId,
    statusId: row.statusId,
    status: { description: row.statusName },
    requestTypeId: row.requestTypeId,
    requestTypeName: row.requestTypeName,
  };
}

type LineNamesSource = Pick<
  LineRow,
  | 'agencyName'
  | 'practiceName'
  | 'platformName'
  | 'clientName'
  | 'clientCodeName'
  | 'assetName'
  | 'clientAccountName'
  | 'platformUserTypeName'
>;

/**
 * The names of a line's agency, practice, platform, client, client code, asset, client account
 * and role, as every request answer shows them: '' for the ones a line may lack.
 */
export function presentLineNames(row: LineNamesSource) {
  return {
    agencyName: row.agencyName,
    practiceName: row.practiceName,
    platformName: row.platformName,
    clientName: row.clientName ?? '',
    clientCodeName: row.clientCodeName ?? '',
    assetName: row.assetName ?? '',
    clientAccountName: row.clientAccountName ?? '',
    platformUserTypeName: row.platformUserTypeName ?? '',
  };
}

/** A line's creator and subject (with the subject's profile) as read by `lineColumns` and `u`. */
interface LinePeopleSource {
  creatorName: string;
  creatorLastName: string;
  creatorEmail: string;
  userId: number;
  name: string;
  lastName: string;
  userEmail: string;
  title: string | null;
  organization: string | null;
  department: string | null;
  officeNumber: string | null;
  locationCountry: string | null;
}

/**
 * Who created a line and whom it is for, as an approval task and an activity log show them;
 * `profile` words a profile field the person may lack (kept null, or '').
 */
export function presentLinePeople<T>(row: LinePeopleSource, profile: (value: string | null) => T) {
  return {
    createdByUser: { fullName: fullName(row.creatorName, row.creatorLastName), email: row.creatorEmail },
    requestUser: {
      userId: row.userId,
      name: row.name,
      lastName: row.lastName,
      fullName: fullName(row.name, row.lastName),
      email: row.userEmail,
      title: profile(row.title),
      organization: profile(row.organization),
      department: profile(row.department),
      officeNumber: profile(row.officeNumber),
      locationCountry: profile(row.locationCountry),
    },
  };
}

/** The fields of spec 1 §3 "Request list item" every request table shares. */
export function presentListItem(row: ListItemSource, timeZone: string) {
  const isUnlimited = row.expirationDate === null;
  return Object.assign(
    presentLineStatus(row),
    {
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
      platformId: row.platformId,
    },
    presentLineNames(row),
    { platformUserTypeId: row.platformUserTypeId, createdDate: row.createdDate },
  );
}

interface LineCommentSource {
  id: number;
  requestId: number;
  comment: string;
  createdDate: string;
  name: string;
  lastName: string;
  email: string;
}

/** One comment of a line's comment history (leaver or provisioner comments), with its author. */
export function presentLineComment(row: LineCommentSource) {
  return {
    id: row.id,
    requestId: row.requestId,
    comment: row.comment,
    createdDate: row.createdDate,
    createdBy: { fullName: fullName(row.name, row.lastName), email: row.email },
  };
}

/** `row` with `keys` answering '' where the query found nothing (null): the optional names of a row. */
export function blankNulls<Row extends object, K extends keyof Row>(
  row: Row,
  keys: readonly K[],
): { [P in keyof Row]: P extends K ? Exclude<Row[P], null> | '' : Row[P] } {
  const out = Object.assign({}, row) as Record<PropertyKey, unknown>;
  for (const key of keys) {
    if (out[key] === null) {
      out[key] = '';
    }
  }
  return out as { [P in keyof Row]: P extends K ? Exclude<Row[P], null> | '' : Row[P] };
}
