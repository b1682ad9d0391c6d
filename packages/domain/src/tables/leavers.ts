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
    c.field('leaverUserComment', 'Leaver Comment', {
      isSortable: false,
      isFilterable: false,
    }),
    c.text('requestUserName', h.userName, (r) => fullName(r.requestUserName, r.requestUserLastName)),
    c.field('requestUserEmail', h.userEmail),
    c.field('email', h.platformEmail),
    c.field('roleName', h.role),
    c.field('userLocation', h.location),
    c.field('regionDescription', h.region),
    c.field('marketDescription', h.market),
    c.field('agencyDescription', h.agency),
    c.field('practiceDescription', h.practice),
    c.field('platformDescription', h.platform),
    c.field('clientDescription', h.client),
    c.field('assetName', h.assetType),
    c.field('clientAccountDescription', h.clientAccount),
    c.field('clientAccountAssetReference', h.assetReference),
    c.field('platformUserTypeDescription', h.platformUserType),
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
