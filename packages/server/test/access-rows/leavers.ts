import type { Row } from './types.ts';

const reads = { none: 401, default: 403, admin: 200, auditor: 200, superAdmin: 200 };
/** The record named does not exist: admins and super admins reach the service and get 404. */
const writes = { none: 401, default: 403, admin: 404, superAdmin: 404 };

/** Access rows of Leavers User Records. */
export const leaverRows: Row[] = [
  {
    method: 'GET',
    route: '/api/Request/UserRecordsOfADInactiveUsers',
    url: '/api/Request/UserRecordsOfADInactiveUsers',
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/Request/UserRecordsOfADInactiveUsers',
    url: '/api/Request/UserRecordsOfADInactiveUsers',
    body: {},
    expect: reads,
  },
  {
    method: 'PUT',
    route: '/api/Request/UserRecordsOfADInactiveUsers/Filters',
    url: '/api/Request/UserRecordsOfADInactiveUsers/Filters',
    body: { column: 'platformDescription' },
    expect: reads,
  },
  {
    method: 'POST',
    route: '/api/Request/LeaverUserCommentRequest',
    url: '/api/Request/LeaverUserCommentRequest',
    body: { Comments: 'Checked with the manager.', RequestId: 99_999_999 },
    expect: writes,
  },
  {
    method: 'GET',
    route: '/api/Request/LeaverUserComments/:requestId',
    url: '/api/Request/LeaverUserComments/99999999',
    expect: { ...reads, admin: 404, auditor: 404, superAdmin: 404 },
  },
  {
    method: 'POST',
    route: '/api/Request/DeactivateLeaversRecord',
    url: '/api/Request/DeactivateLeaversRecord',
    body: { requests: [99_999_999], comment: 'User left the company' },
    expect: writes,
  },
];
