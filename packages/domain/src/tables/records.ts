import {
  userRecordsPage,
  userRecordsQuery,
  type UserRecordRow,
  type UserRecordsPage,
} from '../schemas/records.ts';
import { columnsOf, declareTable, type DeclaredColumn } from './declare.ts';
import { lineHeader as h, placeNameColumns } from './line-headers.ts';

/** What the access columns read: a user record, or a line of someone's existing access. */
export type AccessRow = Pick<
  UserRecordRow,
  | 'requestId'
  | 'status'
  | 'statusDescription'
  | 'requestTypeName'
  | 'requestUser'
  | 'email'
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
 * The columns of spec 1 §2.4 (User Access Overview), in its order, over any row that has them
 * (the overview's records, the existing access of New Request); ids are the server's columns.
 */
export function accessColumns<Row extends AccessRow>(): DeclaredColumn<Row>[] {
  const c = columnsOf<Row>();
  return [
    c.number('requestId', h.recordId, (r) => r.requestId),
    c.text('status', h.requestStatus, (r) => r.status.description),
    c.text('statusDescription', h.recordStatus, (r) => r.statusDescription),
    c.text('requestTypeName', h.requestType, (r) => r.requestTypeName),
    c.text('requestUserName', h.userName, (r) => r.requestUser.fullName),
    c.text('requestUserEmail', h.userEmail, (r) => r.requestUser.email),
    c.text('email', h.platformEmail, (r) => r.email),
    c.text('agencyName', h.agency, (r) => r.agencyName),
    c.text('practiceName', h.practice, (r) => r.practiceName),
    c.text('platformName', h.platform, (r) => r.platformName),
    c.text('clientName', h.client, (r) => r.clientName),
    c.text('clientCodeName', h.clientCode, (r) => r.clientCodeName),
    c.text('assetName', h.assetType, (r) => r.assetName),
    c.text('clientAccountName', h.clientAccount, (r) => r.clientAccountName),
    c.text('platformUserTypeName', h.platformUserType, (r) => r.platformUserTypeName),
  ];
}

const c = columnsOf<UserRecordRow>();

/**
 * User Access Overview (spec 1 §2.4): the subject's pending Add lines and access records. Its
 * CSV file also holds each line's region, market and access date, which the screen leaves out.
 */
export const userRecordsTable = declareTable<UserRecordRow, UserRecordsPage>({
  path: '/api/Request/UserRecords',
  title: 'User Access Overview',
  csvFile: 'user-records.csv',
  list: userRecordsPage,
  listKey: 'requests',
  rowId: (r) => r.requestId,
  body: userRecordsQuery,
  columns: [
    ...accessColumns<UserRecordRow>(),
    c.field('regionName', h.region, { isOnScreen: false }),
    c.field('marketName', h.market, { isOnScreen: false }),
    {
      ...c.date('expirationDate', h.accessDate, (r) => r.expirationDate, { isOnScreen: false }),
      text: (r, dates) => dates.accessDate(r.beginningDate, r.expirationDate),
    },
  ],
  csvOrder: [
    'requestId',
    'status',
    'statusDescription',
    'requestTypeName',
    'requestUserName',
    'requestUserEmail',
    'email',
    ...placeNameColumns,
    'clientCodeName',
    'assetName',
    'clientAccountName',
    'platformUserTypeName',
    'expirationDate',
  ],
});
