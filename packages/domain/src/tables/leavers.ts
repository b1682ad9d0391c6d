import { fullName } from '../rules.ts';
import { leaverRecordList, type LeaverRecordList, type LeaverRecordRow } from '../schemas/leavers.ts';
import { columnsOf, declareTable } from './declare.ts';
import { lineHeader as h } from './line-headers.ts';

const c = columnsOf<LeaverRecordRow>();

/** Leavers User Records (spec 2 §2, §3 Leaver record): the records of users whose account is disabled. */
export const leaverRecordsTable = declareTable<LeaverRecordRow, LeaverRecordList>({
  path: '/api/Request/UserRecordsOfADInactiveUsers',
  title: 'Leavers User Records',
  csvFile: 'leaver-records.csv',
  list: leaverRecordList,
  listKey: 'records',
  rowId: (r) => r.requestId,
  columns: [
    c.number('requestId', h.recordId, (r) => r.requestId),
    c.text('leaverUserComment', 'Leaver Comment', (r) => r.leaverUserComment, {
      isSortable: false,
      isFilterable: false,
    }),
    c.text('requestUserName', h.userName, (r) => fullName(r.requestUserName, r.requestUserLastName)),
    c.text('requestUserEmail', h.userEmail, (r) => r.requestUserEmail),
    c.text('email', h.platformEmail, (r) => r.email),
    c.text('roleName', h.role, (r) => r.roleName),
    c.text('userLocation', h.location, (r) => r.userLocation),
    c.text('regionDescription', h.region, (r) => r.regionDescription),
    c.text('marketDescription', h.market, (r) => r.marketDescription),
    c.text('agencyDescription', h.agency, (r) => r.agencyDescription),
    c.text('practiceDescription', h.practice, (r) => r.practiceDescription),
    c.text('platformDescription', h.platform, (r) => r.platformDescription),
    c.text('clientDescription', h.client, (r) => r.clientDescription),
    c.text('assetName', h.assetType, (r) => r.assetName),
    c.text('clientAccountDescription', h.clientAccount, (r) => r.clientAccountDescription),
    c.text('clientAccountAssetReference', h.assetReference, (r) => r.clientAccountAssetReference),
    c.text('platformUserTypeDescription', h.platformUserType, (r) => r.platformUserTypeDescription),
    c.dateTime('createdDate', h.createdDate, (r) => r.createdDate),
    c.text('createdBy', h.createdBy, (r) => fullName(r.createdByUserName, r.createdByUserLastName), {
      isSortable: false,
      isFilterable: false,
    }),
    c.text('approver', h.approver, (r) => fullName(r.approverName, r.approverLastName), {
      isSortable: false,
      isFilterable: false,
    }),
    c.date('approvedDate', h.approvedDate, (r) => r.approvedDate),
    c.date('leftDate', 'Account Disabled', (r) => r.leftDate),
  ],
});
