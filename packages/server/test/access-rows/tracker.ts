import type { Row } from './types.ts';

/** Provisioner level and above, the read-only auditor included (tracker and log reads). */
const provisionerReads = {
  none: 401,
  default: 403,
  provisioner: 200,
  admin: 200,
  auditor: 200,
  superAdmin: 200,
};
/** A request nobody may see: refused by role first, then not found. */
const missingLog = { none: 401, default: 403, provisioner: 404, admin: 404, auditor: 404, superAdmin: 404 };

/** Access rows of the Request Tracker, activity log and role details endpoints. */
export const trackerRows: Row[] = [
  {
    method: 'PUT',
    route: '/api/Request/AllRequests',
    url: '/api/Request/AllRequests',
    body: { pageSize: 5 },
    expect: provisionerReads,
  },
  {
    method: 'PUT',
    route: '/api/Request/AllRequests/Filters',
    url: '/api/Request/AllRequests/Filters',
    body: { column: 'status' },
    expect: provisionerReads,
  },
  {
    method: 'PUT',
    route: '/api/Request/AllRequests/Export',
    url: '/api/Request/AllRequests/Export',
    body: { filters: [{ column: 'requestId', values: ['1'] }] },
    expect: provisionerReads,
  },
  {
    method: 'GET',
    route: '/api/Request/Logs/:logId',
    url: '/api/Request/Logs/99999999',
    expect: missingLog,
  },
  {
    method: 'GET',
    route: '/api/Request/Logs/:logId/History',
    url: '/api/Request/Logs/99999999/History?pageSize=5',
    expect: missingLog,
  },
  {
    method: 'GET',
    route: '/api/Request/Logs/:logId/Pdf',
    url: '/api/Request/Logs/99999999/Pdf',
    expect: missingLog,
  },
  {
    method: 'GET',
    route: '/api/Approvers',
    url: '/api/Approvers?onlyMe=true',
    expect: { none: 401, default: 200, standard: 403 },
  },
  {
    method: 'GET',
    route: '/api/Approvers/GetMasterApprover',
    url: '/api/Approvers/GetMasterApprover?onlyMe=true',
    expect: { none: 401, default: 200, standard: 403, approver: 403 },
  },
  {
    method: 'PUT',
    route: '/api/Approvers/Assignments',
    url: '/api/Approvers/Assignments',
    body: { onlyMe: true, pageSize: 5 },
    expect: { none: 401, default: 200, standard: 403 },
  },
  {
    method: 'PUT',
    route: '/api/Approvers/Assignments/Filters',
    url: '/api/Approvers/Assignments/Filters',
    body: { onlyMe: true, column: 'platformName' },
    expect: { none: 401, default: 200, standard: 403 },
  },
  {
    method: 'PUT',
    route: '/api/Approvers/MasterApprovers',
    url: '/api/Approvers/MasterApprovers',
    body: { onlyMe: true, pageSize: 5 },
    expect: { none: 401, default: 200, standard: 403, approver: 403 },
  },
  {
    method: 'PUT',
    route: '/api/Approvers/MasterApprovers/Filters',
    url: '/api/Approvers/MasterApprovers/Filters',
    body: { onlyMe: true, column: 'regionName' },
    expect: { none: 401, default: 200, standard: 403, approver: 403 },
  },
];
