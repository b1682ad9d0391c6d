import type { Row } from './types.ts';

/** Approver level and above read the approval lists (the read-only auditor too). */
const approverRead = { none: 401, default: 200, standard: 403 };

/** Access rows of the approval endpoints. */
export const approvalRows: Row[] = [
  {
    method: 'GET',
    route: '/api/Approvers/RequestList',
    url: '/api/Approvers/RequestList?pageSize=5',
    expect: approverRead,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/RequestList',
    url: '/api/Approvers/RequestList',
    body: { pageSize: 5, archaic: true },
    expect: approverRead,
  },
  {
    method: 'PUT',
    route: '/api/Approvers/RequestList/Filters',
    url: '/api/Approvers/RequestList/Filters',
    body: { column: 'platformName' },
    expect: approverRead,
  },
  {
    method: 'GET',
    route: '/api/Approvers/RequestDetail/:requestId',
    url: '/api/Approvers/RequestDetail/99999999',
    // Nobody may decide a request that does not exist.
    expect: { none: 401, default: 404, standard: 403 },
  },
  {
    method: 'PATCH',
    route: '/api/Approvers/ApproveRejectRequest',
    url: '/api/Approvers/ApproveRejectRequest',
    body: { isApproved: true, comments: 'Looks right', requestIds: [99_999_999] },
    expect: { none: 401, default: 404, standard: 403, auditor: 403 },
  },
];
