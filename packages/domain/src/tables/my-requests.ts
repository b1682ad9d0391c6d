import { idParam } from '../schemas/common.ts';
import { myRequestsPage, type MyRequestRow, type MyRequestsPage } from '../schemas/records.ts';
import { tableQuery } from '../schemas/table.ts';
import { columnsOf, declareTable } from './declare.ts';
import { lineHeader as h } from './line-headers.ts';

const c = columnsOf<MyRequestRow>();

/**
 * My Requests (spec 1 §2.5): the lines the caller created or is the subject of; `requestId` > 0
 * narrows them to that request's submission. Its filter menus are the User Access Overview's
 * endpoint, told apart by `source`.
 */
export const myRequestsTable = declareTable<MyRequestRow, MyRequestsPage>({
  path: '/api/Request/AllMyRequest',
  title: 'My Requests',
  list: myRequestsPage,
  listKey: 'requests',
  rowId: (r) => r.requestId,
  body: tableQuery.extend({ requestId: idParam.default(0) }),
  sharedFilters: { path: '/api/Catalogs/Filters/', body: { source: 'MyRequests' } },
  hasExport: false,
  columns: [
    c.number('requestId', h.requestId, (r) => r.requestId),
    c.text('status', h.requestStatus, (r) => r.status.description),
    c.text('requestTypeName', h.requestType, (r) => r.requestTypeName),
    c.text('requestUserName', h.userName, (r) => r.requestUser.fullName),
    c.text('requestUserEmail', h.userEmail, (r) => r.requestUser.email),
    c.text('secondaryEmail', 'Secondary Email', (r) => r.secondaryEmail, {
      isSortable: false,
      isFilterable: false,
    }),
    c.text('agencyName', h.agency, (r) => r.agencyName),
    c.text('platformName', h.platform, (r) => r.platformName),
    c.text('clientName', h.client, (r) => r.clientName),
    c.text('assetName', h.assetType, (r) => r.assetName),
    c.text('clientAccountName', h.clientAccount, (r) => r.clientAccountName),
    c.text('platformUserTypeName', h.platformUserType, (r) => r.platformUserTypeName),
    c.text('accessDate', h.accessDate, (r) => r.accessDate, { isSortable: false, isFilterable: false }),
    c.text('comments', 'Requestor Comments', (r) => r.comments, { isFilterable: false }),
    // Why a Rejected line was rejected (the approver's or provisioner's comment); empty otherwise.
    c.text('decisionComment', 'Decision Comment', (r) => r.decisionComment, { isFilterable: false }),
    c.dateTime('createdDate', h.createdDate, (r) => r.createdDate),
    // Sorted and filtered by, not shown.
    c.text('email', h.platformEmail, (r) => r.email, { isOnScreen: false }),
    c.text('regionName', h.region, (r) => r.regionName, { isOnScreen: false }),
    c.text('marketName', h.market, (r) => r.marketName, { isOnScreen: false }),
    c.text('practiceName', h.practice, (r) => r.practiceName, { isOnScreen: false }),
    c.text('clientCodeName', h.clientCode, (r) => r.clientCodeName, { isOnScreen: false }),
    c.date('expirationDate', 'Expiration Date', (r) => r.expirationDate, { isOnScreen: false }),
    c.text('createdByName', h.createdBy, (r) => r.createdBy.fullName, { isOnScreen: false }),
  ],
});
