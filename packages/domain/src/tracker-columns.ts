import { placeNameColumns } from './tables/line-headers.ts';

/**
 * The Request Tracker's column ids (orderBy and filter columns); the server refuses others.
 * Out of the schema modules: the tracker's screen checks an address's column against it without
 * building zod schemas.
 */
export const trackerColumns = [
  'requestId',
  'status',
  'statusDescription',
  'requestTypeName',
  'requestUserName',
  'requestUserEmail',
  'email',
  ...placeNameColumns,
  'assetName',
  'clientAccountName',
  'platformUserTypeName',
  'createdByName',
  'expirationDate',
  'createdDate',
  'overdue',
] as const;
