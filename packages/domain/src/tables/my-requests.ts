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
    c.field('requestTypeName', h.requestType),
    c.text('requestUserName', h.userName, (r) => r.requestUser.fullName),
    c.text('requestUserEmail', h.userEmail, (r) => r.requestUser.email),
    c.field('secondaryEmail', 'Secondary Email', {
      isSortable: false,
      isFilterable: false,
    }),
    c.field('agencyName', h.agency),
    c.field('platformName', h.platform),
    c.field('clientName', h.client),
    c.field('assetName', h.assetType),
    c.field('clientAccountName', h.clientAccount),
    c.field('platformUserTypeName', h.platformUserType),
    c.field('accessDate', h.accessDate, { isSortable: false, isFilterable: false }),
    c.field('comments', 'Requestor Comments', { isFilterable: false }),
    // Why a Rejected line was rejected (the approver's or provisioner's comment); empty otherwise.
    c.field('decisionComment', 'Decision Comment', { isFilterable: false }),
    c.dateTime('createdDate', h.createdDate, (r) => r.createdDate),
    // Sorted and filtered by, not shown.
    c.field('email', h.platformEmail, { isOnScreen: false }),
    c.field('regionName', h.region, { isOnScreen: false }),
    c.field('marketName', h.market, { isOnScreen: false }),
    c.field('practiceName', h.practice, { isOnScreen: false }),
    c.field('clientCodeName', h.clientCode, { isOnScreen: false }),
    c.date('expirationDate', 'Expiration Date', (r) => r.expirationDate, { isOnScreen: false }),
    c.text('createdByName', h.createdBy, (r) => r.createdBy.fullName, { isOnScreen: false }),
  ],
});
