import {
  approvalListQuery,
  approvalPage,
  type ApprovalPage,
  type ApprovalRow,
} from '../schemas/approvals.ts';
import { columnsOf, declareTable } from './declare.ts';
import { lineHeader as h } from './line-headers.ts';
import { taskLeadColumns } from './task-columns.ts';

const c = columnsOf<ApprovalRow>();

/** The archive's own columns (spec 2 §3): the line's status, the approver's comment and decision date. */
const archiveOnly = new Set(['status', 'approverComment', 'approvedDate']);

const columns = [
  ...taskLeadColumns<ApprovalRow>(),
  c.text('requestUserEmail', h.userEmail, (r) => r.requestUser.email),
  c.field('email', h.platformEmail),
  c.field('agencyName', h.agency),
  c.field('practiceName', h.practice),
  c.field('assetName', h.assetType),
  c.field('comments', 'Requestor Comments', { isFilterable: false }),
  c.text('createdByName', h.createdBy, (r) => r.createdByUser.fullName),
  c.dateTime('createdDate', h.createdDate, (r) => r.createdDate),
  c.field('approverComment', 'Approver Comment', { isFilterable: false }),
  c.dateTime('approvedDate', 'Decision Date', (r) => r.approvedDate),
  // Sorted and filtered by, not shown.
  c.field('regionName', h.region, { isOnScreen: false }),
  c.field('marketName', h.market, { isOnScreen: false }),
  c.field('clientCodeName', h.clientCode, { isOnScreen: false }),
  c.date('expirationDate', 'Expiration Date', (r) => r.expirationDate, { isOnScreen: false }),
];
const taskColumns = columns.filter((column) => !archiveOnly.has(column.id));

/**
 * My Approval Tasks and, with `archaic: true`, My Archive Approvals (spec 2 §3): the lines
 * routed to the caller, or the ones they decided, which also show status, comment and date.
 */
export const approvalsTable = declareTable<ApprovalRow, ApprovalPage>({
  path: '/api/Approvers/RequestList',
  title: 'My Approval Tasks',
  list: approvalPage,
  listKey: 'requests',
  rowId: (r) => r.requestId,
  body: approvalListQuery,
  hasExport: false,
  columns,
  columnsFor: (body) => (body.archaic === true ? columns : taskColumns),
});
